/// The formats of catalog texts: `%lld`, `%@`, the positional `%2$@`, and
/// `%%` for a percent sign; the catalog (`KeelCatalog`) formats with them too.
extension LocalizedText {
    /// `pattern` with `arguments` in place of its specifiers (`%lld`, `%@`,
    /// and the positional `%2$@`); `%%` is a percent sign. A pattern of no
    /// arguments is shown as it is. Korean particle pairs after a value
    /// (`%@을(를)`) become the form that fits it (`KoreanParticles`).
    package static func format(_ pattern: String, _ arguments: [Argument], resolve: (LocalizedText) -> String) -> String {
        guard !arguments.isEmpty else { return pattern }
        var result = ""
        var next = 0
        var rest = pattern[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                result += "%"
                rest = rest.dropFirst()
                continue
            }
            guard let specifier = Specifier(parsing: rest) else {
                result += "%"
                continue
            }
            rest = rest.dropFirst(specifier.length)
            let index = specifier.position.map { $0 - 1 } ?? next
            next = index + 1
            guard arguments.indices.contains(index) else { continue }
            switch arguments[index] {
            case .integer(let n): result += String(n)
            case .text(let text): result += text
            case .localized(let text): result += resolve(text)
            }
        }
        return KoreanParticles.resolve(result + rest)
    }

    /// The specifiers of `pattern`, each as its conversion (`lld`, `@`).
    package static func specifiers(in pattern: String) -> [String] {
        var found: [String] = []
        var rest = pattern[...]
        while let percent = rest.firstIndex(of: "%") {
            rest = rest[rest.index(after: percent)...]
            if rest.first == "%" {
                rest = rest.dropFirst()
            } else if let specifier = Specifier(parsing: rest) {
                found.append(specifier.conversion)
                rest = rest.dropFirst(specifier.length)
            }
        }
        return found
    }

    /// A format specifier after its `%`: an optional position (`2$`) and a
    /// conversion (`lld`, `ld`, `d`, `@`).
    private struct Specifier {
        let position: Int?
        let conversion: String
        let length: Int

        init?(parsing text: Substring) {
            let digits = text.prefix(while: { $0.isASCII && $0.isNumber })
            var rest = text.dropFirst(digits.count)
            var position: Int?
            if !digits.isEmpty, rest.first == "$" {
                position = Int(digits)
                rest = rest.dropFirst()
            } else if !digits.isEmpty {
                return nil
            }
            guard let conversion = ["lld", "ld", "d", "@"].first(where: { rest.hasPrefix($0) }) else { return nil }
            self.position = position
            self.conversion = conversion == "@" ? "@" : "lld"
            self.length = text.count - rest.count + conversion.count
        }
    }
}
