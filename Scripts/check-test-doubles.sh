#!/usr/bin/env bash
# Shows that the targets an app ships hold no test double: lists the public
# symbols of each module (`swift package dump-symbol-graph`) and fails when
# one is named like a test double or a sample (Mock…, Fake…, Stub…, Spy…,
# Fixture…, Scripted…, ManualClock, raft, samples…). Those live in the app's
# testing target (CountriesTesting, AuthenticatorTesting), which no shipped
# product links; the check of that target must find them (it is the control).
# Usage: check-test-doubles.sh APP_DIR TESTING_MODULE SHIPPED_MODULE…
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_python
app=$1 testing=$2; shift 2
cd "$app"
log=$(mktemp)
swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1 \
    || { tail -n 20 "$log"; fail "the public symbols of $app cannot be listed"; }
graphs=$(sed -n 's/^Files written to //p' "$log")
[ -d "$graphs" ] || { tail -n 5 "$log"; fail "dump-symbol-graph wrote no folder"; }
"$KEEL_PYTHON" - "$graphs" "$testing" "$@" <<'PYTHON'
import glob, json, os, re, sys
folder, testing, shipped = sys.argv[1], sys.argv[2], sys.argv[3:]
doubles = re.compile(r"(mock|fake|stub|spy|dummy|fixture|scripted|manualclock|raft|sample)", re.IGNORECASE)

def doubles_in(module):
    """The public symbols of `module` (its extensions of other modules' types
    included) named like a test double, and how many symbols it has."""
    found, count = [], 0
    paths = glob.glob(os.path.join(folder, module + ".symbols.json")) + glob.glob(os.path.join(folder, module + "@*.symbols.json"))
    if not paths:
        sys.exit(f"no symbol graph of {module} in {folder}")
    for path in paths:
        for symbol in json.load(open(path))["symbols"]:
            count += 1
            # Enum cases name states, not types (a phase may be an in-memory demo).
            if symbol["kind"]["identifier"] == "swift.enum.case":
                continue
            if doubles.search(symbol["pathComponents"][-1]):
                found.append(".".join(symbol["pathComponents"]))
    return found, count

failed = False
for module in shipped:
    found, count = doubles_in(module)
    print(f"{module}: {count} public symbols, none named like a test double" if not found else f"{module}: {', '.join(found)}")
    failed = failed or bool(found)
found, count = doubles_in(testing)
print(f"{testing} (the control, never shipped): {count} public symbols, {len(found)} named like a test double")
if not found:
    sys.exit(f"the check finds nothing in {testing}: it would find nothing anywhere")
sys.exit(1 if failed else 0)
PYTHON
