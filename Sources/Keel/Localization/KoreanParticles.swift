/// Korean particles after a value: a catalog writes both forms, `%@을(를)`,
/// because the right one depends on the value's last sound; once the value
/// is in place, the pair becomes the one form that fits ("대한민국을",
/// "스위스를", "3개월로"). After a value whose last sound is not known from
/// its writing (a Latin name, "South Korea"), the pair stays as written, as
/// Korean interfaces show it.
enum KoreanParticles {
    /// A pair as catalogs write it, and its forms after a final consonant and after a vowel.
    private static let pairs: [(written: String, afterConsonant: String, afterVowel: String)] = [
        ("을(를)", "을", "를"), ("이(가)", "이", "가"), ("은(는)", "은", "는"),
        ("과(와)", "과", "와"), ("와(과)", "과", "와"), ("(으)로", "으로", "로"),
    ]
    /// What may close a value before its particle: quotes and brackets.
    private static let closers: Set<Character> = ["”", "’", "\"", "'", ")", "]", "」", "』"]

    /// `text` with each pair resolved where the sound before it is known.
    static func resolve(_ text: String) -> String {
        guard text.contains("(" as Character) else { return text }  // a Character: a String would search through Foundation
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(where: { $0 == "(" || $0 == "을" || $0 == "이" || $0 == "은" || $0 == "과" || $0 == "와" }) {
            result += rest[..<open]
            rest = rest[open...]
            guard let pair = pairs.first(where: { rest.hasPrefix($0.written) }), let ending = ending(of: result) else {
                result.append(rest.removeFirst())
                continue
            }
            // (으)로 takes 로 after ㄹ as after a vowel.
            let form = ending == .vowel || (ending == .rieul && pair.written == "(으)로") ? pair.afterVowel : pair.afterConsonant
            result += form
            rest = rest.dropFirst(pair.written.count)
        }
        return result + rest
    }

    private enum Ending { case vowel, rieul, consonant }

    /// How the last sound of `text` ends, skipping closing quotes and brackets:
    /// from a Hangul syllable's final consonant, or a digit's Korean name; `nil` otherwise.
    private static func ending(of text: String) -> Ending? {
        guard let last = text.last(where: { !closers.contains($0) }), let scalar = last.unicodeScalars.first else { return nil }
        if (0xAC00...0xD7A3).contains(scalar.value) {
            let final = (scalar.value - 0xAC00) % 28
            return final == 0 ? .vowel : final == 8 ? .rieul : .consonant
        }
        // 영 일 이 삼 사 오 육 칠 팔 구
        let digits: [Character: Ending] = [
            "0": .consonant, "1": .rieul, "2": .vowel, "3": .consonant, "4": .vowel,
            "5": .vowel, "6": .consonant, "7": .rieul, "8": .rieul, "9": .vowel,
        ]
        return digits[last]
    }
}
