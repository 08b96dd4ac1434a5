import AuthenticatorDomain
import Foundation
import GRDB
import Keel

/// The vault's SQLite database, through GRDB: the connection that
/// ``VaultKeyWorker`` and ``VaultWorker`` share.
///
/// Open it on a file for the app, in memory for tests and previews:
///
/// ```swift
/// let database = try VaultDatabase(file: VaultDatabase.databaseFile(in: directory), logbook: logbook)
/// let key = try await VaultKeyWorker(database: database).createKey(passphrase: "correct horse")
/// let saved = try await VaultWorker(database: database).add(accounts, key: key)
/// ```
///
/// Several databases, in one process or in several (the app and the command
/// line on one data directory), may open the same file: setting it up is
/// serialized by ``VaultSetupLock``, and afterwards a connection that meets
/// another's lock waits for it (``busyTimeout``) instead of failing. Unlock
/// tries are serialized by ``VaultUnlockGate``.
///
/// The folder is kept readable by its owner only and the files private
/// (``VaultFiles``); one found open to others is tightened, and ``notices``
/// says so.
///
/// A file that is not a database, fails SQLite's quick check, or whose record
/// of migrations does not match its tables (``VaultSchemaCheck``) is set aside
/// (renamed beside itself, never deleted) and a new, empty vault is started;
/// ``notices`` then names where it went. A file written by a newer version
/// is not opened at all: ``VaultFizzle/newerVault``.
public struct VaultDatabase: Sendable, CustomStringConvertible {
    /// The connection (a pool on a file, a queue in memory).
    let writer: any DatabaseWriter
    /// Serializes unlock tries (see ``VaultUnlockGate``).
    let gate: VaultUnlockGate
    /// Where unexpected errors are recorded, by operation, never with content.
    let logbook: any Logbook
    /// The file's name, or "memory".
    private let place: String

    /// The name the damaged file that opening set aside was given (in the
    /// same folder), or `nil` when the file opened as it was.
    public let setAsideFileName: String?

    /// What opening found that the person must be told: a damaged file set
    /// aside, a folder or files that others could read (tightened since).
    public let notices: [VaultNotice]

    /// The name of the vault's file in a data directory.
    public static let fileName = "vault.sqlite"

    /// How long a connection waits for another connection's lock before it fails.
    public static let busyTimeout: TimeInterval = 10

    /// How long an unlock try waits for the tries of other processes before
    /// it fails as ``VaultFizzle/busy``: longer than ``busyTimeout``, for each
    /// try ahead of it runs scrypt, on purpose slow (and slower on a busy machine).
    public static let unlockTimeout: TimeInterval = 30

    /// The vault's file in the data directory `directory`.
    public static func databaseFile(in directory: URL) -> URL {
        directory.appendingPathComponent(fileName)
    }

    /// Opens (or creates) the vault in `file`, creating its folder if needed,
    /// and brings its tables to the newest version.
    ///
    /// - Throws: ``VaultFizzle/newerVault`` when a newer version wrote the
    ///   file (it is left as it is); ``VaultFizzle/storageFailed`` when no
    ///   database can be opened there, even after setting a damaged file aside.
    public init(file: URL, logbook: any Logbook) throws(VaultFizzle) {
        self.logbook = logbook
        place = file.lastPathComponent
        do {
            let folder = file.deletingLastPathComponent()
            let tightenedFolder = try VaultFiles.prepareFolder(folder)
            let tightenedFiles = try VaultFiles.prepareFiles(
                file, companions: Self.companions, locks: [VaultSetupLock.suffix, VaultUnlockGate.suffix])
            (writer, setAsideFileName) = try VaultSetupLock.withLock(beside: file, timeout: Self.busyTimeout) {
                try Self.openOrSetAside(file, logbook: logbook)
            }
            gate = try VaultUnlockGate(beside: file, timeout: Self.unlockTimeout)
            var notices: [VaultNotice] = []
            if let setAsideFileName {
                notices.append(.damagedFileSetAside(path: folder.appendingPathComponent(setAsideFileName).path))
            }
            if tightenedFolder || tightenedFiles {
                notices.append(.folderTightened(path: folder.path))
            }
            self.notices = notices
        } catch let newer as VaultSchemaCheck.NewerSchema {
            logbook.record(newer, context: "Opening the vault database \(file.lastPathComponent)")
            throw .newerVault
        } catch {
            logbook.record(error, context: "Opening the vault database \(file.lastPathComponent)")
            throw Self.storageFizzle(for: error)
        }
    }

    /// Opens an empty vault in memory. Databases opened with the same `name`
    /// share one vault while one of them lives; a `nil` name gives a private
    /// one. Each database orders its own unlock tries.
    public init(inMemoryNamed name: String? = nil, logbook: any Logbook) throws(VaultFizzle) {
        self.logbook = logbook
        place = "memory"
        setAsideFileName = nil
        notices = []
        do {
            let queue = try name.map { try DatabaseQueue(named: $0) } ?? DatabaseQueue()
            try VaultSchema.migrator.migrate(queue)
            writer = queue
            gate = try VaultUnlockGate()
        } catch {
            logbook.record(error, context: "Opening an in-memory vault database")
            throw .storageFailed
        }
    }

    /// Where the vault is; never its content.
    public var description: String { "VaultDatabase(\(place))" }

    /// The files SQLite keeps beside the database.
    static let companions = ["-wal", "-shm"]

    // MARK: Setting up

    /// Opens `file`; a damaged one is set aside and replaced by a new vault.
    private static func openOrSetAside(_ file: URL, logbook: any Logbook) throws -> (DatabasePool, String?) {
        do {
            return (try open(file), nil)
        } catch where VaultFileRecovery.isDamage(error) {
            logbook.record(error, context: "Checking the vault database \(file.lastPathComponent)")
            let name = try VaultFileRecovery.setAside(file, at: Date())
            logbook.record(VaultFileRecovery.SetAside(name: name), context: "Recovering the vault database")
            // The new vault's file is private from its creation, as the first one.
            _ = try VaultFiles.prepareFiles(file, companions: [], locks: [])
            return (try open(file), name)
        }
    }

    /// Opens, checks and migrates the vault in `file`; fails on a damaged
    /// file, and on one of a newer version. Called while holding the file's ``VaultSetupLock``.
    private static func open(_ file: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        // Statement arguments stay out of error messages (GRDB's default, said
        // here on purpose): they may hold sealed bytes or personal fields.
        configuration.publicStatementArguments = false
        // Checked through a read-only connection first: the pool writes as it
        // opens (WAL mode, GRDB's WAL probe), and a damaged file, or one of a
        // newer version, must be left exactly as it was found.
        var readOnly = configuration
        readOnly.readonly = true
        try DatabaseQueue(path: file.path, configuration: readOnly).read { db in
            try VaultFileRecovery.check(db)
            try VaultSchemaCheck.check(db)
        }
        let pool = try DatabasePool(path: file.path, configuration: configuration)
        try VaultSchema.migrator.migrate(pool)
        return pool
    }

    // MARK: Reading and writing

    /// Runs `body` in a read transaction. A ``VaultFizzle`` it throws reaches
    /// the caller as is; any other error is recorded under `operation` and
    /// becomes ``VaultFizzle/storageFailed``.
    func read<Value: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (Database) throws -> Value
    ) async throws(VaultFizzle) -> Value {
        do {
            return try await writer.read(body)
        } catch {
            throw fizzle(for: error, operation: operation)
        }
    }

    /// Runs `body` in one write transaction (IMMEDIATE: it waits for other
    /// writers), rolled back if it throws. Errors as in ``read(_:_:)``.
    func write<Value: Sendable>(
        _ operation: String, _ body: @escaping @Sendable (Database) throws -> Value
    ) async throws(VaultFizzle) -> Value {
        do {
            return try await writer.write(body)
        } catch {
            throw fizzle(for: error, operation: operation)
        }
    }

    /// Runs `body` while holding the unlock gate (see ``VaultUnlockGate``);
    /// errors as in ``read(_:_:)``, and a gate held elsewhere for longer than
    /// ``unlockTimeout`` is ``VaultFizzle/busy``.
    func underGate<Value: Sendable>(
        _ operation: String, _ body: @escaping @Sendable () throws -> Value
    ) async throws(VaultFizzle) -> Value {
        do {
            return try await gate.run(body)
        } catch {
            throw fizzle(for: error, operation: operation)
        }
    }

    /// `error` as the person sees it; recorded when it is not already a
    /// fizzle. A lock another connection held past the busy timeout is
    /// ``VaultFizzle/busy``: another process at work, not a developer error.
    /// Cancellation (GRDB throws `CancellationError` for a cancelled task, or
    /// interrupts a statement) is no fault either: it is not recorded.
    func fizzle(for error: any Error, operation: String) -> VaultFizzle {
        if let fizzle = error as? VaultFizzle { return fizzle }
        if let error = error as? DatabaseError, error.resultCode == .SQLITE_BUSY { return .busy }
        if error is CancellationError || (error as? DatabaseError)?.resultCode == .SQLITE_INTERRUPT {
            return .cancelled
        }
        logbook.record(error, context: operation)
        return Self.storageFizzle(for: error)
    }

    /// What a storage error means for the person: a full disk, permissions,
    /// a place that is no file, a damaged file, or (anything else) a failure
    /// the logbook holds the details of. Never "check the free space" for
    /// what is not a full disk.
    static func storageFizzle(for error: any Error) -> VaultFizzle {
        if error is VaultKeyWorker.UnacceptableCost { return .damagedFile }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_FULL: return .diskFull
            case .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH: return .notPermitted
            case .SQLITE_NOTADB, .SQLITE_CANTOPEN: return .unusableFile
            case .SQLITE_CORRUPT: return .damagedFile
            default: return .storageFailed
            }
        }
        let number: Int32? = if let failure = error as? VaultFiles.Failure {
            failure.errno
        } else if let posix = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
            Int32(posix.code)
        } else if (error as NSError).domain == NSPOSIXErrorDomain {
            Int32((error as NSError).code)
        } else {
            nil
        }
        switch number {
        case ENOSPC?, EDQUOT?: return .diskFull
        case EACCES?, EPERM?, EROFS?: return .notPermitted
        case EISDIR?, ENOTDIR?, ENXIO?, ENODEV?, EEXIST?: return .unusableFile
        default: return .storageFailed
        }
    }
}
