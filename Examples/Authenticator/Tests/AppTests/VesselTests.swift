@testable import AuthenticatorApp
import AuthenticatorDomain
import Foundation
import Keel
import KeelTesting
import Testing

/// The app's container on disk: first launch, later launches, a damaged file.
@Suite("Vessel", .timeLimit(.minutes(5)))
struct VesselTests {
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vessel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("First launch has no vault; the next launch finds it locked, and it unlocks")
    func launches() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        do {
            let vessel = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
            #expect(vessel.appState.read { $0.lock } == .noVault)
            try await vessel.createVaultAction("long passphrase", "long passphrase")
            _ = try await vessel.addAccountAction(Samples.github)
        }
        let vessel = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
        #expect(vessel.appState.read { $0.lock } == .locked)
        try await vessel.unlockVaultAction("long passphrase", .owner)
        #expect(vessel.appState.read { $0.accounts }.value?.map(\.account) == [Samples.github])
        #expect(vessel.clock.now().timeIntervalSinceNow.magnitude < 60, "the device clock")
    }

    @Test("A damaged vault file is set aside, kept, and reported; a new vault starts")
    func damaged() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = Data("this is not a database, but it is someone's data".utf8)
        try garbage.write(to: Vessel.vaultFile(in: directory))
        let vessel = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
        let notices = vessel.appState.read { $0.system.notices }
        guard case .damagedFileSetAside(let path) = notices.first else {
            Issue.record("unexpected notices \(notices)")
            return
        }
        #expect(path.hasPrefix(directory.path + "/vault.sqlite.damaged-"), "the full path")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
        #expect(vessel.appState.read { $0.lock } == .noVault)
    }

    @Test("A data directory others could read is tightened, and the state says so for every screen")
    func tightened() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        let vessel = try await Vessel(phase: .device, dataDirectory: directory, logbook: MemoryLogbook())
        #expect(vessel.appState.read { $0.system.notices } == [.folderTightened(path: directory.path)])
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        // A directory the vessel makes is private from the start: nothing to tell.
        let inside = directory.appendingPathComponent("new")
        #expect(try await Vessel(phase: .device, dataDirectory: inside, logbook: MemoryLogbook()).appState.read { $0.system.notices }.isEmpty)
    }

    @Test("The mocked phase keeps nothing on disk and starts without a vault")
    func mocked() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let vessel = try await Vessel(phase: .mocked, dataDirectory: directory, logbook: MemoryLogbook())
        #expect(vessel.appState.read { $0.lock } == .noVault)
        try await vessel.createVaultAction("long passphrase", "long passphrase")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test("The idle watch locks an idle vault by itself")
    func idleWatch() async throws {
        let vessel = try await Vessel(
            phase: .mocked, dataDirectory: FileManager.default.temporaryDirectory, idleCheckInterval: .milliseconds(20),
            logbook: MemoryLogbook())
        try await vessel.createVaultAction("long passphrase", "long passphrase")
        try await vessel.applySettingsAction(VaultSettings(autoLockMinutes: 1))
        // Make the last activity an hour ago: the next check locks.
        vessel.store.update(at: { $0.system.lastActivity }) { $0 = Date(timeIntervalSinceNow: -3_600) }
        for await lock in vessel.appState.values({ $0.lock }) where lock == .locked { break }
        #expect(vessel.appState.read { $0.lock } == .locked)
    }

    @Test("A key worker of the app's choice wraps the file's own, and the usecases go through it")
    func keyWorker() async throws {
        let recorder = CallRecorder<String>()
        let vessel = try await Vessel(
            phase: .mocked, dataDirectory: FileManager.default.temporaryDirectory, logbook: MemoryLogbook(),
            keys: { file in RecordingKeyWork(file: file, calls: recorder) })
        try await vessel.createVaultAction("long passphrase", "long passphrase")
        await vessel.lockVaultAction()
        try await vessel.unlockVaultAction("long passphrase", .owner)
        recorder.expect(["keyExists", "createKey", "openKey"])
    }

    @Test("The default data directory follows XDG on Linux")
    func dataDirectory() {
        #if os(Linux)
        #expect(Vessel.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/xdg"]).path == "/xdg/keel-authenticator")
        #expect(Vessel.defaultDataDirectory(environment: ["HOME": "/home/ada"]).path == "/home/ada/.local/share/keel-authenticator")
        #endif
    }
}

/// A key worker that records which calls reach it before handing them to the file's.
struct RecordingKeyWork: VaultKeyWork {
    let file: any VaultKeyWork
    /// The names of the calls, in order.
    let calls: CallRecorder<String>

    func keyExists() async throws(VaultFizzle) -> Bool {
        calls.record("keyExists")
        return try await file.keyExists()
    }

    func createKey(passphrase: String) async throws(VaultFizzle) -> DataKey {
        calls.record("createKey")
        return try await file.createKey(passphrase: passphrase)
    }

    func openKey(passphrase: String, at moment: Date, by typist: PassphraseTry) async throws(VaultFizzle) -> DataKey {
        calls.record("openKey")
        return try await file.openKey(passphrase: passphrase, at: moment, by: typist)
    }

    func changePassphrase(from oldPassphrase: String, to newPassphrase: String, at moment: Date) async throws(VaultFizzle) {
        calls.record("changePassphrase")
        try await file.changePassphrase(from: oldPassphrase, to: newPassphrase, at: moment)
    }
}
