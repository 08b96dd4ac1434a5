/// Text for a person, not yet in their language: a key of the app's string
/// catalog and the values it interpolates.
///
/// Written like a string, it makes the key Xcode makes of the same
/// interpolation in `Text("…")`: an `Int` becomes `%lld`, any other value
/// `%@`. So a fizzle, a view model and a SwiftUI view share the catalog's keys:
///
/// <!-- snippet: Tests/KeelTests/Localization/LocalizedTextTests.swift#interpolation -->
/// ```swift
/// let text: LocalizedText = "\(3) accounts in \("Work")"
/// #expect(text.key == "%lld accounts in %@")
/// #expect(text.arguments == [.integer(3), .text("Work")])
/// ```
///
/// Domain and Presentation hold `LocalizedText`; each front-end resolves it
/// in the language of the person it serves (`KeelCatalog`'s `StringCatalog`
/// in the browser and on the command line, the app bundle's compiled
/// catalog in SwiftUI). Its `description` is the source-language text
/// without a catalog, for logs.
public struct LocalizedText: Hashable, Sendable, CustomStringConvertible {
    /// A value the text interpolates.
    public indirect enum Argument: Hashable, Sendable {
        /// A whole number (`%lld`): it also chooses the plural form.
        case integer(Int)
        /// Text shown as it is (`%@`): a name, a code, a number already formatted.
        case text(String)
        /// Text resolved in the same language (`%@`).
        case localized(LocalizedText)
    }

    /// The catalog's key: the source-language text with a format specifier
    /// (`%lld`, `%@`) where each argument goes.
    public let key: String
    /// The interpolated values, in the key's order.
    public let arguments: [Argument]

    /// The text of `key` with `arguments`.
    public init(key: String, arguments: [Argument] = []) {
        self.key = key
        self.arguments = arguments
    }

    /// Text that is never translated (a name, a code): its key is itself.
    public static func verbatim(_ text: String) -> LocalizedText {
        LocalizedText(key: "%@", arguments: [.text(text)])
    }

    /// The source-language text, without a catalog: the key with its arguments.
    public var description: String {
        Self.format(key, arguments) { $0.description }
    }
}

extension LocalizedText: ExpressibleByStringInterpolation {
    /// Builds the key and the arguments of an interpolated literal.
    public struct StringInterpolation: StringInterpolationProtocol {
        var key = ""
        var arguments: [Argument] = []

        /// Space for a literal of `literalCapacity` characters.
        public init(literalCapacity: Int, interpolationCount: Int) {
            key.reserveCapacity(literalCapacity + 4 * interpolationCount)
        }

        /// Literal text between interpolations: a `%` is doubled, as in a format.
        public mutating func appendLiteral(_ literal: String) {
            key += literal.replacingPercentSigns()
        }

        /// A whole number: `%lld`.
        public mutating func appendInterpolation(_ value: Int) {
            key += "%lld"
            arguments.append(.integer(value))
        }

        /// Text of another catalog key, resolved in the same language: `%@`.
        public mutating func appendInterpolation(_ value: LocalizedText) {
            key += "%@"
            arguments.append(.localized(value))
        }

        /// Any other value, as `String(describing:)` writes it: `%@`.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            key += "%@"
            arguments.append(.text(String(describing: value)))
        }
    }

    /// The text of a literal without interpolations: the literal is the key,
    /// as it is, and is shown without formatting (as SwiftUI does).
    public init(stringLiteral value: String) {
        self.init(key: value)
    }

    /// The text of an interpolated literal.
    public init(stringInterpolation: StringInterpolation) {
        self.init(key: stringInterpolation.key, arguments: stringInterpolation.arguments)
    }
}

extension String {
    /// The string with each `%` doubled, so that a format shows it.
    fileprivate func replacingPercentSigns() -> String {
        contains("%" as Character) ? split(separator: "%", omittingEmptySubsequences: false).joined(separator: "%%") : self
    }
}
