import AuthenticatorApp
import AuthenticatorDomain

/// The demo phase's vault: a few sample accounts whose secrets are made at
/// start (never the same twice, never in the code), locked behind a passphrase
/// made at start too.
enum DemoVault {
    /// Creates the vault of `vessel`, adds the samples, locks it, and returns its passphrase.
    static func fill(_ vessel: Vessel) async throws(VaultFizzle) -> String {
        let passphrase = randomPassphrase()
        try await vessel.createVaultAction(passphrase, passphrase)
        _ = try await vessel.applyImportAction(samples())
        await vessel.lockVaultAction()
        return passphrase
    }

    /// The sample accounts, each with a fresh random secret.
    static func samples() -> [Account] {
        func secret() -> Secret {
            var generator = SystemRandomNumberGenerator()
            return Secret(bytes: (0..<20).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        }
        var accounts = [
            Account(issuer: "GitHub", name: "ada@example.com", secret: secret(), groups: ["work"]),
            Account(issuer: "Example Bank", name: "ada", secret: secret(), groups: ["money"]),  // not localized: a sample account's name
            Account(issuer: "Mastodon", name: "@ada@example.social", secret: secret()),
        ]
        if let sha256 = try? OTPParameters(kind: .totp, algorithm: .sha256, digits: 8, period: 60) {
            accounts.append(Account(issuer: "Cloud Console", name: "ada@example.com", secret: secret(), parameters: sha256, groups: ["work"]))  // not localized: a sample account's name
        }
        if let hotp = try? OTPParameters(kind: .hotp, counter: 0) {
            accounts.append(Account(issuer: "VPN", name: "ada", secret: secret(), parameters: hotp))
        }
        return accounts
    }

    /// Four random words from a short list, joined by dashes (about 30 bits: a demo's, not a vault's).
    static func randomPassphrase() -> String {
        let words = [
            "anchor", "harbour", "keel", "mast", "rudder", "sail", "tide", "compass", "lantern", "ripple", "island",
            "breeze", "coral", "dune", "ember", "fjord", "glacier", "heron", "inlet", "jetty", "kelp", "lagoon",
            "marina", "nautilus", "oar", "pier", "quay", "reef", "shoal", "tern", "umber", "voyage",
        ]
        return (0..<4).map { _ in words.randomElement() ?? "keel" }.joined(separator: "-")
    }
}
