import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The add screen's routes: its page, the form, and a link pasted.
func addAddRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("add") { @MainActor request, context in
        let session = try frontEnd.unlockedSession(request.uri.queryParameters.get("tab"), browser: context.browser, page: "/add")
        frontEnd.voice(of: session, accepting: request.languages)
        session.show(.addAccount)
        return Response.reply(await frontEnd.page("add", AddPage(session: session, in: frontEnd, form: AccountFormState())))
    }
    router.post("add") { @MainActor request, context in
        let form = try await request.decodeForm(AddForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        var state = AccountFormState()
        state.issuer = form.issuer
        state.name = form.name
        state.secret = form.secret
        guard let kind = OTPKind(rawValue: form.kind), let algorithm = OTPAlgorithm(rawValue: form.algorithm) else {
            throw PageError(.badRequest, message: "Unknown kind of code or algorithm.")
        }
        state.kind = kind
        state.algorithm = algorithm
        state.digits = Int(form.digits) ?? 0
        state.period = form.period ?? "30"
        state.counter = form.counter ?? "0"
        let added = await state.apply(to: session.service)
        // The page never shows the secret back.
        state.secret = ""
        guard let added else {
            let message = state.vaultMessage.map { frontEnd.wording(of: session)($0) }
            return Response.reply(await frontEnd.page("add", AddPage(session: session, in: frontEnd, form: state, message: message), status: 400))
        }
        // The list says what was added.
        return Response.redirect(to: "/?tab=\(session.id)&added=\(added.id.rawValue)", type: .normal)
    }
    router.post("add/link") { @MainActor request, context in
        let form = try await request.decodeForm(LinkForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        let adder = session.linkAdder()
        adder.link = form.uri
        await OwnedTasks.waitForTasks { adder.send(.add) }
        guard let added = adder.added else {
            return Response.reply(await frontEnd.page(
                "add", AddPage(session: session, in: frontEnd, form: AccountFormState(), linkMessage: adder.message.map { frontEnd.wording(of: session)($0) }),
                status: 400))
        }
        return Response.redirect(to: "/?tab=\(session.id)&added=\(added.id.rawValue)", type: .normal)
    }
}
