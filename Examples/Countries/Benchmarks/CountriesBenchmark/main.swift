import CountriesApp
import CountriesData
import CountriesDomain
import CountriesPresentation
import Foundation
import Keel

// Countries benchmarks: the figures the reference app must keep.
//
//     swift run -c release --package-path Examples/Countries CountriesBenchmark [--quick]
//
// decode      the ≈250-country snapshot, read and decoded into entities
// seed        first launch: saving the snapshot into a new database file
// cold start  container creation to the first list state with 250 countries,
//             from an existing database
// keystroke   one search keystroke: the search usecase, then the list sections

// An error is printed and ends the run with a non-zero status; it never traps.

let quick = CommandLine.arguments.contains("--quick")
let runs = quick ? 5 : 30

struct Row {
    let name: String
    let budget: Double
    let samples: [Double]

    var sorted: [Double] { samples.sorted() }
    var median: Double { sorted.count.isMultiple(of: 2) ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2 : sorted[sorted.count / 2] }
}

func milliseconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("countries-bench-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

func format(_ value: Double) -> String {
    String(format: "%.3f", value)
}

/// Waits until the vessel's country list holds `count` countries.
func waitForList(of vessel: Vessel, count: Int) async {
    var lists = vessel.appState.values { $0.countries }.makeAsyncIterator()
    while let list = await lists.next(), list.value?.count != count {}
}

/// Runs every measure; an error ends the run.
func measure() async throws -> [Row] {
    let logbook = SilentLogbook()
    var rows: [Row] = []

    // Decode. A new worker each run: a worker keeps what it decoded.
    var samples: [Double] = []
    var snapshot: [Country] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        snapshot = try CountryBundleWorker(logbook: logbook).countries()
        samples.append(milliseconds(since: start))
    }
    rows.append(Row(name: "decode \(snapshot.count) countries", budget: 20, samples: samples))

    // Seed.
    samples = []
    for _ in 0..<runs {
        let directory = temporaryDirectory()
        let database = try CountryDatabaseWorker(file: directory.appendingPathComponent("countries.sqlite"), logbook: logbook)
        let start = DispatchTime.now().uptimeNanoseconds
        try await database.save(snapshot)
        samples.append(milliseconds(since: start))
        try? FileManager.default.removeItem(at: directory)
    }
    rows.append(Row(name: "seed a new database with \(snapshot.count)", budget: 100, samples: samples))

    // Cold start.
    let existing = temporaryDirectory()
    // Seed the database once, and release it before the measured launches.
    _ = try await Vessel(phase: .bundled, dataDirectory: existing, logbook: logbook)
    samples = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        let vessel = try await Vessel(phase: .bundled, dataDirectory: existing, logbook: logbook)
        let following = Task { await vessel.followCountriesQuery() }
        await waitForList(of: vessel, count: snapshot.count)
        samples.append(milliseconds(since: start))
        // The query ends before the next launch opens the same database.
        following.cancel()
        await following.value
    }
    rows.append(Row(name: "cold start to \(snapshot.count) countries", budget: 50, samples: samples))

    // Keystroke.
    let vessel = try await Vessel(phase: .bundled, dataDirectory: existing, logbook: logbook)
    let following = Task { await vessel.followCountriesQuery() }
    await waitForList(of: vessel, count: snapshot.count)
    let keystrokes = ["k", "ko", "kor", "한", "한국", "s", "sü", "süd", "c", "co", "cor", "coré", "corée"]
    samples = []
    var searchOnly: [Double] = []
    for run in 0..<(runs * 4) {
        let text = keystrokes[run % keystrokes.count]
        let start = DispatchTime.now().uptimeNanoseconds
        let codes = try await vessel.searchCountriesAction(text)
        searchOnly.append(milliseconds(since: start))
        let sections = SectionBuilder.sections(
            countries: vessel.appState.read { $0.countries }.value ?? [], matches: codes,
            showsRegion: true, language: .english)
        samples.append(milliseconds(since: start))
        guard !sections.isEmpty else { throw BenchmarkFailure("the keystroke \"\(text)\" matched nothing") }
    }
    rows.append(Row(name: "keystroke: search usecase (database)", budget: 1, samples: searchOnly))
    rows.append(Row(name: "keystroke: search + list sections", budget: 1, samples: samples))
    following.cancel()
    await following.value
    try? FileManager.default.removeItem(at: existing)

    return rows
}

/// A measure that could not be made.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

let rows: [Row]
do {
    rows = try await measure()
} catch {
    FileHandle.standardError.write(Data("CountriesBenchmark: \(error)\n".utf8))
    exit(1)
}

print("Countries benchmarks — \(ProcessInfo.processInfo.processorCount) cores, \(runs) runs, milliseconds")
print()
print("| measure | min | median | max | budget |")
print("|---|---:|---:|---:|---:|")
for row in rows {
    let budget = "≤ \(format(row.budget)) ms " + (row.median <= row.budget ? "✓" : "✗")
    print("| \(row.name) | \(format(row.sorted.first ?? 0)) | \(format(row.median)) | \(format(row.sorted.last ?? 0)) | \(budget) |")
}
