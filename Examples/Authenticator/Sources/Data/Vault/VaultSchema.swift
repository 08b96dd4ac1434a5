import GRDB

/// The vault's tables, as a list of migrations.
///
/// - `v1`: `account` (one row per account: issuer, name, tags, note and
///   parameters in clear, the secret sealed) and `vaultKey` (one row: the
///   data key wrapped by the passphrase's key, scrypt's salt and cost, and a
///   value sealed with the data key that tells a right key from a wrong one).
/// - `v2`: an account's favourite mark and last use; the wrong-passphrase
///   count and the moment of the last one, kept in the file so that every
///   process sees them; the `setting` table.
/// - `v3`: the `backupSetting` table: the automatic backups' folder, how many
///   are kept, and their password sealed with the data key.
/// - `v4`: an account's identity tag, unique (two connections adding one
///   account at once end with one), and the accounts' revision, which
///   triggers count up at every change of the `account` table.
///
/// Migrations are named `v1`, `v2` … in order: ``VaultSchemaCheck`` tells a
/// vault of a newer version (a later `v…` recorded) from a damaged record.
/// Each migration is plain SQL so that `Scripts/make-vault-fixtures.py` can
/// build a file of every earlier version with the very same statements; the
/// fixtures under `Tests/DataTests/Fixtures/Vault/` are such files. A
/// migration is never edited once shipped: a change is a new migration.
enum VaultSchema {
    /// The migrations, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in try db.execute(sql: v1) }
        migrator.registerMigration("v2") { db in try db.execute(sql: v2) }
        migrator.registerMigration("v3") { db in try db.execute(sql: v3) }
        migrator.registerMigration("v4") { db in try db.execute(sql: v4) }
        return migrator
    }

    /// The migrations' names, oldest first.
    static var identifiers: [String] { migrator.migrations }

    /// The first version: accounts and the wrapped key.
    ///
    /// `sealedSecret`, `wrappedKey` and `keyCheck` are AES-GCM's combined
    /// form (12-byte nonce, ciphertext, 16-byte tag). `counter` keeps the
    /// UInt64's bit pattern; `tags` is a JSON array of strings.
    static let v1 = """
        CREATE TABLE account (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            issuer TEXT NOT NULL,
            name TEXT NOT NULL,
            sealedSecret BLOB NOT NULL,
            kind TEXT NOT NULL,
            algorithm TEXT NOT NULL,
            digits INTEGER NOT NULL,
            period INTEGER NOT NULL,
            counter INTEGER NOT NULL,
            tags TEXT NOT NULL,
            note TEXT NOT NULL,
            position INTEGER NOT NULL
        );
        CREATE INDEX account_on_position ON account(position, id);
        CREATE TABLE vaultKey (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            wrappedKey BLOB NOT NULL,
            salt BLOB NOT NULL,
            scryptN INTEGER NOT NULL,
            scryptR INTEGER NOT NULL,
            scryptP INTEGER NOT NULL,
            keyCheck BLOB NOT NULL
        );
        """

    /// The second version: favourites, last use, persisted failures, settings.
    ///
    /// `lastUsed` and `lastFailure` are seconds since 1970 (REAL).
    static let v2 = """
        ALTER TABLE account ADD COLUMN isFavourite INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE account ADD COLUMN lastUsed REAL;
        ALTER TABLE vaultKey ADD COLUMN failureCount INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE vaultKey ADD COLUMN lastFailure REAL;
        CREATE TABLE setting (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            timeOffset INTEGER NOT NULL,
            showsNextCode INTEGER NOT NULL,
            autoLockMinutes INTEGER NOT NULL,
            sortOrder TEXT NOT NULL
        );
        """

    /// The third version: the automatic backups' settings.
    ///
    /// `folder` is NULL while backups are off; `sealedPassword` is the
    /// backups' password (UTF-8) sealed with the data key, NULL until one is chosen.
    static let v3 = """
        CREATE TABLE backupSetting (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            folder TEXT,
            kept INTEGER NOT NULL,
            sealedPassword BLOB
        );
        """

    /// The fourth version: the unique identity of an account, and the
    /// revision of the accounts.
    ///
    /// `identityTag` is the keyed hash of the account's identity (see
    /// ``AccountIdentityTag``), never its secret: accounts saved before this
    /// version have none until the vault is next written with its key, and a
    /// copy of an account already tagged keeps none (duplicates saved earlier
    /// stay, none is deleted). SQLite's unique index lets any number of NULLs
    /// in, so migrating never fails on them. `accountRevision` holds one row,
    /// counted up by the triggers whatever connection or process changes an
    /// account: a list read with its revision tells whether it is older or
    /// newer than another.
    static let v4 = """
        ALTER TABLE account ADD COLUMN identityTag BLOB;
        CREATE UNIQUE INDEX account_on_identityTag ON account(identityTag);
        CREATE TABLE accountRevision (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            revision INTEGER NOT NULL
        );
        INSERT INTO accountRevision (id, revision) VALUES (1, 0);
        CREATE TRIGGER account_inserted AFTER INSERT ON account
            BEGIN UPDATE accountRevision SET revision = revision + 1 WHERE id = 1; END;
        CREATE TRIGGER account_updated AFTER UPDATE ON account
            BEGIN UPDATE accountRevision SET revision = revision + 1 WHERE id = 1; END;
        CREATE TRIGGER account_deleted AFTER DELETE ON account
            BEGIN UPDATE accountRevision SET revision = revision + 1 WHERE id = 1; END;
        """
}
