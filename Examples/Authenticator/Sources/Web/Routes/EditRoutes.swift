import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The edit screen's routes: its page, the form (names, note, tags), and the delete (the list then offers Undo).
func addEditRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("edit") { @MainActor request, context in
        let query = request.uri.queryParameters
        let page = "/edit?id=\(query.get("id", as: Int64.self).map(String.init) ?? "")"
        let session = try frontEnd.unlockedSession(query.get("tab"), browser: context.browser, page: page)
        frontEnd.voice(of: session, accepting: request.languages)
        let saved = try savedAccount(query.get("id", as: Int64.self), of: session, in: frontEnd)
        session.show(.editAccount(saved.id))
        return Response.reply(await frontEnd.page("edit", EditPage(session: session, in: frontEnd, form: AccountEditState(saved))))
    }
    router.post("edit") { @MainActor request, context in
        let form = try await request.decodeForm(EditForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        var state = AccountEditState(try savedAccount(form.id, of: session, in: frontEnd))
        state.issuer = form.issuer
        state.name = form.name
        state.note = form.note ?? ""
        state.tags = form.tags ?? ""
        // A mistake in the names is said beside them; a vault that could not save, at the top.
        guard state.validate() != nil else {
            return Response.reply(await frontEnd.page("edit", EditPage(session: session, in: frontEnd, form: state), status: 400))
        }
        if let problem = await state.apply(to: session.service) {
            let words = frontEnd.wording(of: session)
            return Response.reply(await frontEnd.page("edit", EditPage(session: session, in: frontEnd, form: state, message: words(problem)), status: 400))
        }
        session.show(nil)
        return Response.redirect(to: "/?tab=\(session.id)&saved=\(form.id)", type: .normal)
    }
    router.post("delete") { @MainActor request, context in
        let form = try await request.decodeForm(AccountForm.self, context: context)
        let session = try frontEnd.unlockedSession(tab: form.tab, token: form.token, browser: context.browser)
        let saved = try savedAccount(form.id, of: session, in: frontEnd)
        session.show(nil)
        // The list says what was deleted, and offers Undo.
        await OwnedTasks.waitForTasks { session.list.send(.delete(saved.id)) }
        return Response.redirect(to: "/?tab=\(session.id)", type: .normal)
    }
}

/// The account `id` names, or a 404 page saying it is gone (deleted in another tab, say).
@MainActor
private func savedAccount(_ id: Int64?, of session: AuthenticatorTab, in frontEnd: AuthenticatorFrontEnd) throws -> SavedAccount {
    guard let id, let saved = session.appState.read({ $0.accounts }).value?.first(where: { $0.id.rawValue == id }) else {
        throw PageError(.notFound, message: VaultFizzle.accountNotFound.message, language: frontEnd.wording(of: session).language)
    }
    return saved
}
