import Foundation

/// Where an app keeps its files for the person using it.
public enum DataDirectory {
    /// The per-user data directory of the app `name`: Application Support on
    /// Apple platforms; `$XDG_DATA_HOME/name` elsewhere (an absolute
    /// `XDG_DATA_HOME` only, as the XDG specification says), else
    /// `~/.local/share/name`. Nothing is created.
    public static func standard(for name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        #if canImport(Darwin)
        let support = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return support.appendingPathComponent(name)
        #else
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent(name)
        }
        let home = environment["HOME"].map { URL(fileURLWithPath: $0) } ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".local/share").appendingPathComponent(name)
        #endif
    }
}
