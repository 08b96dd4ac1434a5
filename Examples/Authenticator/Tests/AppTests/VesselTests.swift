@testable import AuthenticatorApp
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing

/// The app's container on disk: first launch, later launches, a damaged file.
@Suite("Vessel", .timeLimit(.minutes(1)))
struct VesselTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vessel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("First launch has no vault; the next launch finds it locked, and it unlocks")
    func launches() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let vessel = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
            #expect(vessel.appState.read { $0.lock } == .noVault)
            try await vessel.createVaultAction("long passphrase", "long passphrase")
            _ = try await vessel.addAccountAction(Samples.github)
        }
        let vessel = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
        #expect(vessel.appState.read { $0.lock } == .locked)
        try await vessel.unlockVaultAction("long passphrase")
        #expect(vessel.appState.read { $0.accounts }.value?.map(\.account) == [Samples.github])
        #expect(vessel.clock.now().timeIntervalSinceNow.magnitude < 60, "the device clock")
    }

    @Test("A damaged vault file is set aside, kept, and reported; a new vault starts")
    func damaged() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = Data("this is not a database, but it is someone's data".utf8)
        try garbage.write(to: Vessel.vaultFile(in: directory))
        let vessel = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
        let notice = try #require(vessel.appState.read { $0.system.notice })
        guard case .damagedFileSetAside(let name) = notice else {
            Issue.record("unexpected notice \(notice)")
            return
        }
        #expect(try Data(contentsOf: directory.appendingPathComponent(name)) == garbage)
        #expect(vessel.appState.read { $0.lock } == .noVault)
    }

    @Test("The mocked phase keeps nothing on disk and starts without a vault")
    func mocked() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vessel = try await Vessel(phase: .mocked, dataDirectory: directory, logbook: MemoryLogbook())
        #expect(vessel.appState.read { $0.lock } == .noVault)
        try await vessel.createVaultAction("long passphrase", "long passphrase")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("The idle watch locks an idle vault by itself")
    func idleWatch() async throws {
        let vessel = try await Vessel(
            phase: .mocked, dataDirectory: FileManager.default.temporaryDirectory, idleCheckInterval: .milliseconds(20),
            logbook: MemoryLogbook())
        try await vessel.createVaultAction("long passphrase", "long passphrase")
        try await vessel.applySettingsAction(VaultSettings(autoLockMinutes: 1))
        // Make the last activity an hour ago: the next check locks.
        vessel.deck.store.update(at: { $0.system.lastActivity }) { $0 = Date(timeIntervalSinceNow: -3_600) }
        for await lock in vessel.appState.values({ $0.lock }) where lock == .locked { break }
        #expect(vessel.appState.read { $0.lock } == .locked)
    }

    @Test("The default data directory follows XDG on Linux")
    func dataDirectory() {
        #if os(Linux)
        #expect(Vessel.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/xdg"]).path == "/xdg/keel-authenticator")
        #expect(Vessel.defaultDataDirectory(environment: ["HOME": "/home/ada"]).path == "/home/ada/.local/share/keel-authenticator")
        #endif
    }
}
