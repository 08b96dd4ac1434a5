import Keel
import Observation
import Testing

/// Runs `action` (a view model's `send`, typically) and waits until the work
/// it started through `OwnedTasks` has ended
/// (`OwnedTasks.waitForTasks(startedBy:)`, with a time limit) — and the work that work
/// started, and so on — so that a test asserts on the state it led to without
/// polling:
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#settle -->
/// ```swift
/// await settle { viewModel.send(.appeared) }
/// #expect(viewModel.errorMessage == nil)
/// ```
///
/// Work that has not ended after `timeout` records a test issue, and `settle`
/// returns: a test fails instead of hanging. Work meant to last (a view model
/// following a stream) never ends: wait for its effect with ``waitUntil(timeout:sourceLocation:_:)``.
@MainActor
public func settle(
    timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation, _ action: @MainActor () -> Void
) async {
    let work = OwnedTasks.tasks(startedBy: action)
    let ended = await bounded(timeout) { await work.ended() }
    if !ended {
        Issue.record("settle: the work the action started has not ended after \(timeout)", sourceLocation: sourceLocation)
    }
}

/// Waits until `condition`, which reads `@Observable` state (view models, a
/// store's slices), holds: it is checked now and again after each change of
/// what it read, never on a timer. A condition still false after `timeout`
/// records a test issue.
///
/// <!-- snippet: Examples/ReadingList/Tests/ReadingListTests/KitSamples.swift#waitUntil -->
/// ```swift
/// search.send(.search("채식"))
/// await waitUntil { search.matches.count == 1 }   // the search has answered
/// ```
@MainActor
public func waitUntil(
    timeout: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation, _ condition: @escaping @MainActor () -> Bool
) async {
    let held = await bounded(timeout) { @MainActor in
        for await holds in ObservedValues(condition) where holds { return }
    }
    if !held, !Task.isCancelled {
        Issue.record("waitUntil: the condition still does not hold after \(timeout)", sourceLocation: sourceLocation)
    }
}
