/// A two-factor account: who issued it, whose it is, its secret and how it
/// makes codes.
///
/// Its `description` shows the issuer, the name and the parameters, never the
/// secret (see ``Secret``).
public struct Account: Hashable, Sendable, CustomStringConvertible {
    /// The service that issued the account ("GitHub"); may be empty.
    public var issuer: String
    /// The account at that service, usually a user name or an e-mail address.
    public var name: String
    /// The shared key.
    public var secret: Secret
    /// How the account makes codes.
    public var parameters: OTPParameters
    /// The names of the groups the account belongs to, in order.
    public var groups: [String]
    /// A note the person wrote about the account.
    public var note: String

    /// Creates an account.
    public init(
        issuer: String, name: String, secret: Secret, parameters: OTPParameters = .defaultTOTP,
        groups: [String] = [], note: String = ""
    ) {
        self.issuer = issuer
        self.name = name
        self.secret = secret
        self.parameters = parameters
        self.groups = groups
        self.note = note
    }

    /// What makes two accounts the same entry: secret, issuer and name.
    public var identity: Identity { Identity(secret: secret, issuer: issuer, name: name) }

    /// The issuer and name as people read them ("GitHub (ada@example.com)").
    public var label: String {
        issuer.isEmpty ? name : name.isEmpty ? issuer : "\(issuer) (\(name))"
    }

    /// The label and the parameters; never the secret.
    public var description: String { "Account(\(label), \(parameters))" }

    /// The fields that decide whether two entries are duplicates.
    public struct Identity: Hashable, Sendable {
        /// The shared key.
        public let secret: Secret
        /// The issuer.
        public let issuer: String
        /// The account name.
        public let name: String
    }
}
