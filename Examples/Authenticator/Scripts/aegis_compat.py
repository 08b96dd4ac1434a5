#!/usr/bin/env python3
"""An Aegis vault decryptor and encryptor written from Aegis' docs/vault.md
with the `cryptography` package, independent of the Swift code, to show
that the vaults we write open elsewhere and that we open vaults made
elsewhere.

Accounts are exchanged as "canonical JSON": a sorted list of objects with
type, issuer, name, secret (Base32 without padding), algo, digits, period or
counter, groups (names) and note.

  aegis_compat.py decrypt VAULT PASSWORD           prints the vault's accounts as canonical JSON
  aegis_compat.py plain VAULT                      the same for a plain (unencrypted) vault
  aegis_compat.py encrypt ACCOUNTS PASSWORD VAULT  writes an encrypted vault of canonical accounts
  aegis_compat.py sample ACCOUNTS                  writes sample canonical accounts
  aegis_compat.py compare EXPECTED ACTUAL          fails unless both files hold the same accounts
"""
import base64
import json
import os
import sys
import uuid

from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt


def derive(password, salt, n, r, p):
    return Scrypt(salt=salt, length=32, n=n, r=r, p=p).derive(password.encode("utf-8"))


def check_order(text):
    """Fails unless the vault's keys come in the order Aegis writes them: version, header, db
    (a reader looking at the start of the file must see the header before the long db)."""
    keys = [key for key, _ in json.loads(text, object_pairs_hook=list)]
    if keys != ["version", "header", "db"]:
        raise SystemExit(f"the vault's keys are {keys}, not version, header, db as Aegis writes them")


def plain(vault):
    """The database object of a plain vault: a null header, the database as an object."""
    header = vault["header"]
    if header.get("slots") is not None or header.get("params") is not None or not isinstance(vault["db"], dict):
        raise SystemExit("not a plain vault")
    return vault["db"]


def decrypt(vault, password):
    """The database object of an encrypted vault."""
    header = vault["header"]
    master_key = None
    for slot in header["slots"]:
        if slot["type"] != 1:
            continue
        key = derive(password, bytes.fromhex(slot["salt"]), slot["n"], slot["r"], slot["p"])
        params = slot["key_params"]
        try:
            master_key = AESGCM(key).decrypt(
                bytes.fromhex(params["nonce"]), bytes.fromhex(slot["key"]) + bytes.fromhex(params["tag"]), None)
            break
        except Exception:
            continue
    if master_key is None:
        raise SystemExit("no password slot opens with this password")
    params = header["params"]
    content = base64.b64decode(vault["db"])
    plain = AESGCM(master_key).decrypt(bytes.fromhex(params["nonce"]), content + bytes.fromhex(params["tag"]), None)
    return json.loads(plain.decode("utf-8"))


def canonical(database):
    """The accounts of a database (version 3) as canonical JSON objects."""
    if database["version"] != 3:
        raise SystemExit(f"unexpected database version {database['version']}")
    groups = {group["uuid"]: group["name"] for group in database.get("groups", [])}
    accounts = []
    for entry in database["entries"]:
        info = entry["info"]
        account = {
            "type": entry["type"], "issuer": entry["issuer"], "name": entry["name"], "note": entry.get("note", ""),
            "secret": info["secret"].rstrip("=").upper(), "algo": info["algo"], "digits": info["digits"],
            "groups": [groups[uuid_] for uuid_ in entry.get("groups", [])],
        }
        if entry["type"] == "hotp":
            account["counter"] = info["counter"]
        else:
            account["period"] = info["period"]
        accounts.append(account)
    return sorted(accounts, key=lambda account: json.dumps(account, sort_keys=True))


def encrypt(accounts, password):
    """An encrypted vault (version 1, database version 3) of canonical accounts."""
    group_ids = {}
    for account in accounts:
        for name in account["groups"]:
            group_ids.setdefault(name, str(uuid.uuid4()))
    entries = []
    for account in accounts:
        info = {"secret": account["secret"], "algo": account["algo"], "digits": account["digits"]}
        if account["type"] == "hotp":
            info["counter"] = account["counter"]
        else:
            info["period"] = account["period"]
        entries.append({
            "type": account["type"], "uuid": str(uuid.uuid4()), "name": account["name"],
            "issuer": account["issuer"], "note": account["note"], "favorite": False, "icon": None,
            "icon_mime": None, "icon_hash": None, "info": info,
            "groups": [group_ids[name] for name in account["groups"]],
        })
    database = {"version": 3, "entries": entries,
                "groups": [{"uuid": uuid_, "name": name} for name, uuid_ in group_ids.items()]}
    master_key = AESGCM.generate_key(bit_length=256)
    salt = os.urandom(32)
    n, r, p = 32768, 8, 1
    key_nonce = os.urandom(12)
    wrapped = AESGCM(derive(password, salt, n, r, p)).encrypt(key_nonce, master_key, None)
    db_nonce = os.urandom(12)
    sealed = AESGCM(master_key).encrypt(db_nonce, json.dumps(database).encode("utf-8"), None)
    return {
        "version": 1,
        "header": {
            "slots": [{
                "type": 1, "uuid": str(uuid.uuid4()), "key": wrapped[:-16].hex(),
                "key_params": {"nonce": key_nonce.hex(), "tag": wrapped[-16:].hex()},
                "n": n, "r": r, "p": p, "salt": salt.hex(), "repaired": True,
            }],
            "params": {"nonce": db_nonce.hex(), "tag": sealed[-16:].hex()},
        },
        "db": base64.b64encode(sealed[:-16]).decode("ascii"),
    }


def sample():
    """Accounts of every kind the vault carries, with groups, notes and non-ASCII names."""
    secret = base64.b32encode(os.urandom(20)).decode("ascii").rstrip("=")
    return sorted([
        {"type": "totp", "issuer": "Example", "name": "alice@example.com", "note": "main", "secret": secret,
         "algo": "SHA1", "digits": 6, "period": 30, "groups": ["Work"]},
        {"type": "totp", "issuer": "Bank 은행", "name": "김철수", "note": "", "secret": "JBSWY3DPEHPK3PXP",
         "algo": "SHA512", "digits": 8, "period": 60, "groups": ["Work", "Money"]},
        {"type": "hotp", "issuer": "Counter", "name": "bob", "note": "", "secret": "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
         "algo": "SHA256", "digits": 7, "counter": 12345, "groups": []},
        {"type": "steam", "issuer": "Steam", "name": "gaben", "note": "", "secret": "63BEDWCQZKTQWPESARIERL5DTTQFCJTK",
         "algo": "SHA1", "digits": 5, "period": 30, "groups": []},
    ], key=lambda account: json.dumps(account, sort_keys=True))


def main(arguments):
    command = arguments[0] if arguments else ""
    if command == "decrypt" and len(arguments) == 3:
        with open(arguments[1], encoding="utf-8") as file:
            text = file.read()
        check_order(text)
        print(json.dumps(canonical(decrypt(json.loads(text), arguments[2])), sort_keys=True, ensure_ascii=False))
    elif command == "plain" and len(arguments) == 2:
        with open(arguments[1], encoding="utf-8") as file:
            text = file.read()
        check_order(text)
        print(json.dumps(canonical(plain(json.loads(text))), sort_keys=True, ensure_ascii=False))
    elif command == "encrypt" and len(arguments) == 4:
        with open(arguments[1], encoding="utf-8") as file:
            accounts = json.load(file)
        with open(arguments[3], "w", encoding="utf-8") as file:
            json.dump(encrypt(accounts, arguments[2]), file, indent=4)
    elif command == "sample" and len(arguments) == 2:
        with open(arguments[1], "w", encoding="utf-8") as file:
            json.dump(sample(), file, sort_keys=True, ensure_ascii=False)
    elif command == "compare" and len(arguments) == 3:
        with open(arguments[1], encoding="utf-8") as expected, open(arguments[2], encoding="utf-8") as actual:
            left, right = json.load(expected), json.load(actual)
        key = lambda account: json.dumps(account, sort_keys=True)
        if sorted(left, key=key) != sorted(right, key=key):
            raise SystemExit(f"the accounts differ:\nexpected {left}\nactual   {right}")
        print(f"{len(left)} accounts agree")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
