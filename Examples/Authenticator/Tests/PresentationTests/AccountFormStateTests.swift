import AuthenticatorApp
import AuthenticatorDomain
import AuthenticatorPresentation
import AuthenticatorTesting
import Testing

/// The add-account form's rules, one by one (article 004's view state).
@Suite("Add-account form", .timeLimit(.minutes(5)))
struct AccountFormStateTests {
    static func form(_ change: (inout AccountFormState) -> Void = { _ in }) -> AccountFormState {
        var form = AccountFormState()
        form.issuer = "GitHub"
        form.name = "ada@example.com"
        form.secret = "jbsw y3dp ehpk 3pxp"
        change(&form)
        return form
    }

    @Test("A complete form makes the account; spaces and case in the secret do not matter")
    func valid() throws {
        var form = Self.form()
        let validated = form.validate()
        let account = try #require(validated)
        #expect(account.issuer == "GitHub")
        #expect(account.name == "ada@example.com")
        #expect(account.secret.bytes == Array("Hello!".utf8) + [0xDE, 0xAD, 0xBE, 0xEF])
        #expect(account.parameters == .defaultTOTP)
        #expect(form.messages.isEmpty)
    }

    @Test("Issuer or name is needed; a colon is not allowed in the issuer")
    func names() throws {
        var empty = Self.form { $0.issuer = " "; $0.name = "" }
        #expect(empty.validate() == nil)
        #expect(empty.message(for: .issuer) == "Enter the service or the account name (or both).")
        // A message of the catalog: shown in the reader's language.
        let catalog = try AuthenticatorStrings.catalog()
        #expect(empty.message(for: .issuer).map { catalog.string($0, language: "ko") } == "서비스나 계정 이름(또는 둘 다)을 입력하세요.")
        var nameOnly = Self.form { $0.issuer = "" }
        #expect(nameOnly.validate()?.name == "ada@example.com")
        var colon = Self.form { $0.issuer = "Git:Hub" }
        #expect(colon.validate() == nil)
        #expect(colon.message(for: .issuer)?.description.contains("colon") == true)
    }

    @Test("The secret must be there, be Base32, and be long enough; its message names no more than one character")
    func secret() {
        var missing = Self.form { $0.secret = "  " }
        #expect(missing.validate() == nil)
        #expect(missing.message(for: .secret)?.description.hasPrefix("Enter the secret key") == true)
        var invalid = Self.form { $0.secret = "JBSWY3DPEHPK3PX1" }
        #expect(invalid.validate() == nil)
        #expect(invalid.message(for: .secret)?.description == "The secret key is not valid: the secret contains '1' at position 16, which Base32 does not use.")
        var short = Self.form { $0.secret = "JBSWY3DP" }
        #expect(short.validate() == nil)
        #expect(short.message(for: .secret)?.description.contains("too short") == true)
    }

    @Test("Digits from 6 to 8; Steam ignores digits")
    func digits() {
        var nine = Self.form { $0.digits = 9 }
        #expect(nine.validate() == nil)
        #expect(nine.message(for: .digits) == "Codes have 6, 7 or 8 digits.")
        var eight = Self.form { $0.digits = 8 }
        #expect(eight.validate()?.parameters.digits == 8)
        var steam = Self.form { $0.kind = .steam; $0.digits = 9; $0.period = "x" }
        #expect(steam.validate()?.parameters == .steam)
        #expect(!steam.showsAlgorithmAndDigits && !steam.showsPeriod)
    }

    @Test("The period is a whole number of seconds from 1 to an hour, for time-based codes only")
    func period() {
        for bad in ["0", "-5", "abc", "3601", ""] {
            var form = Self.form { $0.period = bad }
            #expect(form.validate() == nil, "\(bad)")
            #expect(form.message(for: .period) != nil)
        }
        var sixty = Self.form { $0.period = " 60 " }
        #expect(sixty.validate()?.parameters.period == 60)
        var hotp = Self.form { $0.kind = .hotp; $0.period = "nonsense" }
        #expect(hotp.validate() != nil, "a counter-based code has no period")
    }

    @Test("The counter is a whole number, 0 or more, for counter-based codes only")
    func counter() {
        var negative = Self.form { $0.kind = .hotp; $0.counter = "-1" }
        #expect(negative.validate() == nil)
        #expect(negative.message(for: .counter) == "The counter is a whole number, 0 or more.")
        var seven = Self.form { $0.kind = .hotp; $0.counter = "7"; $0.algorithm = .sha256 }
        let account = seven.validate()
        #expect(account?.parameters.counter == 7)
        #expect(account?.parameters.algorithm == .sha256)
        #expect(seven.showsCounter && !seven.showsPeriod)
        var totp = Self.form { $0.counter = "x" }
        #expect(totp.validate() != nil, "a time-based code has no counter")
    }

    @Test("Every wrong field gets its message at once; fixing them clears them")
    func allMessages() {
        var form = AccountFormState()
        form.digits = 5
        form.period = "0"
        #expect(form.validate() == nil)
        #expect(Set(form.messages.keys) == [.issuer, .secret, .digits, .period])
        form.issuer = "A"
        form.secret = "JBSWY3DPEHPK3PXP"
        form.digits = 6
        form.period = "30"
        #expect(form.validate() != nil)
        #expect(form.messages.isEmpty)
        #expect(form.digitChoices == [6, 7, 8])
    }

    @Test("Applying adds the account through the container; a wrong form adds nothing; the vault's refusal is the form's message")
    func apply() async throws {
        let raft = try await Vessel.raft()
        var wrong = Self.form { $0.secret = "" }
        #expect(await wrong.apply(to: raft) == nil)
        #expect(wrong.message(for: .secret) != nil && wrong.vaultMessage == nil)
        var form = Self.form()
        let added = try #require(await form.apply(to: raft))
        #expect(raft.appState.read { $0.accounts }.value == [added])
        #expect(form.vaultMessage == nil)
        #expect(await form.apply(to: raft) == nil)
        #expect(form.vaultMessage == VaultFizzle.duplicate(label: "GitHub (ada@example.com)").message)
        #expect(raft.appState.read { $0.accounts }.value == [added])
    }
}
