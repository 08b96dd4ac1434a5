/// An error that may reach a screen: it carries a message written for the
/// person using the app.
///
/// Keel keeps user-facing errors apart from developer errors. Workers catch
/// everything their gears throw, record what only a developer can act on in a
/// ``Logbook``, and let only fizzles travel up to usecases and screens:
///
/// <!-- snippet: Examples/ReadingList/Sources/Domain/BookFizzle.swift#fizzle -->
/// ```swift
/// public enum BookFizzle: Fizzle {
///     case offline
///     case serviceUnavailable
///     /// The book asked for is not on the list (any more).
///     case unknownBook
///
///     public var message: LocalizedText {
///         switch self {
///         case .offline: "You're offline. Check your connection and try again."
///         case .serviceUnavailable: "The reading list can't be loaded right now."
///         case .unknownBook: "This book is no longer on the list."
///         }
///     }
/// }
/// ```
///
/// Its message is ``LocalizedText``: written like a string, it is a key of the
/// app's string catalog, which each front-end shows in the language of the
/// person it serves (<doc:SpeakingTheUsersLanguage>).
///
/// A fizzle is `Equatable`, so states holding one (such as ``Loadable``) can be
/// compared and tested.
public protocol Fizzle: Error, Equatable, Sendable {
    /// What to tell the person using the app: a key of the app's string catalog.
    var message: LocalizedText { get }
}

extension Fizzle {
    /// Whether `other` is a fizzle of the same type, equal to this one.
    public func isEqual(to other: any Fizzle) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// The fizzle shown when an error that was not meant for people reaches a
/// screen anyway: a developer error a worker failed to translate.
///
/// Keel records the original error in a ``Logbook`` before showing this.
public struct UnexpectedFizzle: Fizzle {
    /// What to tell the person using the app.
    public let message: LocalizedText

    /// Creates the fizzle with a generic message, or with `message`.
    public init(message: LocalizedText = "Something went wrong. Please try again.") {
        self.message = message
    }
}
