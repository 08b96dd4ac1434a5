/// Where automatic backups go and how many are kept (the person's choice,
/// kept in the vault in clear: they are no secret).
///
/// The backups' password is not part of it: it is kept sealed with the data
/// key, never in clear (see ``VaultWork/saveBackupSettings(_:password:key:)``).
public struct BackupSettings: Hashable, Sendable {
    /// The folder backups are written to (a full path); `nil` turns them off.
    public var folder: String?
    /// How many backups are kept; older ones are removed after a new one is written.
    public var kept: Int

    /// Backups off, ten kept once turned on.
    public init(folder: String? = nil, kept: Int = 10) {
        self.folder = folder
        self.kept = kept
    }

    /// The numbers of backups one may keep.
    public static let keptRange = 1...100

    /// Whether automatic backups are on.
    public var isOn: Bool { folder != nil }

    /// Why these settings cannot be saved, or `nil` when they can.
    public var problem: BackupFizzle? {
        if let folder {
            guard !folder.isEmpty else { return .folderRequired }
            guard folder.hasPrefix("/") else { return .folderNotAbsolute }
            // A NUL would cut the path short where the system reads it, and the backup would go elsewhere.
            guard !folder.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                return .folderHasControlCharacter
            }
        }
        guard Self.keptRange.contains(kept) else { return .keptOutOfRange }
        return nil
    }
}
