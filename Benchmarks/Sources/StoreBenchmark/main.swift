import Foundation

// Store propagation benchmark: Keel's store side by side with the design of
// articles 000/001 on OpenCombine and with plain Observation, in one run.
//
//     swift run -c release --package-path Benchmarks StoreBenchmark [--quick] [--only NAME,…] [--scenarios S1,…]
//
// --only keeps the designs whose name contains one of the words (case-insensitive).
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
let sizes = quick ? [100, 1_000] : [100, 1_000, 10_000]

func samples(for size: Int, _ design: any Design.Type) -> Int {
    let base = quick ? 50 : 400
    // The designs that notify every observer are slow at 10,000: fewer samples.
    if size >= 10_000, design != KeelDesign.self, design != PerItemObservableDesign.self { return base / 4 }
    return base
}

func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.2f", value)
}

print("Keel store benchmark — \(ProcessInfo.processInfo.processorCount) cores, times per update in µs (min / median / max)")
print()
print("| scenario | N | design | min | median | max | notified per update |")
print("|---|---:|---|---:|---:|---:|---:|")

for size in sizes where scenarios.contains("s1") {
    for type in designs {
        let design = type.init(state: BenchState(itemCount: size))
        for index in 0..<size { design.observeItem(index) }
        let figures = measure(samples: samples(for: size, type), design: design) { sample in
            design.changeItem((sample &* 7919) % size)
        }
        print("| S1 | \(size) | \(type.name) | \(format(figures.min)) | \(format(figures.median)) | \(format(figures.max)) | \(format(figures.notifiedPerUpdate)) |")
    }
}

let s2Size = 1_000
for type in designs where scenarios.contains("s2") || scenarios.contains("s3") {
    let design = type.init(state: BenchState(itemCount: s2Size))
    for index in 0..<s2Size { design.observeItem(index) }
    for index in 0..<BenchState.Fields.count { design.observeField(index) }
    let s2 = measure(samples: quick ? 50 : 400, design: design) { sample in
        design.changeFields(count: 10, to: sample + 1)
    }
    print("| S2 | \(s2Size) | \(type.name) | \(format(s2.min)) | \(format(s2.median)) | \(format(s2.max)) | \(format(s2.notifiedPerUpdate)) |")
    let s3 = measure(samples: quick ? 50 : 400, design: design) { _ in design.changeNothing() }
    print("| S3 | \(s2Size) | \(type.name) | \(format(s3.min)) | \(format(s3.median)) | \(format(s3.max)) | \(format(s3.notifiedPerUpdate)) |")
}

if scenarios.contains("s4") {
    print()
    print("| S4: updates per second, no observers | N = 1,000 |")
    print("|---|---:|")
}
for type in designs where scenarios.contains("s4") {
    let design = type.init(state: BenchState(itemCount: 1_000))
    let rate = throughput(count: quick ? 10_000 : 200_000) { index in design.changeItem((index &* 7919) % 1_000) }
    print("| \(type.name) | \(String(format: "%.0f", rate)) |")
}
