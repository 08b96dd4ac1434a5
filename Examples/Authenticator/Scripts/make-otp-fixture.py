#!/usr/bin/env python3
"""Writes the differential fixture of the code generator: random HOTP and TOTP
cases whose codes come from pyotp, an implementation independent of ours.

Usage: python3 -m pip install pyotp && python3 Scripts/make-otp-fixture.py
The output, Tests/DataTests/Fixtures/otp-differential.json, is committed; the
seed makes it reproducible.
"""
import base64
import hashlib
import importlib.metadata
import json
import os
import random

import pyotp

COUNT = 3000
SEED = 20261123
HASHES = {"SHA1": hashlib.sha1, "SHA256": hashlib.sha256, "SHA512": hashlib.sha512}


def main():
    rng = random.Random(SEED)
    cases = []
    for index in range(COUNT):
        # pyotp refuses secrets under 112 bits.
        secret = bytes(rng.randrange(256) for _ in range(rng.randint(14, 64)))
        secret_base32 = base64.b32encode(secret).decode("ascii").rstrip("=")
        algorithm = rng.choice(sorted(HASHES))
        digits = rng.randint(6, 8)
        if index % 4 == 0:
            counter = rng.choice([rng.randrange(1000), rng.randrange(2**32), rng.randrange(2**64)])
            code = pyotp.HOTP(secret_base32, digits=digits, digest=HASHES[algorithm]).at(counter)
            cases.append({"kind": "hotp", "secret": secret_base32, "algorithm": algorithm,
                          "digits": digits, "counter": str(counter), "code": code})
        else:
            period = rng.choice([1, 15, 30, 30, 30, 60, rng.randint(1, 120)])  # pyotp allows 120 s at most
            time = rng.choice([rng.randrange(2**31), rng.randrange(2**34), rng.randrange(253402300800)])  # pyotp stops at year 10000
            code = pyotp.TOTP(secret_base32, digits=digits, digest=HASHES[algorithm], interval=period).at(time)
            cases.append({"kind": "totp", "secret": secret_base32, "algorithm": algorithm,
                          "digits": digits, "period": period, "time": str(time), "code": code})
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "Tests", "DataTests", "Fixtures", "otp-differential.json")
    with open(path, "w") as output:
        # One case a line, so that a change of the fixture reads as a diff.
        output.write('{"generator": %s, "seed": %d, "cases": [\n'
                     % (json.dumps("pyotp " + importlib.metadata.version("pyotp")), SEED))
        output.write(",\n".join(json.dumps(case, sort_keys=True) for case in cases))
        output.write("\n]}\n")
    print(f"wrote {len(cases)} cases to {os.path.normpath(path)}")


if __name__ == "__main__":
    main()
