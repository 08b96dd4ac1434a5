import Foundation
import GRDB

/// Checks, before anything is written, that a database file's record of its
/// migrations (GRDB's `grdb_migrations` table) fits this version and its tables.
///
/// - A file that records, after every migration this version knows, others
///   it does not know (whatever their names) was written by a newer version:
///   ``NewerSchema``, and the file is not opened (never changed).
/// - A file whose record is missing, has gaps, is out of order, holds an
///   unknown name before or among the known ones, or does not match its
///   tables (their columns, their indexes) is damaged:
///   ``CountryDatabaseWorkerError/failedCheck(_:)``, so that it is set aside
///   as it was found instead of being changed by migrations that do not fit it.
/// - A new file (no tables) passes, and so does an earlier version's file
///   (the first migrations, and their tables): the migrations bring it up to date.
///
/// The tables a record should have are made by running the same migrations
/// on an empty database in memory: the comparison never lags behind the schema.
enum CountrySchemaCheck {
    /// The file was written by a newer version; names the migrations it holds that this version lacks.
    struct NewerSchema: Error, CustomStringConvertible {
        let unknown: [String]
        var description: String {
            "the database holds migrations this version does not know: \(unknown.joined(separator: ", "))"
        }
    }

    /// Throws ``NewerSchema`` or ``CountryDatabaseWorkerError/failedCheck(_:)``
    /// unless `db` is a new database or a sound one of this version or an earlier one.
    static func check(_ db: Database, migrator: DatabaseMigrator = CountrySchema.migrator) throws {
        let actual = try Shape(of: db)
        guard try db.tableExists("grdb_migrations") else {
            guard actual.isEmpty else { throw damage("the database has tables but no record of its migrations") }
            return
        }
        guard actual.migrationColumns == ["identifier"] else { throw damage("the record of migrations is not GRDB's") }
        let known = migrator.migrations
        let recorded = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        let recordedKnown = Array(recorded.prefix(while: known.contains))
        let later = Array(recorded.dropFirst(recordedKnown.count))
        guard recordedKnown == Array(known.prefix(recordedKnown.count)) else {
            throw damage("the record of migrations has gaps, repeats or is out of order")
        }
        if !later.isEmpty {
            // A newer version runs every migration of this one first, then its own.
            guard recordedKnown.count == known.count, !later.contains(where: known.contains) else {
                throw damage("the record of migrations holds names this version does not know before or among its own")
            }
            throw NewerSchema(unknown: later)
        }
        let expected = try expectedShape(after: recordedKnown.last, migrator: migrator)
        guard actual == expected else {
            throw damage("the tables do not match the migrations recorded (\(recordedKnown.count))")
        }
    }

    /// The shape of a new database after the migrations up to `identifier` (none: empty).
    static func expectedShape(after identifier: String?, migrator: DatabaseMigrator) throws -> Shape {
        guard let identifier else { return Shape() }
        let queue = try DatabaseQueue()
        try migrator.migrate(queue, upTo: identifier)
        return try queue.read(Shape.init(of:))
    }

    private static func damage(_ report: String) -> CountryDatabaseWorkerError {
        .failedCheck(report)
    }

    /// The tables and their columns, and the indexes: what migrations make (names only, never content).
    struct Shape: Equatable {
        /// Each table's columns in order, by table name; SQLite's and GRDB's own tables aside.
        var tables: [String: [String]] = [:]
        /// The names of the indexes made by statements (not SQLite's automatic ones).
        var indexes: Set<String> = []
        /// The columns of `grdb_migrations` (checked apart, left out of the comparison).
        var migrationColumns: [String] = []

        init() {}

        init(of db: Database) throws {
            let objects = try Row.fetchAll(db, sql: "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite!_%' ESCAPE '!'")
            for object in objects {
                let type: String = object["type"], name: String = object["name"]
                switch type {
                case "table" where name == "grdb_migrations":
                    migrationColumns = try db.columns(in: name).map(\.name)
                case "table":
                    tables[name] = try db.columns(in: name).map(\.name)
                case "index":
                    indexes.insert(name)
                default:
                    // A view or a trigger: compared by name, as indexes are.
                    tables["\(type) \(name)"] = []
                }
            }
        }

        /// Whether the file has nothing a migration makes.
        var isEmpty: Bool { tables.isEmpty && indexes.isEmpty }

        static func == (lhs: Shape, rhs: Shape) -> Bool {
            lhs.tables == rhs.tables && lhs.indexes == rhs.indexes
        }
    }
}
