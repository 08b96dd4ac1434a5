import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

/// The unlock screen's routes: its page, the passphrase typed, a new tab let in by its browser's key, and the lock.
/// Every route decodes, authorizes its tab, drives the tab's scene, and answers.
func addUnlockRoutes(to router: Router<WebRequestContext>, frontEnd: AuthenticatorFrontEnd) {
    router.get("unlock") { @MainActor request, context in
        let session = frontEnd.session(request.uri.queryParameters.get("tab"), browser: context.browser)
        frontEnd.voice(of: session, accepting: request.languages)
        guard !frontEnd.isUnlocked(session) else { return Response.redirect(to: "/?tab=\(session.id)", type: .normal) }
        return Response.reply(await frontEnd.page("unlock", UnlockPage(session: session, in: frontEnd)))
    }
    router.post("unlock") { @MainActor request, context in
        let form = try await request.decodeForm(UnlockForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form, browser: context.browser)
        return Response.reply(await frontEnd.unlock(
            session, passphrase: form.passphrase, confirmation: form.confirmation ?? "", key: form.known))
    }
    // A new tab of a browser the vault is open to, let in by the browser's
    // key its script kept (``BrowserLocks``): 204, or 401 for a key that opens nothing.
    router.post("unlock/resume") { @MainActor request, context in
        let form = try await request.decodeForm(ResumeForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form, browser: context.browser)
        return Response(status: frontEnd.resume(session, key: form.key) ? .noContent : .unauthorized)
    }
    router.post("lock") { @MainActor request, context in
        let form = try await request.decodeForm(ButtonForm.self, context: context)
        let session = try frontEnd.sessions.authorize(form, browser: context.browser)
        // Only a tab the vault is open to closes it: a tab let into nothing
        // (a cookie replayed by another client) changes nothing.
        if frontEnd.isUnlocked(session) { await frontEnd.lock(session) }
        return request.isFromScript ? Response(status: .noContent) : Response.redirect(to: "/unlock?tab=\(session.id)", type: .normal)
    }
}
