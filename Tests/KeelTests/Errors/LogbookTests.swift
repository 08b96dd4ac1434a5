import Keel
import KeelTesting
import Testing

@Suite("Fizzle and Logbook", .timeLimit(.minutes(1)))
struct LogbookTests {
    @Test("fizzles compare by type and value")
    func fizzleEquality() {
        let fizzle: any Fizzle = SampleFizzle(message: "a")
        #expect(fizzle.isEqual(to: SampleFizzle(message: "a")))
        #expect(!fizzle.isEqual(to: SampleFizzle(message: "b")))
        #expect(!fizzle.isEqual(to: OtherFizzle(message: "a")))
        #expect(UnexpectedFizzle().message == "Something went wrong. Please try again.")
        #expect(UnexpectedFizzle(message: "Custom").message == "Custom")
    }

    @Test("an entry keeps the error's description, the context and the place")
    func entries() {
        struct DiskFull: Error, CustomStringConvertible { var description: String { "disk full" } }
        let logbook = MemoryLogbook()
        logbook.record(DiskFull(), context: "Saving countries")
        let entry = logbook.entries[0]
        #expect(entry.error == "disk full")
        #expect(entry.context == "Saving countries")
        #expect(entry.file.hasSuffix("LogbookTests.swift"))
        #expect(entry.description.hasPrefix("Saving countries: disk full ("))
    }

    @Test("the console logbook writes one line: label, context, error and place")
    func otherLogbooks() {
        struct Minor: Error, CustomStringConvertible { var description: String { "minor trouble" } }
        let entry = LogbookEntry(error: Minor(), context: "Checking the console logbook", file: "Keel/File.swift", line: 7)
        #expect(ConsoleLogbook(label: "test").line(for: entry) == "[test] Checking the console logbook: minor trouble (Keel/File.swift:7)\n")
        #expect(ConsoleLogbook().line(for: entry).hasPrefix("[keel] "))
    }
}
