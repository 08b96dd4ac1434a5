/// The sizes an import may have, whatever its format.
public enum ImportLimits {
    /// The largest file an import reads, in bytes: 8 MB, far more than any
    /// real export (an Aegis vault of a few hundred accounts with their
    /// icons), little enough that reading one stays within memory.
    public static let maximumFileSize = 8 * 1024 * 1024
}
