/// The one order in which country names are listed, everywhere: the saved
/// list, the sections of the list screen, search suggestions and neighbours.
///
/// Names are compared by their ``SearchText`` form, so accents, case and
/// width are ignored ("Åland Islands" among the A's, "belgium" before
/// "Chile"), then in the Unicode order of what remains: the alphabet's order
/// for Latin, Greek and Cyrillic names once accents are gone, the dictionary
/// order of Hangul (가, 나, 다, …) for Korean names and the gojūon order of
/// kana, which Unicode lays out in those orders. Chinese characters (in
/// Chinese and some Japanese names) come in code-point order, which is not a
/// dictionary's (pinyin or stroke count): that needs a locale's collation,
/// which Foundation on Linux does not offer. Names equal in that form are
/// ordered by the names themselves, so that the order is total.
public enum NameOrder {
    /// The key a name is sorted by; the database stores it next to the name.
    public static func key(_ name: String) -> String {
        SearchText.normalized(name)
    }

    /// Whether `first` comes before `second`.
    public static func areInIncreasingOrder(_ first: String, _ second: String) -> Bool {
        let (firstKey, secondKey) = (key(first), key(second))
        return firstKey == secondKey ? first < second : firstKey < secondKey
    }
}
