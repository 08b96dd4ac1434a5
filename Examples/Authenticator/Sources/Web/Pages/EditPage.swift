import AuthenticatorDomain
import AuthenticatorPresentation

/// The edit page of an account, from ``AccountEditState``: its names, note
/// and tags (never its secret or parameters), and the button that deletes it
/// (the list then offers Undo).
struct EditPage: FramedPage {
    let frame: PageFrame
    let id: String
    let issuer: String
    let name: String
    let note: String
    let tags: String
    /// What is wrong with the names, beside the service field.
    let namesMessage: String?

    @MainActor
    init(session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd, form: AccountEditState, message: String? = nil) {
        frame = PageFrame(session: session, in: frontEnd, title: "Edit the account", page: "edit", message: message)
        id = form.id.description
        issuer = form.issuer
        name = form.name
        note = form.note
        tags = form.tags
        namesMessage = form.message.map { frontEnd.wording(of: session)($0) }
    }
}
