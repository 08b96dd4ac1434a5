import Foundation

// Store propagation benchmark: Keel's store side by side with the design of
// articles 000/001 on OpenCombine and with plain Observation, in one run.
//
//     swift run -c release --package-path Benchmarks StoreBenchmark [--quick] [--only NAME,…] [--scenarios S1,…] [--sizes N,…] [--rounds R]
//
// --only keeps the designs whose name contains one of the words (case-insensitive).
// --sizes sets the numbers of observers of S1 (default 100,1000,10000).
// --rounds sets how many times each S1 measurement runs, each time in a
//   process of its own (default 9; 1 with --quick). S1 reports the median of
//   the rounds' medians, and the growth table the spread over the rounds: on
//   a virtual machine, a process now and then runs a good deal slower or
//   faster than the others, and fewer rounds leave the ratios to chance.
//
// A time spans the update and the re-read of the observers it notified
// (see Timing); S1 is also measured with the update alone.
//
// S1  one update changes one item; N observers, one per item
// S2  one bulk update changes 10 of 20 fields; observers on every item and field
// S3  an update that changes nothing; same observers as S2
// S4  throughput of item updates with no observers

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")

func option(_ name: String) -> [String]? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1].lowercased().split(separator: ",").map(String.init)
}

let allDesigns: [any Design.Type] = [
    KeelDesign.self, KeelBulkDesign.self, KeelUntrackedDesign.self, KeelTimelineDesign.self, CombineDesign.self,
    ObservableHolderDesign.self, PerItemObservableDesign.self,
]
let designs = allDesigns.filter { design in
    guard let words = option("--only") else { return true }
    return words.contains { design.name.lowercased().contains($0) }
}
let scenarios = Set(option("--scenarios") ?? ["s1", "s2", "s3", "s4"])
let sizes = option("--sizes")?.compactMap { Int($0) } ?? (quick ? [100, 1_000] : [100, 1_000, 10_000])
let rounds = max(1, option("--rounds")?.first.flatMap { Int($0) } ?? (quick ? 1 : 9))

func samples(for size: Int, _ design: any Design.Type, timing: Timing) -> Int {
    let base = quick ? 50 : 400
    // The holder notifies every observer, and every one of them reads again:
    // an update with its re-reads takes milliseconds at 1,000 and tens of
    // milliseconds at 10,000, and more the longer a process runs.
    if design == ObservableHolderDesign.self, timing == .updateAndReread, size >= 1_000 { return 5 }
    // The designs that notify every observer or compare every slice are slow at 10,000: fewer samples.
    if size >= 10_000, design != KeelDesign.self, design != KeelUntrackedDesign.self, design != KeelTimelineDesign.self, design != PerItemObservableDesign.self { return base / 8 }
    return base
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}

/// One measurement: S1 for one design at one size, S2 and S3 for one
/// design, or S4 for one design.
///
/// Each job runs in a process of its own (unless `--one-process` is given),
/// so that no design measures in a heap that another design left behind:
/// with thousands of observers, where earlier objects landed decides how
/// many of a later design's objects miss the cache.
enum Job {
    case s1(size: Int, design: Int, timing: Timing)
    case s2s3(design: Int)
    case s4(design: Int)

    var argument: String {
        switch self {
        case let .s1(size, design, timing): "s1:\(size):\(design):\(timing.rawValue)"
        case let .s2s3(design): "s2s3:\(design)"
        case let .s4(design): "s4:\(design)"
        }
    }

    init?(argument: String) {
        let parts = argument.split(separator: ":").map(String.init)
        switch (parts.first, parts.count) {
        case ("s1", 4):
            guard let size = Int(parts[1]), let design = Int(parts[2]), let timing = Timing(rawValue: parts[3]) else { return nil }
            self = .s1(size: size, design: design, timing: timing)
        case ("s2s3", 2): guard let design = Int(parts[1]) else { return nil }; self = .s2s3(design: design)
        case ("s4", 2): guard let design = Int(parts[1]) else { return nil }; self = .s4(design: design)
        default: return nil
        }
    }

    /// Measures this job and prints its rows; S1 prints its figures for the
    /// process that started it to read (see ``figuresOfS1(size:design:timing:)``).
    @MainActor func run() {
        switch self {
        case let .s1(size, index, timing):
            let figures = Self.measureS1(size: size, design: index, timing: timing)
            print("figures", figures.min, figures.median, figures.max, figures.notifiedPerUpdate)
        case let .s2s3(index):
            let type = allDesigns[index]
            let size = 1_000
            let design = type.init(state: BenchState(itemCount: size))
            for item in 0..<size { design.observeItem(item) }
            for field in 0..<BenchState.Fields.count { design.observeField(field) }
            let s2 = measure(samples: quick ? 50 : 400, design: design, timing: .updateAndReread) { sample in
                design.changeFields(count: 10, to: sample + 1)
            }
            let s3 = measure(samples: quick ? 50 : 400, design: design, timing: .updateAndReread) { _ in design.changeNothing() }
            if scenarios.contains("s2") { print(row("S2", size, type, s2)) }
            if scenarios.contains("s3") { print(row("S3", size, type, s3)) }
        case let .s4(index):
            let type = allDesigns[index]
            let design = type.init(state: BenchState(itemCount: 1_000))
            let rate = throughput(count: quick ? 10_000 : 200_000) { item in design.changeItem((item &* 7919) % 1_000) }
            print("| \(type.name) | \(String(format: "%.0f", rate)) |")
        }
    }

    /// S1: `size` observers of one item each; every update changes one item.
    @MainActor static func measureS1(size: Int, design index: Int, timing: Timing) -> Figures {
        let type = allDesigns[index]
        let design = type.init(state: BenchState(itemCount: size))
        for item in 0..<size { design.observeItem(item) }
        return measure(samples: samples(for: size, type, timing: timing), design: design, timing: timing) { sample in
            design.changeItem((sample &* 7919) % size)
        }
    }
}

/// A row of the results table.
func row(_ scenario: String, _ size: Int, _ type: any Design.Type, min: Double, median: Double, max: Double, notified: Double) -> String {
    "| \(scenario) | \(size) | \(type.name) | \(format(min)) | \(format(median)) | \(format(max)) | \(format(notified)) |"
}

/// A row of the results table for `figures`.
func row(_ scenario: String, _ size: Int, _ type: any Design.Type, _ figures: Figures) -> String {
    row(scenario, size, type, min: figures.min, median: figures.median, max: figures.max, notified: figures.notifiedPerUpdate)
}

/// A process of this executable that runs `job`, with the options of this run.
func jobProcess(_ job: Job) -> Process? {
    guard !arguments.contains("--one-process"), let executable = Bundle.main.executableURL else { return nil }
    var childArguments = ["--job", job.argument, "--scenarios", scenarios.joined(separator: ",")]
    if quick { childArguments.append("--quick") }
    let child = Process()
    child.executableURL = executable
    child.arguments = childArguments
    return child
}

/// Runs `job` in this process, or in a new process of this executable, which prints its rows.
@MainActor func perform(_ job: Job) {
    guard let child = jobProcess(job) else {
        job.run()
        return
    }
    fflush(nil) // The child writes to the same output: keep the rows in order.
    do {
        try child.run()
        child.waitUntilExit()
    } catch {
        print("| \(job.argument) | could not start a process for the job: \(error) |")
        return
    }
    if child.terminationStatus != 0 {
        print("| \(job.argument) | the job's process failed with status \(child.terminationStatus) |")
    }
}

/// Measures S1 for one design and size, in a new process of this executable
/// unless `--one-process` is given; `nil`, with the reason printed, when the process fails.
@MainActor func figuresOfS1(size: Int, design: Int, timing: Timing) -> Figures? {
    let job = Job.s1(size: size, design: design, timing: timing)
    guard let child = jobProcess(job) else { return Job.measureS1(size: size, design: design, timing: timing) }
    let output = Pipe()
    child.standardOutput = output
    do {
        try child.run()
    } catch {
        print("| \(job.argument) | could not start a process for the job: \(error) |")
        return nil
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    child.waitUntilExit()
    let values = text.split(separator: "\n").last { $0.hasPrefix("figures ") }?
        .split(separator: " ").dropFirst().compactMap { Double($0) } ?? []
    guard child.terminationStatus == 0, values.count == 4 else {
        print("| \(job.argument) | the job's process failed with status \(child.terminationStatus) |")
        return nil
    }
    return Figures(min: values[0], median: values[1], max: values[2], notifiedPerUpdate: values[3])
}

if let argument = option("--job")?.joined(separator: ",") {
    guard let job = Job(argument: argument) else {
        print("StoreBenchmark: unknown job \(argument)")
        exit(2)
    }
    job.run()
    exit(0)
}

/// The indices in `allDesigns` of the designs chosen by `--only`.
let chosen = allDesigns.indices.filter { index in designs.contains { $0 == allDesigns[index] } }

print("Keel store benchmark — \(ProcessInfo.processInfo.processorCount) cores, times per update in µs (min / median / max)")
print("A time spans the update and the re-read of the observers it notified, unless the table says otherwise.")
print("S1: the median of \(rounds) round(s), each in a process of its own; min and max over all rounds")
print()
// S1 runs round by round, every design, size and timing in each round, so
// that a slow spell of the machine touches all of them alike.
var s1: [String: RoundFigures] = [:]
func key(_ size: Int, _ design: Int, _ timing: Timing) -> String { "\(size):\(design):\(timing.rawValue)" }
for round in 1...rounds where scenarios.contains("s1") {
    if rounds > 1 { FileHandle.standardError.write(Data("S1 round \(round) of \(rounds)…\n".utf8)) }
    for size in sizes {
        for design in chosen {
            for timing in Timing.allCases {
                if let figures = figuresOfS1(size: size, design: design, timing: timing) {
                    s1[key(size, design, timing), default: RoundFigures()].rounds.append(figures)
                }
            }
        }
    }
}

/// Prints the S1 rows of `timing`.
@MainActor func printS1(_ timing: Timing) {
    for size in sizes {
        for design in chosen {
            guard let figures = s1[key(size, design, timing)] else { continue }
            print(row("S1", size, allDesigns[design], min: figures.min, median: figures.median, max: figures.max, notified: figures.notifiedPerUpdate))
        }
    }
}

print("| scenario | N | design | min | median | max | notified per update |")
print("|---|---:|---|---:|---:|---:|---:|")
printS1(.updateAndReread)
for design in chosen where scenarios.contains("s2") || scenarios.contains("s3") {
    perform(.s2s3(design: design))
}
if !s1.isEmpty {
    print()
    print("S1, the update alone (the notified observers read again outside the measured time):")
    print()
    print("| scenario | N | design | min | median | max | notified per update |")
    print("|---|---:|---|---:|---:|---:|---:|")
    printS1(.updateAlone)
}
if let smallest = sizes.min(), let largest = sizes.max(), smallest < largest, !s1.isEmpty {
    print()
    print("| S1 growth: N = \(largest) ÷ N = \(smallest) | update and re-read | lowest round | highest round | update alone | lowest round | highest round |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for design in chosen {
        var cells = ["", allDesigns[design].name]
        for timing in Timing.allCases {
            guard let small = s1[key(smallest, design, timing)], let large = s1[key(largest, design, timing)] else {
                cells += ["", "", ""]
                continue
            }
            let perRound = zip(small.rounds, large.rounds).map { $1.median / $0.median }
            cells += [large.median / small.median, perRound.min() ?? 0, perRound.max() ?? 0].map { String(format: "%.2f", $0) }
        }
        print((cells + [""]).joined(separator: " | ").trimmingCharacters(in: .whitespaces))
    }
}
if scenarios.contains("s4") {
    print()
    print("| S4: updates per second, no observers | N = 1,000 |")
    print("|---|---:|")
    for design in chosen { perform(.s4(design: design)) }
}
