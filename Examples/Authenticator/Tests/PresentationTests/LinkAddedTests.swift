import AuthenticatorPresentation
import Foundation
import Testing

@Suite("What the timeline records of a link added: never its secret", .timeLimit(.minutes(1)))
struct LinkAddedTests {
    @Test("an otpauth link keeps its type, label and harmless parameters; the secret and every unknown one are left out")
    func otpauthLink() {
        let recorded = LinkAdded(
            "  otpauth://totp/GitHub:ada?secret=JBSWY3DPEHPK3PXP&issuer=GitHub&digits=8&period=60&algorithm=SHA256&image=https://x.test/i.png\n")
        #expect(recorded.link == "otpauth://totp/GitHub:ada?issuer=GitHub&digits=8&period=60&algorithm=SHA256")
        let counter = LinkAdded("otpauth://hotp/VPN?SECRET=JBSWY3DPEHPK3PXP&Secret=JBSWY3DPEHPK3PXP&counter=7&pin=1234")
        #expect(counter.link == "otpauth://hotp/VPN?counter=7")
    }

    @Test("what is not an otpauth link, a migration link with every secret in it included, is recorded as such")
    func otherLinks() {
        for typed in [
            "otpauth-migration://offline?data=CjEKCkhlbGxvId6tvu8SGEV4YW1wbGU",
            "JBSWY3DPEHPK3PXP", "", "https://example.com/?secret=JBSWY3DPEHPK3PXP", "otpauth ://totp/x?secret=A",
        ] {
            #expect(LinkAdded(typed).link == "(not an otpauth link)", "\(typed)")
        }
    }

    @Test("a user, password or fragment in the link is left out")
    func otherParts() {
        let recorded = LinkAdded("otpauth://JBSWY3DP:PEHPK3PXP@totp/Label?issuer=X#JBSWY3DPEHPK3PXP")
        #expect(!recorded.link.contains("JBSWY3DP"))
        #expect(recorded.link.hasSuffix("/Label?issuer=X"))
    }

    @Test("a replay puts a secret of its own back")
    func secretPutBack() {
        let recorded = LinkAdded("otpauth://totp/GitHub:ada?secret=JBSWY3DPEHPK3PXP&issuer=GitHub")
        #expect(recorded.link(withSecret: "GEZDGNBV") == "otpauth://totp/GitHub:ada?issuer=GitHub&secret=GEZDGNBV")
    }
}
