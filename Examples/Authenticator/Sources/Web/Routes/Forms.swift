import AuthenticatorDomain
import KeelWeb

/// The unlock or create form. Its passphrases are used once and forgotten.
struct UnlockForm: TabForm, RedactedDescription {
    let tab: String
    let token: String
    let passphrase: String
    let confirmation: String?
    /// The browser's key, sent by the page's script (``BrowserLocks``).
    let known: String?
}

/// A new tab's browser key (``BrowserLocks``), sent by its unlock page's script.
struct ResumeForm: TabForm, RedactedDescription {
    let tab: String
    let token: String
    let key: String
}

/// A form naming a notice of the vault's files (``VaultNotice/id``), to dismiss it.
struct NoticeForm: TabForm {
    let tab: String
    let token: String
    let notice: String
}

/// A form naming an account (copy, favourite).
struct AccountForm: TabForm {
    let tab: String
    let token: String
    let id: Int64
    let value: String?
}

/// The search typed, or the filter chosen, on the list.
struct ListForm: TabForm {
    let tab: String
    let token: String
    let q: String?
    let filter: String?
}

/// The sort order chosen on the list.
struct SortForm: TabForm {
    let tab: String
    let token: String
    let order: String
}

/// The add-account form.
struct AddForm: TabForm, RedactedDescription {
    let tab: String
    let token: String
    let issuer: String
    let name: String
    let secret: String
    let kind: String
    let algorithm: String
    let digits: String
    let period: String?
    let counter: String?
}

/// An `otpauth://` link pasted.
struct LinkForm: TabForm, RedactedDescription {
    let tab: String
    let token: String
    let uri: String
}

/// The import entries chosen in the preview (their indices).
struct ApplyImportForm: TabForm {
    let tab: String
    let token: String
    let chosen: [Int]?
}

/// The export form.
struct ExportForm: TabForm, RedactedDescription {
    let tab: String
    let token: String
    let format: String
    let password: String?
    let confirmation: String?
    let confirmsPlain: String?
    /// The vault's passphrase, asked again for every export.
    let passphrase: String?
}

/// The automatic backups' form (a checkbox is absent when off).
struct BackupForm: TabForm, RedactedDescription {
    let tab: String
    let token: String
    let enabled: String?
    let folder: String?
    let kept: String?
    let password: String?
    let confirmation: String?
}

/// The settings form (a checkbox is absent when off).
struct SettingsForm: TabForm {
    let tab: String
    let token: String
    let timeOffset: String
    let showsNextCode: String?
    let autoLock: Int
    let order: String
    /// The tab's interface language: empty for its browser's; absent to keep it.
    let interface: String?
}

/// The change of passphrase.
struct PassphraseForm: TabForm, RedactedDescription {
    let tab: String
    let token: String
    let current: String
    let new: String
    let confirmation: String
}

/// The edit form of an account: its names, note and tags (never its secret).
struct EditForm: TabForm {
    let tab: String
    let token: String
    let id: Int64
    let issuer: String
    let name: String
    let note: String?
    let tags: String?
}

/// An account moved one place up or down the custom order.
struct MoveForm: TabForm {
    let tab: String
    let token: String
    let id: Int64
    /// `up` or `down`.
    let direction: String
}
