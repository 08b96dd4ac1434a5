import Foundation

/// A timeline saved as a test: a Swift Testing file that replays it, for
/// the app's test target as it is ("Save as test" in both viewers).
///
/// The file holds the timeline's JSON and one test that hands it to
/// `replayRecorded(_:)`, a function the app's test target defines once (it
/// builds the container and sends each event to its screen, with
/// KeelTesting's `TimelineReplay`). So the file names nothing of the app,
/// and compiles in its test target without a change.
public struct TimelineTestFile: Sendable, Equatable {
    /// The file's name: `ReplayedSession20261129T005308.swift`.
    public let name: String
    /// The file's Swift source.
    public let source: String

    /// The test file of `timeline`, saved at `date` (which names the test).
    public init(_ timeline: Timeline, savedAt date: Date = Date()) {
        let stamp = date.formatted(Date.VerbatimFormatStyle(
            format: "\(year: .defaultDigits)\(month: .twoDigits)\(day: .twoDigits)T\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased))\(minute: .twoDigits)\(second: .twoDigits)",
            timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
        let json = String(decoding: timeline.json(), as: UTF8.self)
        // A raw string literal whose delimiter appears nowhere in the JSON: one `#` more than its longest run.
        let longestRun = json.split(whereSeparator: { $0 != "#" }).map(\.count).max() ?? 0
        let hashes = String(repeating: "#", count: longestRun + 1)
        let lines = json.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")
        name = "ReplayedSession\(stamp).swift"
        source = """
            // A session recorded by the app's timeline and saved as a test
            // (\(stamp), UTC). It replays the session's events and fails at the first
            // update that differs from the recorded one. `replayRecorded(_:)` is the
            // test target's: it builds the container and sends each event to its
            // screen (KeelTesting's TimelineReplay).
            import Testing

            @Test("the session saved at \(stamp) replays as it was recorded", .timeLimit(.minutes(1)))
            func replaysSession\(stamp)() async throws {
                try await replayRecorded(\(hashes)\"""
            \(lines)
                    \"""\(hashes))
            }

            """
    }
}

extension Timeline {
    /// The timeline as a test file that replays it (``TimelineTestFile``).
    public func testFile(savedAt date: Date = Date()) -> TimelineTestFile { TimelineTestFile(self, savedAt: date) }
}
