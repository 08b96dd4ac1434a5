import Foundation

// Store propagation benchmark: Keel's store side by side with the design of
// articles 000/001 on OpenCombine and with plain Observation, in one run.
//
//     swift run -c release --package-path Benchmarks StoreBenchmark [--quick] [--only NAME,…] [--scenarios S1,…] [--sizes N,…]
//
// --only keeps the designs whose name contains one of the words (case-insensitive).
// --sizes sets the numbers of observers of S1 (default 100,1000,10000).
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
    KeelDesign.self, KeelBulkDesign.self, CombineDesign.self,
    ObservableHolderDesign.self, PerItemObservableDesign.self,
]
let designs = allDesigns.filter { design in
    guard let words = option("--only") else { return true }
    return words.contains { design.name.lowercased().contains($0) }
}
let scenarios = Set(option("--scenarios") ?? ["s1", "s2", "s3", "s4"])
let sizes = option("--sizes")?.compactMap { Int($0) } ?? (quick ? [100, 1_000] : [100, 1_000, 10_000])

func samples(for size: Int, _ design: any Design.Type) -> Int {
    let base = quick ? 50 : 400
    // The designs that notify every observer are slow at 10,000: fewer samples.
    if size >= 10_000, design != KeelDesign.self, design != PerItemObservableDesign.self { return base / 4 }
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
    case s1(size: Int, design: Int)
    case s2s3(design: Int)
    case s4(design: Int)

    var argument: String {
        switch self {
        case let .s1(size, design): "s1:\(size):\(design)"
        case let .s2s3(design): "s2s3:\(design)"
        case let .s4(design): "s4:\(design)"
        }
    }

    init?(argument: String) {
        let parts = argument.split(separator: ":").map(String.init)
        switch (parts.first, parts.count) {
        case ("s1", 3): guard let size = Int(parts[1]), let design = Int(parts[2]) else { return nil }; self = .s1(size: size, design: design)
        case ("s2s3", 2): guard let design = Int(parts[1]) else { return nil }; self = .s2s3(design: design)
        case ("s4", 2): guard let design = Int(parts[1]) else { return nil }; self = .s4(design: design)
        default: return nil
        }
    }

    /// Measures and prints the rows of this job.
    @MainActor func run() {
        switch self {
        case let .s1(size, index):
            let type = allDesigns[index]
            let design = type.init(state: BenchState(itemCount: size))
            for item in 0..<size { design.observeItem(item) }
            let figures = measure(samples: samples(for: size, type), design: design) { sample in
                design.changeItem((sample &* 7919) % size)
            }
            print(row("S1", size, type, figures))
        case let .s2s3(index):
            let type = allDesigns[index]
            let size = 1_000
            let design = type.init(state: BenchState(itemCount: size))
            for item in 0..<size { design.observeItem(item) }
            for field in 0..<BenchState.Fields.count { design.observeField(field) }
            let s2 = measure(samples: quick ? 50 : 400, design: design) { sample in
                design.changeFields(count: 10, to: sample + 1)
            }
            let s3 = measure(samples: quick ? 50 : 400, design: design) { _ in design.changeNothing() }
            if scenarios.contains("s2") { print(row("S2", size, type, s2)) }
            if scenarios.contains("s3") { print(row("S3", size, type, s3)) }
        case let .s4(index):
            let type = allDesigns[index]
            let design = type.init(state: BenchState(itemCount: 1_000))
            let rate = throughput(count: quick ? 10_000 : 200_000) { item in design.changeItem((item &* 7919) % 1_000) }
            print("| \(type.name) | \(String(format: "%.0f", rate)) |")
        }
    }

    @MainActor private func row(_ scenario: String, _ size: Int, _ type: any Design.Type, _ figures: Figures) -> String {
        "| \(scenario) | \(size) | \(type.name) | \(format(figures.min)) | \(format(figures.median)) | \(format(figures.max)) | \(format(figures.notifiedPerUpdate)) |"
    }
}

/// Runs `job` in this process, or in a new process of this executable.
@MainActor func perform(_ job: Job) {
    guard !arguments.contains("--one-process"), let executable = Bundle.main.executableURL else {
        job.run()
        return
    }
    var childArguments = ["--job", job.argument, "--scenarios", scenarios.joined(separator: ",")]
    if quick { childArguments.append("--quick") }
    let child = Process()
    child.executableURL = executable
    child.arguments = childArguments
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
print()
print("| scenario | N | design | min | median | max | notified per update |")
print("|---|---:|---|---:|---:|---:|---:|")
for size in sizes where scenarios.contains("s1") {
    for design in chosen { perform(.s1(size: size, design: design)) }
}
for design in chosen where scenarios.contains("s2") || scenarios.contains("s3") {
    perform(.s2s3(design: design))
}
if scenarios.contains("s4") {
    print()
    print("| S4: updates per second, no observers | N = 1,000 |")
    print("|---|---:|")
    for design in chosen { perform(.s4(design: design)) }
}
