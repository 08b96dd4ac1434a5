#!/usr/bin/env python3
"""Writes a vault file of every schema version, for the migration tests.

The sealing is implemented here again, independently of the Swift code, with
Python's hashlib.scrypt and the `cryptography` package's AES-GCM: the tests
open these files with the Swift workers, so a difference in the format (the
passphrase's normalization, scrypt's parameters, the combined nonce-
ciphertext-tag layout, the key check) fails them. The tables come from the
very SQL of Sources/Data/Vault/VaultSchema.swift, read from that file.

Usage: python3 -m pip install cryptography && python3 Scripts/make-vault-fixtures.py
The outputs, Tests/DataTests/Fixtures/Vault/vault-v<N>.sqlite, are committed;
the seed makes them reproducible. Tests/DataTests/VaultMigrationTests.swift
holds the same passphrase and accounts.
"""
import hashlib
import json
import os
import random
import re
import textwrap
import sqlite3
import unicodedata

from cryptography.hazmat.primitives.ciphers.aead import AESGCM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = os.path.join(ROOT, "Sources/Data/Vault/VaultSchema.swift")
OUTPUT = os.path.join(ROOT, "Tests/DataTests/Fixtures/Vault")
SEED = 20261124
PASSPHRASE = "fixture pässphrase"  # the tests type it decomposed ("a" + U+0308)
COST = (1024, 8, 1)  # scrypt N, r, p: cheap, for tests
KEY_CHECK = b"Keel vault key check"

RFC_SHA1 = b"12345678901234567890"
RFC_SHA256 = b"12345678901234567890123456789012"
RFC_SHA512 = b"1234567890123456789012345678901234567890123456789012345678901234"

# issuer, name, secret, kind, algorithm, digits, period, counter, tags, note, position
ACCOUNTS = [
    ("Example", "alice@example.com", RFC_SHA1, "totp", "sha1", 8, 30, 0, ["Work"], "RFC 6238, SHA-1", 2),
    ("Bank 은행", "김철수", RFC_SHA256, "totp", "sha256", 8, 30, 0, ["Work", "Money"], "", 0),
    ("Big", "sha512", RFC_SHA512, "totp", "sha512", 8, 30, 0, [], "", 1),
    ("Counter", "bob", RFC_SHA1, "hotp", "sha1", 6, 30, 1, [], "RFC 4226", 0),
    ("Huge counter", "carol", bytes(range(1, 11)), "hotp", "sha256", 7, 30, 2**63 + 5, [], "", 3),
    ("Steam", "gaben", bytes(range(100, 120)), "steam", "sha1", 5, 30, 0, ["Games"], "", 4),
]


def migration_sql(version):
    text = open(SCHEMA, encoding="utf-8").read()
    match = re.search(r'static let %s = """\n(.*?)\n\s*"""' % version, text, re.S)
    if not match:
        raise SystemExit("no SQL for %s in %s" % (version, SCHEMA))
    return textwrap.dedent(match.group(1))


def seal(rng, key, plaintext):
    nonce = rng.randbytes(12)
    return nonce + AESGCM(key).encrypt(nonce, plaintext, None)  # ciphertext || 16-byte tag


def signed(counter):
    return counter - 2**64 if counter >= 2**63 else counter


def make(version):
    rng = random.Random(SEED + version)
    path = os.path.join(OUTPUT, "vault-v%d.sqlite" % version)
    if os.path.exists(path):
        os.remove(path)
    data_key = rng.randbytes(32)
    salt = rng.randbytes(32)
    n, r, p = COST
    passphrase = unicodedata.normalize("NFC", PASSPHRASE).encode("utf-8")
    wrapping_key = hashlib.scrypt(passphrase, salt=salt, n=n, r=r, p=p, maxmem=64 << 20, dklen=32)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
    for step in range(1, version + 1):
        db.executescript(migration_sql("v%d" % step))
        db.execute("INSERT INTO grdb_migrations VALUES (?)", ("v%d" % step,))
    db.execute(
        "INSERT INTO vaultKey (id, wrappedKey, salt, scryptN, scryptR, scryptP, keyCheck) VALUES (1, ?, ?, ?, ?, ?, ?)",
        (seal(rng, wrapping_key, data_key), salt, n, r, p, seal(rng, data_key, KEY_CHECK)))
    for issuer, name, secret, kind, algorithm, digits, period, counter, tags, note, position in ACCOUNTS:
        db.execute(
            "INSERT INTO account (issuer, name, sealedSecret, kind, algorithm, digits, period, counter, tags, note,"
            " position) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (issuer, name, seal(rng, data_key, secret), kind, algorithm, digits, period, signed(counter),
             json.dumps(tags, ensure_ascii=False), note, position))
    if version >= 2:
        db.execute("UPDATE account SET isFavourite = 1, lastUsed = 1700000000.5 WHERE name = 'bob'")
        db.execute("UPDATE vaultKey SET failureCount = 2, lastFailure = 1700000000")
        db.execute("INSERT INTO setting VALUES (1, -42, 1, 15, 'issuer')")
    db.commit()
    db.close()
    print("wrote", os.path.relpath(path, ROOT))


if __name__ == "__main__":
    os.makedirs(OUTPUT, exist_ok=True)
    for version in (1, 2):
        make(version)
