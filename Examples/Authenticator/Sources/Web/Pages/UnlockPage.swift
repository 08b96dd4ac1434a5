import AuthenticatorPresentation

/// The unlock (or create) page, from ``UnlockViewModel``. The passphrase typed is never shown back.
struct UnlockPage: Sendable {
    let frame: PageFrame
    let heading: String
    let hint: String
    let creating: Bool
    let error: String?
    let notice: String?

    @MainActor
    init(session: AuthenticatorTab) {
        let unlock = session.unlock
        frame = PageFrame(session: session, title: unlock.title, page: "")
        heading = unlock.title
        hint = unlock.hint
        creating = unlock.mode == .create
        error = unlock.message
        notice = unlock.notice
    }
}
