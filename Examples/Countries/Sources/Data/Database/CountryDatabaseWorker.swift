import CountriesDomain
import Foundation
import GRDB
import Keel

/// Keeps the countries on this device, in SQLite through GRDB.
///
/// Open it on a file for the app, or in memory for tests and previews:
///
/// ```swift
/// let database = try CountryDatabaseWorker(file: directory.appendingPathComponent("countries.sqlite"), logbook: logbook)
/// try await database.save(countries)
/// let codes = try await database.search("corée")  // ["KOR", "PRK"]
/// ```
///
/// A file is checked through a read-only connection before anything is
/// written to it. One that is not a database, fails SQLite's quick check, or
/// whose record of migrations does not fit its tables (``CountrySchemaCheck``)
/// is set aside as it was found (renamed `….corrupt-<date>`, never deleted)
/// and replaced by an empty database, with a developer error in the logbook;
/// the container then seeds it from the snapshot. A file a newer version
/// wrote is not opened at all: ``CountryFizzle/newerDatabase``. Every other
/// failure reaches the caller as ``CountryFizzle/storageFailed``, with its cause logged.
///
/// Several workers, in one process or in several (two servers, or an app and
/// its extension, on one data directory), may open the same file: a worker
/// that meets another's lock waits for it (``busyTimeout``) instead of failing.
public struct CountryDatabaseWorker: CountryDatabaseWork {
    private let writer: any DatabaseWriter
    private let logbook: any Logbook

    /// How long a worker waits for another connection's lock before it fails.
    public static let busyTimeout: TimeInterval = 10

    /// Opens (or creates) the database in `file`, creating its folder if needed.
    ///
    /// - Throws: ``CountryFizzle/newerDatabase`` when a newer version wrote
    ///   the file (it is left as it is); ``CountryFizzle/storageFailed`` when
    ///   no database can be opened there, even after setting a corrupt file aside.
    public init(file: URL, logbook: any Logbook) throws(CountryFizzle) {
        self.logbook = logbook
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Setting up, and setting a corrupt file aside, one worker at a time.
            writer = try DatabaseSetupLock.withLock(beside: file, timeout: Self.busyTimeout) {
                try Self.openOrRecover(file, logbook: logbook)
            }
        } catch let newer as CountrySchemaCheck.NewerSchema {
            logbook.record(newer, context: "Opening the database \(file.path)")
            throw .newerDatabase
        } catch {
            logbook.record(error, context: "Opening the database \(file.path)")
            throw .storageFailed
        }
    }

    /// Opens the database in `file`; a corrupt one is set aside and replaced.
    private static func openOrRecover(_ file: URL, logbook: any Logbook) throws -> DatabasePool {
        do {
            return try setUp(file)
        } catch where isCorruption(error) {
            logbook.record(error, context: "Opening the database \(file.path)")
            let aside = try setAside(file)
            logbook.record(CountryDatabaseWorkerError.setAside(original: file, aside: aside), context: "Recovering the database")
            return try setUp(file)
        }
    }

    /// Opens an empty database in memory. Workers created with the same
    /// `name` share one database; a `nil` name gives a private one.
    public init(inMemoryNamed name: String?, logbook: any Logbook) throws(CountryFizzle) {
        self.logbook = logbook
        do {
            let queue = try name.map { try DatabaseQueue(named: $0) } ?? DatabaseQueue()
            try CountrySchema.migrator.migrate(queue)
            writer = queue
        } catch {
            logbook.record(error, context: "Opening an in-memory database")
            throw .storageFailed
        }
    }

    // MARK: Reading

    public func countries() async throws(CountryFizzle) -> [Country] {
        try await read("Reading the countries") { db in
            try CountryRecord.order(CountryRecord.nameOrder).fetchAll(db).map(\.country)
        }
    }

    public func observeCountries() -> AsyncThrowingStream<[Country], any Error> {
        let values = ValueObservation
            .tracking { db in try CountryRecord.order(CountryRecord.nameOrder).fetchAll(db).map(\.country) }
            .removeDuplicates()
            .values(in: writer, bufferingPolicy: .bufferingNewest(1))
        let logbook = logbook
        return AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let task = Task {
                do {
                    for try await countries in values {
                        continuation.yield(countries)
                    }
                    continuation.finish()
                } catch {
                    if Task.isCancelled || error is CancellationError {
                        continuation.finish()
                    } else {
                        logbook.record(error, context: "Observing the countries")
                        continuation.finish(throwing: CountryFizzle.storageFailed)
                    }
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    public func country(code: String) async throws(CountryFizzle) -> Country? {
        try await read("Reading the country \(code)") { db in
            try CountryRecord.fetchOne(db, key: code.uppercased())?.country
        }
    }

    public func countries(codes: [String]) async throws(CountryFizzle) -> [Country] {
        guard !codes.isEmpty else { return [] }
        let codes = codes.map { $0.uppercased() }
        let found = try await read("Reading \(codes.count) countries") { db in
            try CountryRecord.fetchAll(db, keys: codes)
        }
        let byCode = Dictionary(found.map { ($0.code, $0.country) }, uniquingKeysWith: { first, _ in first })
        return codes.compactMap { byCode[$0] }
    }

    public func search(_ text: String) async throws(CountryFizzle) -> [String] {
        let needle = SearchText.normalized(text)
        return try await read("Searching \"\(text)\"") { db in
            var request = CountryRecord.select(CountryRecord.Columns.code).order(CountryRecord.nameOrder)
            if !needle.isEmpty {
                request = request.filter(sql: "instr(searchText, ?) > 0", arguments: [needle])
            }
            return try String.fetchAll(db, request)
        }
    }

    public func isEmpty() async throws(CountryFizzle) -> Bool {
        try await read("Counting the countries") { db in
            try CountryRecord.fetchCount(db) == 0
        }
    }

    // MARK: Writing

    public func save(_ countries: [Country]) async throws(CountryFizzle) {
        let records = countries.map(CountryRecord.init)
        do {
            try await writer.write { db in
                for record in records {
                    try record.insert(db, onConflict: .replace)
                }
            }
        } catch {
            throw failure(error, context: "Saving \(records.count) countries")
        }
    }

    public func replaceAll(with countries: [Country]) async throws(CountryFizzle) {
        let records = countries.map(CountryRecord.init)
        do {
            try await writer.write { db in
                let kept = Set(records.map(\.code))
                let saved = try String.fetchAll(db, CountryRecord.select(CountryRecord.Columns.code))
                let gone = saved.filter { !kept.contains($0) }
                if !gone.isEmpty {
                    try CountryRecord.deleteAll(db, keys: gone)
                }
                for record in records {
                    try record.insert(db, onConflict: .replace)
                }
            }
        } catch {
            throw failure(error, context: "Replacing the saved countries by \(records.count)")
        }
    }

    // MARK: Plumbing

    private func read<Value: Sendable>(
        _ context: @autoclosure () -> String, _ body: @escaping @Sendable (Database) throws -> Value
    ) async throws(CountryFizzle) -> Value {
        do {
            return try await writer.read(body)
        } catch {
            throw failure(error, context: context())
        }
    }

    /// The fizzle of a read or write that failed with `error`, which is
    /// logged unless the task was cancelled: cancelling is not a fault, and
    /// the caller's load ends as cancelled whatever it throws.
    private func failure(_ error: any Error, context: @autoclosure () -> String) -> CountryFizzle {
        if !(error is CancellationError) {
            logbook.record(error, context: context())
        }
        return .storageFailed
    }

    /// Checks, opens and migrates the database in `file`; fails on a corrupt
    /// file, and on one of a newer version. Called while holding the file's ``DatabaseSetupLock``.
    private static func setUp(_ file: URL) throws -> DatabasePool {
        try check(file)
        let pool = try DatabasePool(path: file.path, configuration: configuration)
        try CountrySchema.migrator.migrate(pool)
        return pool
    }

    /// Checks an existing `file` through a read-only connection: the pool
    /// writes as it opens (WAL mode, GRDB's WAL probe), and a damaged file,
    /// or one of a newer version, must be left exactly as it was found.
    private static func check(_ file: URL) throws {
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        var readOnly = configuration
        readOnly.readonly = true
        try DatabaseQueue(path: file.path, configuration: readOnly).read { db in
            let report = try String.fetchAll(db, sql: "PRAGMA quick_check")
            guard report == ["ok"] else {
                throw CountryDatabaseWorkerError.failedCheck(report.prefix(3).joined(separator: "; "))
            }
            try CountrySchemaCheck.check(db)
        }
    }

    /// The connection settings: wait for another connection's lock rather than fail.
    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        return configuration
    }

    /// Whether `error` says the file is not a sound database.
    private static func isCorruption(_ error: any Error) -> Bool {
        if error is CountryDatabaseWorkerError { return true }
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT
    }

    /// Renames `file` (and its WAL) to `….corrupt-<date>`; returns the new name.
    private static func setAside(_ file: URL) throws -> URL {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let aside = file.deletingLastPathComponent().appendingPathComponent("\(file.lastPathComponent).corrupt-\(stamp)")
        let manager = FileManager.default
        try manager.moveItem(at: file, to: aside)
        for suffix in ["-wal", "-shm"] {
            let companion = URL(fileURLWithPath: file.path + suffix)
            guard manager.fileExists(atPath: companion.path) else { continue }
            if suffix == "-wal" {
                try manager.moveItem(at: companion, to: URL(fileURLWithPath: aside.path + suffix))
            } else {
                try manager.removeItem(at: companion)
            }
        }
        return aside
    }
}

/// The developer errors the database worker logs.
enum CountryDatabaseWorkerError: Error, CustomStringConvertible {
    /// SQLite's quick check failed, or the record of migrations does not fit the file.
    case failedCheck(String)
    /// A corrupt database was renamed and replaced by an empty one.
    case setAside(original: URL, aside: URL)

    var description: String {
        switch self {
        case .failedCheck(let report): "the database failed its check: \(report)"
        case .setAside(let original, let aside): "the corrupt database \(original.path) was moved to \(aside.path) and replaced by an empty one"
        }
    }
}
