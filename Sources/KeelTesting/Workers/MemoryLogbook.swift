import Foundation
import Keel

/// A logbook that keeps its entries in memory, for tests that check which
/// developer errors a worker recorded.
public final class MemoryLogbook: Logbook, @unchecked Sendable {
    // @unchecked: `stored` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var stored: [LogbookEntry] = []

    /// Creates an empty logbook.
    public init() {}

    /// Keeps the entry.
    public func record(_ entry: LogbookEntry) {
        lock.withLock { stored.append(entry) }
    }

    /// The entries recorded so far, in order.
    public var entries: [LogbookEntry] {
        lock.withLock { stored }
    }
}
