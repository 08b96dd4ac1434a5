import Foundation
import Keel
import KeelTimeline
import Testing

@Suite("Save as test: a timeline in a Swift Testing file that replays it", .timeLimit(.minutes(1)))
struct TimelineTestFileTests {
    enum Event: Codable, Sendable {
        case search(String)
    }

    /// A timeline whose JSON holds what a raw string literal must not end at
    /// or interpolate: quotes before a `#`, and `\#(`.
    func trickyTimeline() -> Timeline {
        let store = MutableStore(["start"], timeline: 10)
        store.readOnly.record(Event.search(###"a "## \#(b) \##(c) """# d"###), from: "List")
        store.update { $0.append(##"\#(x)"##) }
        return store.timeline
    }

    @Test("the file is named by the time it was saved, and holds the JSON whole, in a literal no content can end")
    func shape() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
        let timeline = trickyTimeline()
        let file = timeline.testFile(savedAt: date)
        #expect(file.name == "ReplayedSession20261118T110640.swift")
        #expect(file.source.contains("func replaysSession20261118T110640() async throws {"))
        #expect(file.source.contains(#"try await replayRecorded(###""""#))
        #expect(file.source.contains("\"\"\"###)"))
        // The JSON, read back from between the delimiters, is the timeline's.
        let body = try #require(file.source.firstMatch(of: /replayRecorded\(###"""\n(?<json>[\s\S]*)\n\s*"""###\)/)?.json)
        let json = body.split(separator: "\n").map { $0.dropFirst(8) }.joined(separator: "\n")
        #expect(json == String(decoding: timeline.json(), as: UTF8.self))
    }

    @Test("the file type-checks beside the test target's replayRecorded(_:), without a change")
    func compiles() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "keel-test-file-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = trickyTimeline().testFile()
        try file.source.write(to: directory.appending(path: file.name), atomically: true, encoding: .utf8)
        try "func replayRecorded(_ json: String) async throws {}\n"
            .write(to: directory.appending(path: "Replay.swift"), atomically: true, encoding: .utf8)
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["swiftc", "-typecheck", "-swift-version", "6", file.name, "Replay.swift"]
        compiler.currentDirectoryURL = directory
        let output = Pipe()
        compiler.standardError = output
        try compiler.run()
        let diagnostics = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        compiler.waitUntilExit()
        #expect(compiler.terminationStatus == 0, "\(diagnostics)")
    }
}
