import Observation

/// The shape of a Keel view model (article 003's convention).
///
/// A view model is a `final`, `@MainActor`, `@Observable` class owned by its
/// screen. Its state comes in two kinds:
///
/// - **shared state** that the view may bind to, declared `var` (a search
///   text field writes it directly);
/// - **own state**, declared `private(set) var`, that only the view model
///   changes, in answer to an ``Action`` sent by the view through ``send(_:)``.
///
/// ```swift
/// @MainActor @Observable
/// final class CountryListViewModel: ViewModel {
///     enum Action { case appeared, refresh, open(code: String) }
///
///     var searchText = ""                               // shared, bindable
///     private(set) var sections: [CountrySection] = []  // own
///
///     init(_ service: any Serving) { … }
///
///     func send(_ action: Action) { … }
/// }
/// ```
///
/// A child view model that follows its parent's state receives it at init as
/// an asynchronous sequence (``ObservedValues`` of the parent's property, or a
/// store slice's ``Store/values(_:)``) and reacts to each value.
///
/// Tests swap the container a view model is built from, never the view model:
/// there is no view model protocol to mock, only this convention to follow.
@MainActor
public protocol ViewModel: AnyObject, Observable {
    /// What the view may ask for: the events of the screen.
    associatedtype Action

    /// Handles one action from the view; the only way the view changes the
    /// view model's own state.
    func send(_ action: Action)
}
