// How the new app's manifest names Keel: a local path (named "Keel"
// explicitly, since a path dependency's identity is its folder's name) or a
// URL (whose identity is its last component, lower-cased).
import Foundation
import PackagePlugin

struct KeelDependency {
    /// The `.package(…)` line of the app's manifest.
    let packageLine: String
    /// The `package:` of `.product(name: "Keel", package: …)`: the identity.
    let identity: String
    /// A comment above the line, saying why it is written so.
    let comment: String

    /// - Parameters:
    ///   - path: `--keel-path`, as it goes in the manifest (relative to the app's folder, or absolute).
    ///   - url: `--keel-url`.
    ///   - version: `--keel-from` (with a URL only; 0.1.0 unless given).
    ///   - appFolder: the folder the app goes in.
    ///   - plugin: the package the plugin runs in: Keel's checkout, the default path.
    init(path: String?, url: String?, version: String?, appFolder: URL, plugin: Package) throws {
        switch (path, url) {
        case (.some, .some):
            throw Refusal("give --keel-path or --keel-url, not both")
        case (nil, .some(let url)):
            try self.init(url: url, version: version ?? "0.1.0")
        case (.some(let path), nil):
            guard version == nil else { throw Refusal("--keel-from goes with --keel-url: a path dependency has no version") }
            try self.init(path: path, appFolder: appFolder)
        case (nil, nil):
            guard version == nil else { throw Refusal("--keel-from goes with --keel-url: a path dependency has no version") }
            guard plugin.displayName == "Keel" else {
                throw Refusal("say where Keel is: --keel-path PATH (a local checkout) or --keel-url URL")
            }
            try self.init(path: relativePath(from: appFolder, to: plugin.directoryURL), appFolder: appFolder)
        }
    }

    private init(url: String, version: String) throws {
        guard let last = url.split(separator: "/").last, !url.contains("\"") else {
            throw Refusal("'\(url)' is not a package URL")
        }
        var identity = last.lowercased()
        if identity.hasSuffix(".git") { identity.removeLast(4) }
        guard !identity.isEmpty else { throw Refusal("'\(url)' is not a package URL") }
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
            throw Refusal("--keel-from \(version) is not a version: give MAJOR.MINOR.PATCH, for example 0.1.0")
        }
        packageLine = ".package(url: \"\(url)\", from: \"\(version)\")"
        self.identity = identity
        comment = """
            // A URL dependency's identity is its URL's last component, lower-cased:
            // "\(identity)" is what `package:` names below.
            """
    }

    private init(path: String, appFolder: URL) throws {
        guard !path.contains("\"") else { throw Refusal("'\(path)' is not a path for a manifest") }
        let keel = URL(fileURLWithPath: path, isDirectory: true, relativeTo: appFolder).standardizedFileURL
        let manifest = keel.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8), text.contains("name: \"Keel\"") else {
            throw Refusal("no Keel package at \(keel.path) (--keel-path is relative to the new app's folder, as in its Package.swift)")
        }
        packageLine = ".package(name: \"Keel\", path: \"\(path)\")"
        identity = "Keel"
        comment = """
            // A path dependency is named after its folder, whatever your clone is
            // called: `name:` fixes it, so that `package: "Keel"` below resolves.
            // From a URL: .package(url: "<where Keel is hosted>", from: "0.1.0"),
            // and `package:` is the URL's last component ("keel" for …/keel.git).
            """
    }
}

/// The path from folder `from` to folder `to`, both absolute: relative
/// (`../../keel`) when they share more than the root, else `to`'s own.
func relativePath(from: URL, to: URL) -> String {
    // `from` need not exist yet: its parent does, and may be a link (/tmp on macOS).
    let parent = from.standardizedFileURL.deletingLastPathComponent().resolvingSymlinksInPath()
    let source = parent.appendingPathComponent(from.lastPathComponent).pathComponents
    let target = to.standardizedFileURL.resolvingSymlinksInPath().pathComponents
    var common = 0
    while common < min(source.count, target.count), source[common] == target[common] { common += 1 }
    // Sharing only the root, a relative path would climb to it: absolute is clearer.
    guard common > 1 else { return target.count > 1 ? "/" + target.dropFirst().joined(separator: "/") : "/" }
    let path = Array(repeating: "..", count: source.count - common) + target[common...]
    return path.isEmpty ? "." : path.joined(separator: "/")
}
