import Keel

/// The answers a mock worker hands out, one per call, in order, the last one
/// again for every later call; a test changes them at any time, also after the
/// container holding the mock was built.
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#answers -->
/// ```swift
/// struct MockBookWork: BookWork {
///     let answers = Answers<Result<[Book], BookFizzle>>(.failure(.offline), .success(Book.samples))
///     func books() async throws(BookFizzle) -> [Book] { try answers.next().get() }
/// }
/// ```
public final class Answers<Answer: Sendable>: Sendable {
    private let script: Locked<[Answer]>

    /// Answers `first`, then each of `more` in turn.
    public init(_ first: Answer, _ more: Answer...) {
        script = Locked([first] + more)
    }

    /// The next answer.
    public func next() -> Answer {
        script.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
    }

    /// Replaces the answers still to come with `first`, then each of `more`.
    public func set(_ first: Answer, _ more: Answer...) {
        script.withLock { $0 = [first] + more }
    }
}
