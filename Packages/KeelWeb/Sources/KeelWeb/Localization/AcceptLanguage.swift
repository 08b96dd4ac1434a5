import Hummingbird

/// The languages a browser asks for, read from its `Accept-Language` header.
public enum AcceptLanguage {
    /// The language tags of `header`, the most wanted first (by their
    /// `q` weights; equal weights keep the header's order). Tags weighted 0,
    /// the wildcard `*` and malformed entries are left out.
    ///
    /// `"ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7"` → `["ko-KR", "ko", "en-US", "en"]`.
    ///
    /// Only the first ``maximumEntries`` entries are read: a browser sends a
    /// handful, and a client that sends thousands must not make every
    /// request cost as much as thousands of lookups.
    public static func preferred(_ header: String?) -> [String] {
        guard let header else { return [] }
        var weighted: [(tag: String, weight: Double, order: Int)] = []
        let entries = header.split(separator: ",", maxSplits: maximumEntries).prefix(maximumEntries)
        for (order, entry) in entries.enumerated() {
            let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = parts.first, isLanguageTag(tag) else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            guard weight > 0, weight <= 1 else { continue }
            weighted.append((tag, weight, order))
        }
        return weighted.sorted { ($1.weight, $0.order) < ($0.weight, $1.order) }.map(\.tag)
    }

    /// How many entries of a header are read.
    public static let maximumEntries = 32

    /// Whether `tag` looks like a language tag: letters, digits and hyphens,
    /// starting with a letter, at most 35 characters.
    private static func isLanguageTag(_ tag: String) -> Bool {
        guard let first = tag.first, first.isASCII, first.isLetter, tag.count <= 35 else { return false }
        return tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}

extension Request {
    /// The languages the browser asks for, the most wanted first (``AcceptLanguage/preferred(_:)``).
    public var acceptedLanguages: [String] {
        AcceptLanguage.preferred(headers[.acceptLanguage])
    }
}
