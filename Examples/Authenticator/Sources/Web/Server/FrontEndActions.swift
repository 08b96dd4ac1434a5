import AuthenticatorDomain
import AuthenticatorPresentation
import Foundation
import Hummingbird
import Keel
import KeelWeb

extension AuthenticatorFrontEnd {
    /// Creates or unlocks the vault for the session's browser (``BrowserLocks``);
    /// the list once open, the unlock page with the reason otherwise. A
    /// browser that sends its `key` types as the owner; any other client's
    /// wrong passphrases are counted apart (``PassphraseTry``).
    func unlock(_ session: AuthenticatorTab, passphrase: String, confirmation: String, key: String?) async -> WebReply {
        locks.forgetIfVaultLocked()
        let unlock = session.unlock
        unlock.passphrase = passphrase
        unlock.confirmation = confirmation
        unlock.typist = locks.knows(session.browser, key: key) ? .owner : .unknownClient
        // With the vault open to other browsers, the passphrase is checked like any unlock try.
        let opened = await unlock.submit()
        // Whatever happened, the passphrases typed are not kept.
        unlock.passphrase = ""
        unlock.confirmation = ""
        if opened, let browser = session.browser {
            locks.admit(session.id, to: locks.open(to: browser))
            return .redirect("/?tab=\(session.id)")
        }
        return await page("unlock", UnlockPage(session: session, in: self), status: 400)
    }

    /// Lets `session` into its browser's opening if `key` is the browser's
    /// key (``BrowserLocks``); returns whether it did.
    func resume(_ session: AuthenticatorTab, key: String) -> Bool {
        guard let serial = locks.resume(session.browser, key: key) else { return false }
        locks.admit(session.id, to: serial)
        return true
    }

    /// Closes the vault to the session's browser (each of its tabs goes to
    /// the unlock page, and lets go of what it showed); the vault locks, its
    /// key forgotten, when it is open to no other browser.
    func lock(_ session: AuthenticatorTab) async {
        if let browser = session.browser {
            for tab in sessions.sessions(of: browser) { tab.screens.lockScreens() }
        }
        if !locks.close(to: session.browser) { await session.service.lockVaultAction() }
    }

    /// Adds the account of the form; the form with each field's message when it is wrong.
    func add(_ session: AuthenticatorTab, _ fields: AddForm) async throws -> WebReply {
        var form = AccountFormState()
        form.issuer = fields.issuer
        form.name = fields.name
        form.secret = fields.secret
        guard let kind = OTPKind(rawValue: fields.kind), let algorithm = OTPAlgorithm(rawValue: fields.algorithm) else {
            throw PageError(.badRequest, message: "Unknown kind of code or algorithm.")
        }
        form.kind = kind
        form.algorithm = algorithm
        form.digits = Int(fields.digits) ?? 0
        form.period = fields.period ?? "30"
        form.counter = fields.counter ?? "0"
        let added = await form.apply(to: session.service)
        // The page never shows the secret back.
        form.secret = ""
        guard added != nil else {
            let message = form.vaultMessage.map { wording(of: session)($0) }
            return await page("add", AddPage(session: session, in: self, form: form, message: message), status: 400)
        }
        return .redirect("/?tab=\(session.id)")
    }

    /// Writes the export and sends it as a download; the export page with the reason otherwise.
    func export(_ session: AuthenticatorTab, _ form: ExportForm) async throws -> Response {
        guard let format = ImportFormat(rawValue: form.format) else { throw PageError(.badRequest, message: "Unknown format.") }
        let exporter = session.exporter()
        exporter.format = format
        exporter.password = form.password ?? ""
        exporter.confirmation = form.confirmation ?? ""
        exporter.confirmsPlain = form.confirmsPlain != nil
        exporter.passphrase = form.passphrase ?? ""
        await OwnedTasks.waitForTasks { exporter.send(.export) }
        exporter.password = ""
        exporter.confirmation = ""
        exporter.confirmsPlain = false
        exporter.passphrase = ""
        guard let export = exporter.export else {
            return Response.reply(await page("export", ExportPage(session: session, in: self), status: 400))
        }
        let fileName = exporter.fileName
        exporter.send(.clear)
        var data = Data()
        for (index, page) in export.pages.enumerated() {
            if index > 0 { data.append(0x0A) }
            data.append(page)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: format == .aegis ? "application/json" : "text/plain; charset=utf-8",
                .contentDisposition: "attachment; filename=\"\(fileName)\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
