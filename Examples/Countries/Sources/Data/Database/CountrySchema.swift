import CountriesDomain
import GRDB

/// The migrations of the countries database, in order.
///
/// Migrations are never edited once shipped: a change to the schema is a new
/// migration appended here.
enum CountrySchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: country") { db in
            try db.create(table: "country") { table in
                table.primaryKey("code", .text)
                table.column("alpha2", .text).notNull()
                table.column("commonName", .text).notNull()
                table.column("officialName", .text).notNull()
                table.column("nativeNames", .jsonText).notNull()
                table.column("translations", .jsonText).notNull()
                table.column("region", .text).notNull()
                table.column("subregion", .text)
                table.column("capitals", .jsonText).notNull()
                table.column("population", .integer).notNull()
                table.column("area", .double)
                table.column("currencies", .jsonText).notNull()
                table.column("languages", .jsonText).notNull()
                table.column("borders", .jsonText).notNull()
                table.column("flag", .text).notNull()
                table.column("searchText", .text).notNull()
            }
        }
        migrator.registerMigration("v2: sort key") { db in
            // The list is ordered by the English common name without case or
            // accents ("Åland Islands" among the A's).
            try db.alter(table: "country") { table in
                table.add(column: "sortKey", .text).notNull().defaults(to: "")
            }
            try db.execute(sql: "UPDATE country SET sortKey = lower(commonName)")
            try db.create(index: "country_on_sortKey", on: "country", columns: ["sortKey"])
        }
        migrator.registerMigration("v3: sort key in name order") { db in
            // v2 filled the key with SQLite's lower(), which keeps accents
            // ("åland islands" sorted after "zimbabwe"). Keys are computed by
            // the app's one rule, ``NameOrder``, which SQL cannot express.
            let rows = try Row.fetchAll(db, sql: "SELECT code, commonName FROM country")
            for row in rows {
                let code: String = row["code"]
                let name: String = row["commonName"]
                try db.execute(
                    sql: "UPDATE country SET sortKey = ? WHERE code = ?", arguments: [NameOrder.key(name), code])
            }
        }
        return migrator
    }
}
