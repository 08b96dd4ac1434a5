import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import KeelWebTesting
import Testing

/// The web import page offers every format the app reads, the two added by
/// issue 25 among them, and previews them like the others.
@Suite("Web import formats", .timeLimit(.minutes(5)))
struct ImportFormatRouteTests {
    @Test("The import page lists every format; a Proton Authenticator and a FreeOTP+ export preview their entries")
    func formats() async throws {
        let (raft, _) = try await webRaft()
        let recorder = BodyRecorder()
        try await webApplication(raft).test(.router) { client in
            let tab = try #require(try await client.openTab(recorder))
            let page = String(buffer: try await client.get("/import?tab=\(tab.tab)", recorder).body)
            for format in ImportFormat.allCases {
                #expect(page.contains("<option value=\"\(format.rawValue)\""), "\(format)")
                #expect(page.contains(format.title.description), "\(format)")
            }
            let secret = Base32.encode(Array("a proton import secret".utf8))
            let proton = #"{"version": 1, "entries": [{"id": "1", "content": {"uri": "otpauth://totp/Proton:ada?secret=\#(secret)&issuer=Proton", "entry_type": "Totp", "name": "ada"}, "note": null}, {"id": "2", "content": {"uri": "otpauth://totp/Proton:ada?secret=\#(secret)&issuer=Proton", "entry_type": "Totp", "name": "ada"}}]}"#
            let preview = try await client.post(
                "/import/preview", tab.form([("format", "protonAuthenticator"), ("text", proton), ("password", "")]), recorder)
            #expect(preview.status == .ok)
            let previewed = String(buffer: preview.body)
            #expect(previewed.contains("1 new, 0 already in the vault, 1 repeated in the import, 0 invalid"))
            #expect(previewed.contains("status-repeated") && previewed.contains("the same account as entry 1"))
            #expect(!previewed.contains(secret))

            let freeOTP = #"{"tokens": [{"secret": [1, 2, 3, 4, 5, -6], "type": "TOTP", "issuerExt": "Free", "label": "ada"}, {"secret": "x", "type": "TOTP"}]}"#
            let second = try await client.post(
                "/import/preview", tab.form([("format", "freeOTPPlus"), ("text", freeOTP), ("password", "")]), recorder)
            #expect(String(buffer: second.body).contains("1 new, 0 already in the vault, 1 invalid"))
            #expect(String(buffer: second.body).contains("the secret is not written the way this format writes secrets"))
        }
        #expect(await recorder.leaks().isEmpty)
    }
}
