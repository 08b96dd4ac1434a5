import AuthenticatorPresentation

/// The unlock (or create) page, from ``UnlockViewModel``. The passphrase typed
/// is never shown back. What opening the vault's files found is in the
/// layout's warnings, on every page.
struct UnlockPage: Sendable {
    let frame: PageFrame
    let heading: String
    let hint: String
    let creating: Bool
    let error: String?

    @MainActor
    init(session: AuthenticatorTab) {
        let unlock = session.unlock
        frame = PageFrame(session: session, title: unlock.title, page: "")
        heading = unlock.title
        hint = unlock.hint
        creating = unlock.mode == .create
        error = unlock.message
    }
}
