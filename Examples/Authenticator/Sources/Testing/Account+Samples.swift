import AuthenticatorDomain

extension Account {
    /// Accounts for previews, on RFC 6238's published test key (no one's secret).
    public static let samples: [Account] = {
        let key = Secret(bytes: Array("12345678901234567890".utf8))
        var accounts = [
            Account(issuer: "GitHub", name: "ada@example.com", secret: key, groups: ["work"]),
            Account(issuer: "Example Bank", name: "ada", secret: key, groups: ["personal"]),
            Account(issuer: "", name: "ada@mail.example", secret: key),
        ]
        if let counter = try? OTPParameters(kind: .hotp, counter: 7) {
            accounts.append(Account(issuer: "VPN", name: "ada", secret: key, parameters: counter))
        }
        return accounts
    }()
}

extension SavedAccount {
    /// The sample accounts as a vault holds them: numbered from 1, in their order.
    public static let samples: [SavedAccount] = Account.samples.enumerated().map { index, account in
        SavedAccount(id: AccountID(Int64(index + 1)), account: account, position: index)
    }
}
