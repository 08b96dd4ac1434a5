import Foundation
import Testing

/// Records the calls a mock worker receives, for verification against an
/// expected list.
///
/// Give a mock worker a recorder and an enumeration of its calls; record each
/// call as it arrives, then verify:
///
/// ```swift
/// struct MockCountryWebWork: CountryWebWork {
///     enum Call: Equatable, Sendable { case countries, details(code: String) }
///     let calls = CallRecorder<Call>()
///     var countriesResult: Result<[Country], CountryFizzle> = .success([])
///
///     func countries() async throws -> [Country] {
///         calls.record(.countries)
///         return try countriesResult.get()
///     }
/// }
///
/// mock.calls.expect([.countries])
/// ```
///
/// A recorder is safe to use from any thread or task.
public final class CallRecorder<Call: Equatable & Sendable>: Sendable {
    private let storage = Storage()

    /// Creates an empty recorder.
    public init() {}

    /// Records one call.
    public func record(_ call: Call) {
        storage.append(call)
    }

    /// The calls recorded so far, in order.
    public var calls: [Call] {
        storage.calls
    }

    /// Expects exactly `expected`, in order, and forgets the recorded calls.
    ///
    /// Records a test issue showing both lists when they differ.
    public func expect(_ expected: [Call], sourceLocation: SourceLocation = #_sourceLocation) {
        let actual = storage.takeAll()
        guard actual != expected else { return }
        let difference = Difference.describe(expected: expected, actual: actual) ?? ""
        Issue.record(
            Comment(rawValue: "Expected calls \(expected), received \(actual)\n\(difference)"),
            sourceLocation: sourceLocation)
    }

    /// Expects that no call was recorded since the last expectation.
    public func expectNoCalls(sourceLocation: SourceLocation = #_sourceLocation) {
        expect([], sourceLocation: sourceLocation)
    }

    /// The recorded calls.
    ///
    /// `@unchecked Sendable` is sound because `values` is only read and
    /// written while `lock` is held.
    private final class Storage: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Call] = []

        func append(_ call: Call) {
            lock.withLock { values.append(call) }
        }

        var calls: [Call] {
            lock.withLock { values }
        }

        func takeAll() -> [Call] {
            lock.withLock {
                defer { values.removeAll() }
                return values
            }
        }
    }
}
