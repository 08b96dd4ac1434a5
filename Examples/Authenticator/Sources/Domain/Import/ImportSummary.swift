import Keel

/// What applying an import did.
public struct ImportSummary: Hashable, Sendable {
    /// How many accounts were added.
    public let added: Int
    /// How many were already in the vault and skipped.
    public let skipped: Int
    /// How many repeated an account earlier in the same import and were skipped.
    public let repeated: Int

    /// Creates a summary.
    public init(added: Int, skipped: Int, repeated: Int = 0) {
        self.added = added
        self.skipped = skipped
        self.repeated = repeated
    }

    /// The summary in a sentence ("Added 3 accounts; 1 was already in the
    /// vault; 1 appeared twice in the import.").
    public var message: LocalizedText {
        var text: LocalizedText = added == 1 ? "Added \(added) account" : "Added \(added) accounts"
        if skipped > 0 {
            let part: LocalizedText =
                skipped == 1 ? "\(skipped) was already in the vault" : "\(skipped) were already in the vault"
            text = "\(text); \(part)"
        }
        if repeated > 0 {
            let part: LocalizedText =
                repeated == 1
                ? "\(repeated) was a repeat of an account earlier in the import"
                : "\(repeated) were repeats of an account earlier in the import"
            text = "\(text); \(part)"
        }
        return "\(text)."
    }
}
