import Foundation
import Keel

/// An answer of a source outside the app, as the store's tap is told of it
/// (``MutableStore/recording(_:_:)``): its JSON, and how it reads.
struct RecordedAnswer: Sendable {
    let json: String
    let description: String
}

extension MutableStore {
    /// `source` (the container's clock), each of its answers recorded in the
    /// store's timeline under `name`, for a replay to give the same answers
    /// (KeelTesting's `TimelineReplay.answers(of:otherwise:)`): a record made
    /// with the real clock replays with the recorded times. Without a
    /// timeline, `source` answers as it is, recorded nowhere.
    ///
    /// <!-- snippet: Examples/Countries/Sources/App/Containers/Vessel.swift#recordedClock -->
    /// ```swift
    /// // Its answers are in the timeline, when the store keeps one: a replay gives them again.
    /// self.now = store.recording("now()", now)
    /// ```
    ///
    /// Each answer is an entry: record what usecases ask, not what a screen
    /// reads on a timer. An answer that cannot be encoded is given unrecorded.
    public func recording<Value: Codable & Sendable>(
        _ name: String, _ source: @escaping @Sendable () -> Value
    ) -> @Sendable () -> Value {
        guard tap != nil else { return source }
        let store = readOnly
        return {
            let value = source()
            if let data = try? JSONEncoder().encode(value) {
                store.record(RecordedAnswer(json: String(decoding: data, as: UTF8.self), description: StateDiff.render(value)), from: name)
            }
            return value
        }
    }
}
