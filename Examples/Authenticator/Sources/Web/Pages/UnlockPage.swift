import AuthenticatorPresentation

/// The unlock (or create) page, from ``UnlockViewModel``. The passphrase typed
/// is never shown back. What opening the vault's files found is in the
/// layout's warnings, on every page.
struct UnlockPage: FramedPage {
    let frame: PageFrame
    let heading: String
    let hint: String
    let creating: Bool
    let error: String?

    @MainActor
    init(session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd) {
        let unlock = session.unlock
        frame = PageFrame(session: session, in: frontEnd, title: unlock.title, page: "")
        let words = frontEnd.wording(of: session)
        heading = words(unlock.title)
        hint = words(unlock.hint)
        creating = unlock.mode == .create
        error = unlock.message.map { words($0) }
    }
}
