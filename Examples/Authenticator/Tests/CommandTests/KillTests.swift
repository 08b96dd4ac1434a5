import Foundation
import Testing

/// Processes killed with SIGKILL at random moments (no chance to clean up, as a
/// crash or a power cut): the vault always opens with exactly one passphrase,
/// every account is whole or absent, an unlock killed counts for nothing, and
/// the newest automatic backup always opens with its password.
///
/// Each moment is drawn between two bounds measured on a whole run of the same
/// command, so that most kills land inside its work; the seed of the moments
/// is in every message, to replay a failure.
@Suite("Processes killed at random moments", .serialized, .timeLimit(.minutes(5)))
struct KillTests {
    static let passphrase = "killed processes passphrase"
    /// A fixed moment for every run: the delay after wrong passphrases is then exact.
    static let time = ["--time", "1800000000"]

    /// A command line with a vault created in it; its arguments.
    static func vault(_ command: CommandLine) async throws -> [String] {
        let arguments = [
            "--data-dir", command.directory.appendingPathComponent("vault").path,
            "--passphrase-file", try command.file("passphrase", Self.passphrase),
        ]
        let created = try await command.run(["init"] + arguments)
        #expect(created.status == 0, "\(created.errors)")
        return arguments
    }

    /// How long a whole run of `arguments` takes.
    static func duration(of arguments: [String], in command: CommandLine) async throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await command.run(arguments)
        #expect(outcome.status == 0, "\(outcome.errors)")
        return clock.now - start
    }

    /// Starts `arguments`, kills it at a moment drawn from `moments` within `window`, and returns how it ended.
    static func kill(
        _ arguments: [String], in command: CommandLine, within window: ClosedRange<Duration>, moments: inout SeededMoments
    ) async throws -> CommandLine.Outcome {
        // Killed at a random moment, a run may be writing its coverage profile
        // as it exits, so it writes none: one half written among those
        // `swift test --enable-code-coverage` merges fails the whole run.
        let run = try command.start(arguments, environment: ["LLVM_PROFILE_FILE": "/dev/null"])
        // The moment to kill at: the point of the test, not a wait for a state.
        try await Task.sleep(for: moments.next(between: window.lowerBound, and: window.upperBound))
        run.kill()
        return try await run.wait()
    }

    @Test("A command killed while it unlocks counts no wrong passphrase: the delay does not grow")
    func killedUnlocks() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command)
        let list = ["list"] + Self.time + vault
        var whole = try await Self.duration(of: list, in: command)
        var moments = SeededMoments()
        var killed = 0
        // Runs until four were killed mid-run: a run that ended before its
        // moment (a machine less busy than when `whole` was measured) makes
        // the next moments earlier, so that the kills land in the unlock.
        for _ in 0..<40 where killed < 4 {
            let outcome = try await Self.kill(list, in: command, within: whole * 0.15...whole * 0.9, moments: &moments)
            if outcome.killed { killed += 1 } else { whole = whole * 0.7 }
        }
        #expect(killed >= 4, "runs were killed (seed \(moments.seed))")
        // Three wrong passphrases cost nothing; were a killed unlock counted, a fourth failure would make the right one wait.
        let wrong = ["list"] + Self.time + ["--data-dir", vault[1], "--passphrase-file", try command.file("wrong", "not the passphrase")]
        for _ in 0..<3 {
            #expect(try await command.run(wrong).errors.contains("does not unlock the vault"))
        }
        let right = try await command.run(list)
        #expect(right.status == 0, "seed \(moments.seed): \(right.errors)")
    }

    @Test("Adds killed at random moments: the vault always opens, and every account is whole or absent")
    func killedAdds() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command)
        func add(_ index: Int) throws -> [String] {
            ["add", try command.file("link-\(index).txt", TestAccounts.link(index, issuer: "K\(index)") + "\n")] + vault
        }
        let whole = try await Self.duration(of: try add(0), in: command)
        var present = ["K0"]
        var moments = SeededMoments()
        for index in 1...10 {
            let outcome = try await Self.kill(try add(index), in: command, within: .zero...whole * 1.1, moments: &moments)
            let listed = try await command.run(["list"] + Self.time + vault)
            #expect(listed.status == 0, "seed \(moments.seed): \(listed.errors)")
            let issuers = TestAccounts.rows(listed.output).map { $0[3] }
            let added = present + ["K\(index)"]
            if outcome.killed {
                #expect(issuers == present || issuers == added, "seed \(moments.seed): \(issuers)")
            } else {
                #expect(issuers == added, "seed \(moments.seed): \(issuers)")
            }
            present = issuers
        }
    }

    @Test("Imports of 500 accounts killed at random moments: all 500 or none, every time")
    func killedImports() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command)
        func batch(_ number: Int) throws -> [String] {
            let links = (0..<500).map { TestAccounts.link($0, batch: number, issuer: "B\(number)") }.joined(separator: "\n")
            return ["import", try command.file("batch-\(number).txt", links + "\n")] + vault
        }
        let whole = try await Self.duration(of: try batch(0), in: command)
        var count = 500
        var moments = SeededMoments()
        for number in 1...6 {
            let outcome = try await Self.kill(try batch(number), in: command, within: .zero...whole * 1.1, moments: &moments)
            let listed = try await command.run(["list"] + Self.time + vault)
            #expect(listed.status == 0, "seed \(moments.seed): \(listed.errors)")
            let rows = TestAccounts.rows(listed.output)
            #expect(rows.count == count || rows.count == count + 500, "seed \(moments.seed): \(rows.count) accounts")
            #expect(outcome.killed || rows.count == count + 500)
            #expect(Set(rows.map { $0[3] }).allSatisfy { $0.hasPrefix("B") })
            count = rows.count
        }
    }

    @Test("Passphrase changes killed at random moments: the vault always opens with exactly one of the two")
    func killedPassphraseChanges() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command)
        let data = vault[1]
        let passphrases = try (0..<2).map { try command.file("passphrase-\($0)", "passphrase number \($0)!") }
        var current = vault[3]
        func change(to new: String) -> [String] {
            ["passwd", "--data-dir", data, "--passphrase-file", current, "--new-passphrase-file", new]
        }
        let whole = try await Self.duration(of: change(to: passphrases[0]), in: command)
        current = passphrases[0]
        var moments = SeededMoments()
        for _ in 1...8 {
            let next = current == passphrases[0] ? passphrases[1] : passphrases[0]
            let outcome = try await Self.kill(change(to: next), in: command, within: .zero...whole * 1.1, moments: &moments)
            let opens = try await [current, next].asyncMap { file in
                try await command.run(["list", "--data-dir", data, "--passphrase-file", file] + Self.time).status == 0
            }
            #expect(opens.filter { $0 }.count == 1, "seed \(moments.seed): \(opens)")
            #expect(outcome.killed || opens == [false, true])
            if opens == [false, true] { current = next }
        }
    }

    @Test("Adds killed at random moments while backups are written: the newest backup always opens and holds whole accounts")
    func killedBackups() async throws {
        let command = try CommandLine()
        defer { command.removeAll() }
        let vault = try await Self.vault(command)
        let folder = command.directory.appendingPathComponent("backups")
        let password = "backups password"
        let passwordFile = try command.file("backup-password", password)
        let on = try await command.run(["backup", "--folder", folder.path, "--keep", "4", "--password-file", passwordFile] + vault)
        #expect(on.status == 0, "\(on.errors)")
        func add(_ index: Int) throws -> [String] {
            ["add", try command.file("link-\(index).txt", TestAccounts.link(index, issuer: "K\(index)") + "\n")] + vault
        }
        let whole = try await Self.duration(of: try add(0), in: command)
        var moments = SeededMoments()
        var newestSeen = 0
        for index in 1...16 {
            if index % 4 == 0 {
                // Now and then an add runs to its end, so that the backups move on between the kills.
                let outcome = try await command.run(try add(index))
                #expect(outcome.status == 0 && !outcome.errors.contains("backup failed"), "\(outcome.errors)")
            } else {
                // Most of an add's time is its backup (encrypting, reading back): the kills aim there.
                _ = try await Self.kill(try add(index), in: command, within: whole * 0.35...whole * 1.05, moments: &moments)
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasPrefix("authenticator-backup-") && $0.hasSuffix(".aegis.json") }.sorted()
            #expect(names.count >= 1 && names.count <= 5, "seed \(moments.seed): \(names)")
            for name in names {
                let size = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)[.size] as? Int
                #expect((size ?? 0) > 0, "seed \(moments.seed): \(name) is empty")
            }
            let newest = try #require(names.last)
            let read = try await command.start(
                ["read", folder.appendingPathComponent(newest).path, password], named: "authenticator-aegis-compat").wait()
            #expect(read.status == 0, "seed \(moments.seed): the newest backup \(newest) does not open: \(read.errors)")
            let accounts = try JSONSerialization.jsonObject(with: Data(read.output.utf8)) as? [[String: Any]] ?? []
            // Whole accounts, each with its own secret, in the order added (an add killed
            // before it saved leaves a gap); never one beyond the add that ran.
            let numbers = accounts.compactMap { ($0["issuer"] as? String).flatMap { Int($0.dropFirst()) } }
            #expect(numbers.count == accounts.count && numbers == numbers.sorted() && numbers.first == 0, "seed \(moments.seed): \(numbers)")
            #expect((numbers.last ?? 0) <= index && numbers.count >= newestSeen, "seed \(moments.seed): \(numbers)")
            if index % 4 == 0 { #expect(numbers.last == index, "a finished add's backup is the newest") }
            for (number, account) in zip(numbers, accounts) {
                #expect(account["secret"] as? String == TestAccounts.secret(number), "seed \(moments.seed)")
                #expect(account["name"] as? String == "n\(number)", "seed \(moments.seed)")
            }
            let issuers = numbers
            newestSeen = issuers.count
        }
        #expect(newestSeen >= 5, "the adds run to their end were backed up (seed \(moments.seed))")
    }
}

extension Array {
    /// The results of `transform` on each element, one after another.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
