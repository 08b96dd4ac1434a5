#!/usr/bin/env bash
# Shows that the targets an app ships hold no test double: lists the public
# symbols of each module (swift-symbolgraph-extract, over the modules the
# app's test build made in KEEL_TEST_SCRATCH: nothing is built again) and
# fails when one is named like a test double or a sample (Mock…, Fake…,
# Stub…, Spy…, Fixture…, Scripted…, ManualClock, raft, samples…). Those live
# in the app's testing target (CountriesTesting, AuthenticatorTesting), which
# no shipped product links; the check of that target must find them (it is
# the control).
# Usage: check-test-doubles.sh APP_DIR TESTING_MODULE SHIPPED_MODULE…
# (after the app's test build: Scripts/test-countries.sh or test-authenticator.sh)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_python
app=$1 testing=$2; shift 2
modules="$KEEL_TEST_SCRATCH/debug/Modules"
[ -f "$modules/$testing.swiftmodule" ] \
    || fail "no $testing module in $modules: build the app's tests first (swift build --build-tests --scratch-path $KEEL_TEST_SCRATCH in $app)"
graphs=$(mktemp -d)
# The C modules the Swift ones load (SQLite, BoringSSL…): every module map of the build.
maps=()
while IFS= read -r map; do maps+=(-Xcc "-fmodule-map-file=$map"); done < <(
    find "$KEEL_TEST_SCRATCH/checkouts" -name module.modulemap -path '*include*'
    find "$KEEL_TEST_SCRATCH/checkouts" -name module.modulemap -path '*GRDB*'
    find "$KEEL_TEST_SCRATCH/debug/" -maxdepth 2 -name module.modulemap)
triple=$(swiftc -print-target-info | "$KEEL_PYTHON" -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
for module in "$testing" "$@"; do
    swift symbolgraph-extract -module-name "$module" -I "$modules" -target "$triple" -minimum-access-level public \
        -output-dir "$graphs" "${maps[@]}" >"$graphs/$module.log" 2>&1 \
        || { tail -n 20 "$graphs/$module.log"; fail "the public symbols of $module cannot be listed"; }
done
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
rm -rf "$graphs"
