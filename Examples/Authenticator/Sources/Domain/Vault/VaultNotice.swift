import Keel

/// Something the person must be told about the vault's files when the app
/// opens them: never an error (the vault did open), never silent.
///
/// Every front-end shows these as long as the process runs: the command line
/// on standard error at each run, the web pages in a banner, the SwiftUI app
/// through its view models.
public enum VaultNotice: Hashable, Codable, Sendable {
    /// The vault file was damaged: it was moved aside to `path` (nothing in
    /// it deleted), and the vault that opened is a new, empty one.
    case damagedFileSetAside(path: String)
    /// The data folder at `path`, or files in it, could be read by other
    /// users: they are now readable and writable by their owner only.
    case folderTightened(path: String)

    /// The notice's kind, which names it in a form (a path stays out of URLs and forms).
    public var id: String {
        switch self {
        case .damagedFileSetAside: "damagedFileSetAside"
        case .folderTightened: "folderTightened"
        }
    }

    /// What to tell the person.
    public var message: LocalizedText {
        switch self {
        case .damagedFileSetAside(let path):
            """
            The vault file was damaged. It was moved aside to \(path), where it is kept as it was, and the vault \
            that opened is a new, empty one: none of your accounts are in it. Restore them from a backup, \
            or keep the damaged file for a specialist to recover.
            """
        case .folderTightened(let path):
            """
            The data folder \(path) could be read by other users of this computer. It and the vault's files \
            are now readable by you only.
            """
        }
    }
}
