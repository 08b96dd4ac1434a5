import Foundation

/// The form in which names are compared when searching: without case,
/// accents or width differences, with one kind of apostrophe and single spaces.
///
/// "Côte d’Ivoire", "COTE D'IVOIRE" and "cote d'ivoire" share one search text,
/// as do "Südkorea" and "sudkorea". Scripts without case (Hangul, kana, han)
/// are kept as they are.
public enum SearchText {
    /// The search text of `text`.
    public static func normalized(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var result = ""
        result.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for character in folded {
            if character.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(apostrophes.contains(character) ? "'" : character)
        }
        return result
    }

    private static let apostrophes: Set<Character> = ["\u{2019}", "\u{2018}", "\u{02BC}", "\u{0060}", "\u{00B4}"]

    /// The search text a country is found by: its codes and its common,
    /// official, native and translated names, one per line.
    public static func index(of country: Country) -> String {
        var names: [String] = [country.code, country.alpha2, country.name.common, country.name.official]
        for name in country.nativeNames.values.sorted(by: { $0.common < $1.common }) {
            names.append(name.common)
            names.append(name.official)
        }
        for code in country.translations.keys.sorted() {
            guard let name = country.translations[code] else { continue }
            names.append(name.common)
            names.append(name.official)
        }
        var seen = Set<String>()
        return names.map(normalized).filter { !$0.isEmpty && seen.insert($0).inserted }.joined(separator: "\n")
    }
}
