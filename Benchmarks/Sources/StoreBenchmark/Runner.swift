import Foundation

/// Timing figures of one measured operation, in microseconds.
struct Figures {
    var min: Double
    var median: Double
    var max: Double
    /// Notifications per operation, averaged over the samples.
    var notifiedPerUpdate: Double
}

extension Figures {
    /// The figures of `samples`, each the time of one operation.
    init(samples: [Double], notifiedPerUpdate: Double) {
        self.init(
            min: samples.min() ?? 0, median: StoreBenchmark.median(samples), max: samples.max() ?? 0,
            notifiedPerUpdate: notifiedPerUpdate)
    }
}

/// The middle value of `values` (the mean of the two middle ones for an even count); 0 when empty.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted.count.isMultiple(of: 2)
        ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        : sorted[sorted.count / 2]
}

/// The figures of one operation measured in several rounds, each in a process of its own.
struct RoundFigures {
    /// Each round's figures, in the order the rounds ran.
    var rounds: [Figures] = []

    /// The smallest time of any round.
    var min: Double { rounds.map(\.min).min() ?? 0 }
    /// The median of the rounds' medians: a round whose heap layout or
    /// machine was unlucky moves it less than it moves a mean.
    var median: Double { StoreBenchmark.median(rounds.map(\.median)) }
    /// The largest time of any round.
    var max: Double { rounds.map(\.max).max() ?? 0 }
    /// Notifications per operation, averaged over the rounds.
    var notifiedPerUpdate: Double {
        rounds.isEmpty ? 0 : rounds.map(\.notifiedPerUpdate).reduce(0, +) / Double(rounds.count)
    }
}

/// What the time of one update spans.
enum Timing: String, CaseIterable {
    /// The update, then the re-read of every observer it notified.
    ///
    /// Observation's tracking is one-shot: an observer learns that its slice
    /// changed, and must read it again to have the new value and to be
    /// notified of the next change (SwiftUI does so when it renders). The
    /// OpenCombine design hands the new value to its subscribers within the
    /// update; this timing makes the designs built on Observation do the same
    /// work within the measured time.
    case updateAndReread = "reread"
    /// The update alone; the notified observers read again outside the measured time.
    case updateAlone = "alone"
}

/// Measures one operation `samples` times, each time on its own; the
/// observers it notified read again within or outside the measured time, as
/// `timing` says.
func measure(samples: Int, design: any Design, timing: Timing, _ operation: (Int) -> Void) -> Figures {
    var times: [Double] = []
    times.reserveCapacity(samples)
    var notified = 0
    // Warm up caches and lazily created structures.
    for sample in 0..<min(samples, 10) {
        operation(sample)
        _ = design.takeNotificationCount()
        design.rearm()
    }
    for sample in 0..<samples {
        let start = DispatchTime.now().uptimeNanoseconds
        operation(sample)
        if timing == .updateAndReread { design.rearm() }
        let end = DispatchTime.now().uptimeNanoseconds
        times.append(Double(end - start) / 1000)
        notified += design.takeNotificationCount()
        if timing == .updateAlone { design.rearm() }
    }
    return Figures(samples: times, notifiedPerUpdate: Double(notified) / Double(samples))
}

/// Measures the throughput of `count` updates with no observers, in updates per second.
func throughput(count: Int, _ operation: (Int) -> Void) -> Double {
    for index in 0..<min(count, 100) { operation(index) }
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<count { operation(index) }
    let end = DispatchTime.now().uptimeNanoseconds
    return Double(count) / (Double(end - start) / 1_000_000_000)
}
