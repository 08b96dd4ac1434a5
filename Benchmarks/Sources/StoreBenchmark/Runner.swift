import Foundation

/// Timing figures of one measured operation, in microseconds.
struct Figures {
    var samples: [Double]
    /// Notifications per operation, averaged over the samples.
    var notifiedPerUpdate: Double

    var min: Double { samples.min() ?? 0 }
    var median: Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count.isMultiple(of: 2)
            ? (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            : sorted[sorted.count / 2]
    }
    var max: Double { samples.max() ?? 0 }
}

/// Measures one operation `samples` times, each time on its own, re-arming
/// observers between samples outside the measured time.
func measure(samples: Int, design: any Design, _ operation: (Int) -> Void) -> Figures {
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
        let end = DispatchTime.now().uptimeNanoseconds
        times.append(Double(end - start) / 1000)
        notified += design.takeNotificationCount()
        design.rearm()
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
