import AuthenticatorDomain
import AuthenticatorPresentation

/// The add-account page: the form of ``AccountFormState`` with each
/// field's message beside it, and the link form. The secret typed is never
/// shown back: after a mistake it is typed again.
struct AddPage: FramedPage {
    let frame: PageFrame
    let issuer: String
    let name: String
    let kinds: [Choice]
    let algorithms: [Choice]
    let digits: [Choice]
    let period: String
    let counter: String
    let issuerMessage: String?
    let nameMessage: String?
    let secretMessage: String?
    let digitsMessage: String?
    let periodMessage: String?
    let counterMessage: String?
    /// Why the link could not be added, if it could not.
    let linkMessage: String?

    @MainActor
    init(
        session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd, form: AccountFormState, message: String? = nil,
        linkMessage: String? = nil
    ) {
        frame = PageFrame(session: session, in: frontEnd, title: "Add an account", page: "add", message: message)
        issuer = form.issuer
        name = form.name
        let words = frontEnd.wording(of: session)
        kinds = OTPKind.allCases.map { Choice(value: $0.rawValue, title: words($0.title), selected: $0 == form.kind) }
        algorithms = OTPAlgorithm.allCases.map { Choice(value: $0.rawValue, title: $0.name, selected: $0 == form.algorithm) }
        digits = form.digitChoices.map { Choice(value: String($0), title: String($0), selected: $0 == form.digits) }
        period = form.period
        counter = form.counter
        // The fields' messages, in the tab's language.
        issuerMessage = form.message(for: .issuer).map { words($0) }
        nameMessage = form.message(for: .name).map { words($0) }
        secretMessage = form.message(for: .secret).map { words($0) }
        digitsMessage = form.message(for: .digits).map { words($0) }
        periodMessage = form.message(for: .period).map { words($0) }
        counterMessage = form.message(for: .counter).map { words($0) }
        self.linkMessage = linkMessage
    }
}
