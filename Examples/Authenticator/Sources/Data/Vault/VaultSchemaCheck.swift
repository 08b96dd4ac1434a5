import Foundation
import GRDB

/// Checks, before anything is written, that a vault file's record of its
/// migrations (GRDB's `grdb_migrations` table) and its tables agree.
///
/// - A file that records migrations this version does not know, after all of
///   those it knows, was written by a newer version, whatever it named them
///   (`v5`, `v4.1`): ``NewerSchema``, and the file is not opened (never changed).
/// - A file whose record is missing, out of order, holds names that are no
///   migration, or does not match its tables (their columns, their indexes):
///   ``VaultFileRecovery/FailedCheck``, so that the file is set aside as
///   damaged instead of being changed in place by migrations that do not fit it.
/// - A new file (no tables, or only an empty record) passes.
///
/// The tables a record should have are made by running the same migrations
/// on an empty database in memory: the comparison never lags behind the schema.
enum VaultSchemaCheck {
    /// The file was written by a newer version; names the migrations it holds that this version lacks.
    struct NewerSchema: Error, CustomStringConvertible {
        let unknown: [String]
        var description: String { "the vault holds migrations this version does not know: \(unknown.joined(separator: ", "))" }
    }

    /// Throws ``NewerSchema`` or ``VaultFileRecovery/FailedCheck`` unless `db` is a sound vault of a known version.
    static func check(_ db: Database, migrator: DatabaseMigrator = VaultSchema.migrator, known: [String] = VaultSchema.identifiers) throws {
        let actual = try Shape(of: db)
        guard try db.tableExists("grdb_migrations") else {
            guard actual.isEmpty else { throw damage("the vault has tables but no record of its migrations") }
            return
        }
        guard actual.migrationColumns == ["identifier"] else { throw damage("the record of migrations is not GRDB's") }
        let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
        let unknown = applied.filter { !known.contains($0) }
        let appliedKnown = known.filter(applied.contains)
        if !unknown.isEmpty {
            // A newer version adds migrations after every one this version has.
            guard appliedKnown == known else {
                throw damage("the record of migrations holds \(unknown.count) unknown names and lacks known ones")
            }
            throw NewerSchema(unknown: unknown.sorted())
        }
        guard appliedKnown == Array(known.prefix(appliedKnown.count)), appliedKnown.count == applied.count else {
            throw damage("the record of migrations has gaps or repeats")
        }
        let expected = try expectedShape(after: appliedKnown.last, migrator: migrator)
        guard actual == expected else { throw damage("the tables do not match the migrations recorded (\(appliedKnown.count))") }
    }

    /// The shape of a new database after the migrations up to `identifier` (none: empty).
    static func expectedShape(after identifier: String?, migrator: DatabaseMigrator) throws -> Shape {
        guard let identifier else { return Shape() }
        let queue = try DatabaseQueue()
        try migrator.migrate(queue, upTo: identifier)
        return try queue.read(Shape.init(of:))
    }

    private static func damage(_ report: String) -> VaultFileRecovery.FailedCheck {
        VaultFileRecovery.FailedCheck(report: report)
    }

    /// The tables and their columns, and the indexes: what migrations make (names only, never content).
    struct Shape: Equatable {
        /// Each table's columns in order, by table name; SQLite's and GRDB's own tables aside.
        var tables: [String: [String]] = [:]
        /// The names of the indexes made by statements (not SQLite's automatic ones).
        var indexes: Set<String> = []
        /// The columns of `grdb_migrations` (compared apart, then left out of the comparison).
        var migrationColumns: [String] = []

        init() {}

        init(of db: Database) throws {
            let objects = try Row.fetchAll(db, sql: "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
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
