import Keel

extension Account {
    /// The most characters of an issuer, a name or a tag (a group's name).
    public static let maximumTextLength = 256
    /// The most characters of a note.
    public static let maximumNoteLength = 10_000
    /// The most bytes of a secret: far more than any service's (10 to 64).
    public static let maximumSecretBytes = 512
    /// The most tags (groups) of an account.
    public static let maximumGroups = 100

    /// Checks what an entry may hold before it becomes an account: no
    /// field of absurd size, and no control character (a line break, a
    /// tab…) in the issuer, the name or a tag, which would forge lines and
    /// columns wherever they are shown. A note may hold line breaks and tabs.
    public func check() throws(EntryFizzle) {
        try Self.check(issuer, field: "issuer")
        try Self.check(name, field: "account name")
        guard groups.count <= Self.maximumGroups else { throw .tooManyGroups(maximum: Self.maximumGroups) }
        for group in groups {
            try Self.check(group, field: "tag")
        }
        guard !Self.isLonger(note, than: Self.maximumNoteLength) else {
            throw .tooLong(field: "note", maximum: Self.maximumNoteLength)
        }
        guard secret.bytes.count <= Self.maximumSecretBytes else {
            throw .secretTooLong(maximumBytes: Self.maximumSecretBytes)
        }
    }

    private static func check(_ text: String, field: LocalizedText) throws(EntryFizzle) {
        guard !isLonger(text, than: maximumTextLength) else { throw .tooLong(field: field, maximum: maximumTextLength) }
        guard !text.unicodeScalars.contains(where: isControl) else { throw .controlCharacter(field: field) }
    }

    /// Whether `text` has more than `maximum` characters, counting no further.
    private static func isLonger(_ text: String, than maximum: Int) -> Bool {
        guard text.utf8.count > maximum,
            let index = text.index(text.startIndex, offsetBy: maximum, limitedBy: text.endIndex)
        else { return false }
        return index != text.endIndex
    }

    /// Whether `scalar` is a control character (C0, DEL, C1) or a line or
    /// paragraph separator.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
