/// The sizes the Authenticator front-end accepts.
enum AuthenticatorLimits {
    /// The largest import upload (a file, or a pasted text): larger ones get the 413 page.
    static let maximumUpload = 1024 * 1024
}
