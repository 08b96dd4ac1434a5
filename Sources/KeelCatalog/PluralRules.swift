/// CLDR's cardinal plural rules (CLDR 48), for whole numbers.
///
/// A translation varies a text by the plural category of a count ("1 file",
/// "2 files"). Which categories a language has, and which numbers fall in
/// each, is CLDR's published data: `cldrRules` keeps it as CLDR writes it
/// (Unicode TR35, "Language Plural Rules"), and it is parsed once, on first use.
///
/// A count is a whole number, so of the rules' operands only n and i (its
/// absolute value) are nonzero; v, w, f, t (fraction digits), c and e
/// (exponent) are 0. The conditions only fractions or exponents meet are
/// kept all the same: they give a language its categories (Russian's
/// "other" is for fractions only).
enum PluralRules {
    /// The plural category ("zero", "one", "two", "few", "many" or "other")
    /// of `count` in `language` (a BCP 47 tag or an Apple/xcstrings language
    /// code such as "pt-PT", "zh-Hans", "sr_Latn"); "other" when the
    /// language has no rules.
    static func category(of count: Int, language: String) -> String {
        guard let rules = rules(for: language) else { return "other" }
        // CLDR's conditions don't overlap; "other"'s, the last, is always met.
        return rules.first { $0.condition.isMet(byMagnitude: count.magnitude) }?.category ?? "other"
    }

    /// The categories `language` has, in CLDR's order (zero, one, two, few,
    /// many, other); nil when CLDR has no rules for it.
    static func categories(of language: String) -> [String]? {
        rules(for: language)?.map(\.category)
    }

    /// Throws when `rule` is not in CLDR's rule syntax, so that a test can
    /// check every rule of `cldrRules`.
    static func checkSyntax(of rule: String) throws {
        _ = try Condition(parsing: rule)
    }

    /// The rules of the most specific locale CLDR has rules for: "pt-PT" for
    /// pt-PT, "pt" for pt-BR, "zh" for zh-Hant-TW, "sr" for sr_Latn.
    private static func rules(for language: String) -> [Rule]? {
        var subtags = language.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" })
        // A script never changes the rules, but it would hide the region
        // after it: pt-Latn-PT is pt-PT.
        if subtags.count > 2, subtags[1].count == 4, subtags[1].allSatisfy(\.isLetter) {
            subtags.remove(at: 1)
        }
        while !subtags.isEmpty {
            if let rules = rulesByLocale[subtags.joined(separator: "-")] { return rules }
            subtags.removeLast()
        }
        return nil
    }

    /// The rules of `cldrRules`, parsed, by lowercased locale.
    private static let rulesByLocale: [String: [Rule]] = {
        var rulesByLocale: [String: [Rule]] = [:]
        for (locales, rules) in cldrRules {
            let parsed = rules.map { category, rule in
                do {
                    return Rule(category: category, condition: try Condition(parsing: rule))
                } catch {
                    // A typo in the table, which PluralRulesTests reports.
                    fatalError("CLDR plural rule \"\(category)\" of \(locales): \(error)")
                }
            }
            for locale in locales.split(whereSeparator: \.isWhitespace) {
                rulesByLocale[locale.lowercased()] = parsed
            }
        }
        return rulesByLocale
    }()
}

extension PluralRules {
    /// CLDR 48's cardinal plural rules (cldr-json 48.0.0,
    /// `cldr-core/supplemental/plurals.json`; `common/supplemental/plurals.xml`
    /// in CLDR), grouped as plurals.xml groups the locales that share them,
    /// without the samples (`@integer …`, `@decimal …`), which
    /// PluralRulesTests checks.
    ///
    /// Each group has CLDR's categories in CLDR's order; "other", the last,
    /// has no condition. Locales are BCP 47 tags, and include the legacy
    /// codes in, iw and ji that plurals.xml lists (and cldr-json leaves out).
    static let cldrRules: [(locales: String, rules: KeyValuePairs<String, String>)] = [
        // other
        (
            locales: """
                bm bo dz hnj id ig ii in ja jbo jv jw kde kea km ko lkt lo ms my nqo osa sah ses sg su th
                to tpi und vi wo yo yue zh
                """,
            rules: ["other": ""]
        ),

        // one, other
        (
            locales: "am as bn doi fa gu hi kn kok kok-Latn pcm zu",
            rules: [
                "one": "i = 0 or n = 1",
                "other": "",
            ]
        ),
        (
            locales: "ff hy kab",
            rules: [
                "one": "i = 0,1",
                "other": "",
            ]
        ),
        (
            locales: "ast de en et fi fy gl ia ie io ji lij nl sc sv sw ur yi",
            rules: [
                "one": "i = 1 and v = 0",
                "other": "",
            ]
        ),
        (
            locales: "si",
            rules: [
                "one": "n = 0,1 or i = 0 and f = 1",
                "other": "",
            ]
        ),
        (
            locales: "ak bho csw guw ln mg nso pa ti wa",
            rules: [
                "one": "n = 0..1",
                "other": "",
            ]
        ),
        (
            locales: "tzm",
            rules: [
                "one": "n = 0..1 or n = 11..99",
                "other": "",
            ]
        ),
        (
            locales: """
                af an asa az bal bem bez bg brx ce cgg chr ckb dv ee el eo eu fo fur gsw ha haw hu jgo jmc
                ka kaj kcg kk kkj kl ks ksb ku ky lb lg mas mgo ml mn mr nah nb nd ne nn nnh no nr ny nyn
                om or os pap ps rm rof rwk saq sd sdh seh sn so sq ss ssy st syr ta te teo tig tk tn tr ts
                ug uz ve vo vun wae xh xog
                """,
            rules: [
                "one": "n = 1",
                "other": "",
            ]
        ),
        (
            locales: "da",
            rules: [
                "one": "n = 1 or t != 0 and i = 0,1",
                "other": "",
            ]
        ),
        (
            locales: "is",
            rules: [
                "one": "t = 0 and i % 10 = 1 and i % 100 != 11 or t % 10 = 1 and t % 100 != 11",
                "other": "",
            ]
        ),
        (
            locales: "mk",
            rules: [
                "one": "v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11",
                "other": "",
            ]
        ),
        (
            locales: "ceb fil tl",
            rules: [
                "one": "v = 0 and i = 1,2,3 or v = 0 and i % 10 != 4,6,9 or v != 0 and f % 10 != 4,6,9",
                "other": "",
            ]
        ),

        // zero, one, other
        (
            locales: "lv prg",
            rules: [
                "zero": "n % 10 = 0 or n % 100 = 11..19 or v = 2 and f % 100 = 11..19",
                "one": "n % 10 = 1 and n % 100 != 11 or v = 2 and f % 10 = 1 and f % 100 != 11 or v != 2 and f % 10 = 1",
                "other": "",
            ]
        ),
        (
            locales: "lag",
            rules: [
                "zero": "n = 0",
                "one": "i = 0,1 and n != 0",
                "other": "",
            ]
        ),
        (
            locales: "blo cv ksh",
            rules: [
                "zero": "n = 0",
                "one": "n = 1",
                "other": "",
            ]
        ),

        // one, two, other
        (
            locales: "he iw",
            rules: [
                "one": "i = 1 and v = 0 or i = 0 and v != 0",
                "two": "i = 2 and v = 0",
                "other": "",
            ]
        ),
        (
            locales: "iu naq sat se sma smi smj smn sms",
            rules: [
                "one": "n = 1",
                "two": "n = 2",
                "other": "",
            ]
        ),

        // one, few, other
        (
            locales: "shi",
            rules: [
                "one": "i = 0 or n = 1",
                "few": "n = 2..10",
                "other": "",
            ]
        ),
        (
            locales: "mo ro",
            rules: [
                "one": "i = 1 and v = 0",
                "few": "v != 0 or n = 0 or n != 1 and n % 100 = 1..19",
                "other": "",
            ]
        ),
        (
            locales: "bs hr sh sr",
            rules: [
                "one": "v = 0 and i % 10 = 1 and i % 100 != 11 or f % 10 = 1 and f % 100 != 11",
                "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14 or f % 10 = 2..4 and f % 100 != 12..14",
                "other": "",
            ]
        ),

        // one, many, other
        (
            locales: "fr",
            rules: [
                "one": "i = 0,1",
                "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5",
                "other": "",
            ]
        ),
        (
            locales: "pt",
            rules: [
                "one": "i = 0..1",
                "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5",
                "other": "",
            ]
        ),
        (
            locales: "ca it lld pt-PT scn vec",
            rules: [
                "one": "i = 1 and v = 0",
                "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5",
                "other": "",
            ]
        ),
        (
            locales: "es",
            rules: [
                "one": "n = 1",
                "many": "e = 0 and i != 0 and i % 1000000 = 0 and v = 0 or e != 0..5",
                "other": "",
            ]
        ),

        // one, two, few, other
        (
            locales: "gd",
            rules: [
                "one": "n = 1,11",
                "two": "n = 2,12",
                "few": "n = 3..10,13..19",
                "other": "",
            ]
        ),
        (
            locales: "sl",
            rules: [
                "one": "v = 0 and i % 100 = 1",
                "two": "v = 0 and i % 100 = 2",
                "few": "v = 0 and i % 100 = 3..4 or v != 0",
                "other": "",
            ]
        ),
        (
            locales: "dsb hsb",
            rules: [
                "one": "v = 0 and i % 100 = 1 or f % 100 = 1",
                "two": "v = 0 and i % 100 = 2 or f % 100 = 2",
                "few": "v = 0 and i % 100 = 3..4 or f % 100 = 3..4",
                "other": "",
            ]
        ),

        // one, few, many, other
        (
            locales: "cs sk",
            rules: [
                "one": "i = 1 and v = 0",
                "few": "i = 2..4 and v = 0",
                "many": "v != 0",
                "other": "",
            ]
        ),
        (
            locales: "pl",
            rules: [
                "one": "i = 1 and v = 0",
                "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
                "many": "v = 0 and i != 1 and i % 10 = 0..1 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 12..14",
                "other": "",
            ]
        ),
        (
            locales: "be",
            rules: [
                "one": "n % 10 = 1 and n % 100 != 11",
                "few": "n % 10 = 2..4 and n % 100 != 12..14",
                "many": "n % 10 = 0 or n % 10 = 5..9 or n % 100 = 11..14",
                "other": "",
            ]
        ),
        (
            locales: "lt",
            rules: [
                "one": "n % 10 = 1 and n % 100 != 11..19",
                "few": "n % 10 = 2..9 and n % 100 != 11..19",
                "many": "f != 0",
                "other": "",
            ]
        ),
        (
            locales: "ru uk",
            rules: [
                "one": "v = 0 and i % 10 = 1 and i % 100 != 11",
                "few": "v = 0 and i % 10 = 2..4 and i % 100 != 12..14",
                "many": "v = 0 and i % 10 = 0 or v = 0 and i % 10 = 5..9 or v = 0 and i % 100 = 11..14",
                "other": "",
            ]
        ),

        // one, two, few, many, other
        (
            locales: "br",
            rules: [
                "one": "n % 10 = 1 and n % 100 != 11,71,91",
                "two": "n % 10 = 2 and n % 100 != 12,72,92",
                "few": "n % 10 = 3..4,9 and n % 100 != 10..19,70..79,90..99",
                "many": "n != 0 and n % 1000000 = 0",
                "other": "",
            ]
        ),
        (
            locales: "ga",
            rules: [
                "one": "n = 1",
                "two": "n = 2",
                "few": "n = 3..6",
                "many": "n = 7..10",
                "other": "",
            ]
        ),
        (
            locales: "gv",
            rules: [
                "one": "v = 0 and i % 10 = 1",
                "two": "v = 0 and i % 10 = 2",
                "few": "v = 0 and i % 100 = 0,20,40,60,80",
                "many": "v != 0",
                "other": "",
            ]
        ),
        (
            locales: "mt",
            rules: [
                "one": "n = 1",
                "two": "n = 2",
                "few": "n = 0 or n % 100 = 3..10",
                "many": "n % 100 = 11..19",
                "other": "",
            ]
        ),
        (
            locales: "sgs",
            rules: [
                "one": "n % 10 = 1 and n % 100 != 11",
                "two": "n = 2",
                "few": "n != 2 and n % 10 = 2..9 and n % 100 != 11..19",
                "many": "f != 0",
                "other": "",
            ]
        ),

        // zero, one, two, few, many, other
        (
            locales: "kw",
            rules: [
                "zero": "n = 0",
                "one": "n = 1",
                "two": "n % 100 = 2,22,42,62,82 or n % 1000 = 0 and n % 100000 = 1000..20000,40000,60000,80000 or n != 0 and n % 1000000 = 100000",
                "few": "n % 100 = 3,23,43,63,83",
                "many": "n != 1 and n % 100 = 1,21,41,61,81",
                "other": "",
            ]
        ),
        (
            locales: "ar ars",
            rules: [
                "zero": "n = 0",
                "one": "n = 1",
                "two": "n = 2",
                "few": "n % 100 = 3..10",
                "many": "n % 100 = 11..99",
                "other": "",
            ]
        ),
        (
            locales: "cy",
            rules: [
                "zero": "n = 0",
                "one": "n = 1",
                "two": "n = 2",
                "few": "n = 3",
                "many": "n = 6",
                "other": "",
            ]
        ),
    ]
}

/// A plural category and the condition a number meets to be in it.
private struct Rule {
    let category: String
    let condition: Condition
}

/// A rule's condition: relations joined by `and`, and those joined by `or`
/// (`and` binds tighter; there are no parentheses), as in
/// `v = 0 and i % 10 = 1 or f % 10 = 1`. Empty, as "other"'s is, it is
/// always met.
private struct Condition {
    /// Met when every relation of one of these is.
    let alternatives: [[Relation]]

    init(parsing rule: String) throws {
        // Words one space apart, so that " or " and " and " find them.
        let words = rule.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if words.isEmpty {
            alternatives = []
            return
        }
        alternatives = try words.split(separator: " or ", omittingEmptySubsequences: false).map { alternative in
            try alternative.split(separator: " and ", omittingEmptySubsequences: false).map(Relation.init(parsing:))
        }
    }

    /// Whether a whole number of magnitude `magnitude` meets the condition.
    func isMet(byMagnitude magnitude: UInt) -> Bool {
        alternatives.isEmpty || alternatives.contains { relations in
            relations.allSatisfy { $0.isMet(byMagnitude: magnitude) }
        }
    }
}

/// `operand [% modulus] = list` or `… != list`, as in `i % 100 != 12..14`:
/// whether the operand, modulo the modulus, is (or isn't) in the list, a
/// comma-separated list of values and ranges (`3..4,9`).
private struct Relation {
    let operand: Operand
    let modulus: UInt?
    let isNegated: Bool
    /// The list's ranges; a value is a range of one.
    let ranges: [ClosedRange<UInt>]

    init(parsing text: Substring) throws {
        let expression: Substring
        let list: Substring
        if let notEquals = text.firstRange(of: "!=") {
            (expression, list, isNegated) = (text[..<notEquals.lowerBound], text[notEquals.upperBound...], true)
        } else if let equals = text.firstRange(of: "=") {
            (expression, list, isNegated) = (text[..<equals.lowerBound], text[equals.upperBound...], false)
        } else {
            throw RuleSyntaxError("no \"=\" or \"!=\" in \"\(text)\"")
        }

        let operandAndModulus = expression.split(separator: "%", omittingEmptySubsequences: false)
        guard operandAndModulus.count <= 2, let operand = Operand(rawValue: String(operandAndModulus[0].trimmed)) else {
            throw RuleSyntaxError("no operand (n, i, v, w, f, t, c or e) in \"\(expression)\"")
        }
        self.operand = operand
        if operandAndModulus.count == 2 {
            guard let modulus = UInt(operandAndModulus[1].trimmed), modulus > 0 else {
                throw RuleSyntaxError("no modulus in \"\(expression)\"")
            }
            self.modulus = modulus
        } else {
            modulus = nil
        }

        ranges = try list.split(separator: ",", omittingEmptySubsequences: false).map { item in
            let bounds = item.split(separator: "..", omittingEmptySubsequences: false)
            guard bounds.count <= 2,
                  let lower = bounds.first.flatMap({ UInt($0.trimmed) }),
                  let upper = bounds.last.flatMap({ UInt($0.trimmed) }),
                  lower <= upper
            else {
                throw RuleSyntaxError("no value or range in \"\(item)\" of \"\(text)\"")
            }
            return lower...upper
        }
    }

    /// Whether a whole number of magnitude `magnitude` meets the relation.
    func isMet(byMagnitude magnitude: UInt) -> Bool {
        var value = operand.value(forMagnitude: magnitude)
        if let modulus { value %= modulus }
        return ranges.contains { $0.contains(value) } != isNegated
    }
}

/// The operands of a number (TR35): n, its absolute value; i, its integer
/// digits; v, w, f, t, its visible fraction digits (how many, how many
/// without trailing zeros, and those digits as numbers); c and e, its
/// exponent in compact notation.
private enum Operand: String {
    case n, i, v, w, f, t, c, e

    /// The operand of a whole number of magnitude `magnitude`: it has no
    /// fraction digits and no exponent.
    func value(forMagnitude magnitude: UInt) -> UInt {
        switch self {
        case .n, .i: magnitude
        case .v, .w, .f, .t, .c, .e: 0
        }
    }
}

/// Why a rule is not in CLDR's rule syntax.
private struct RuleSyntaxError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

extension Substring {
    /// Without leading and trailing whitespace.
    fileprivate var trimmed: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
