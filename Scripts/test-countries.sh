#!/usr/bin/env bash
# Tests the Countries reference app: build without warnings and with every
# import checked against the declared dependencies, the layer rule shown to
# hold, every test target with coverage (≥ 90% of Domain, Data, App and
# Presentation each), the command line's failure paths, the benchmark in a
# quick run, and the browser end-to-end suite.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ensure_debian_packages libsqlite3-dev
app="$KEEL_ROOT/Examples/Countries"
cd "$app"

# One build, with coverage instrumentation, serves the tests, the benchmark's
# quick run and the browser suite.
step "Countries: build (warnings are errors for our code)"
log=$(mktemp)
swift build --build-tests --enable-code-coverage --explicit-target-dependency-import-check error 2>&1 | tee "$log" | grep -E 'error:|warning:|Build' | grep -v -e '^\[' -e 'unhandled; explicitly declare' || true
grep -q 'error:' "$log" && fail "the Countries app does not build"
check_warnings "$log" "$app/Sources/" "$app/Tests/" "$app/Benchmarks/" "$KEEL_ROOT/Sources/"

step "Countries: tests with code coverage"
tests=$(mktemp)
if ! swift test --skip-build --enable-code-coverage >"$tests" 2>&1; then
    grep -E '✘|recorded an issue|error:|Fatal' "$tests" | head -n 60
    fail "Countries tests failed (full log: $tests)"
fi
grep -E '^.? ?Test run with|^Executed' "$tests" | tail -n 2
for layer in Domain Data App Presentation; do
    check_coverage "$app/.build" "$app/.build/debug/CountriesPackageTests.xctest" \
        "$app/Sources/$layer" 90 "Countries $layer"
done
# KeelWeb, the shared web layer, is exercised by the front-end's route tests
# and by its own tests (Scripts/test-keelweb.sh, run before: its profile).
keelweb="$KEEL_ROOT/Packages/KeelWeb"
[ -f "$keelweb/.build/debug/codecov/default.profdata" ] \
    || fail "no coverage profile of KeelWeb's own tests: run Scripts/test-keelweb.sh first"
check_coverage_of "$keelweb/Sources" 90 "KeelWeb (its own tests and the Countries tests)" \
    "$app/.build/debug/codecov/default.profdata" "$app/.build/debug/CountriesPackageTests.xctest" \
    "$keelweb/.build/debug/codecov/default.profdata" "$keelweb/.build/debug/KeelWebPackageTests.xctest"

step "Countries: the command line fails with the cause on stderr and a non-zero status"
work=$(mktemp -d)
touch "$work/file"
# A regression would start the server: timeout ends it, and the check fails.
if timeout 30 "$(swift build --show-bin-path)/countries" --data-dir "$work/file/data" --port 0 >"$work/out" 2>"$work/err"; then
    fail "countries started on a data directory that cannot be created"
fi
grep -q "cannot start: the data directory $work/file/data cannot be created: $work/file is a file, not a folder" "$work/err" \
    || fail "countries did not name the cause: $(cat "$work/err")"
cat "$work/err"
rm -rf "$work"

step "Countries: benchmark runs (quick, debug: figures are not meaningful here)"
"$(swift build --show-bin-path)/CountriesBenchmark" --quick | tail -n 8 \
    || fail "the Countries benchmark failed"

step "Countries: browser end-to-end suite (headless Chromium)"
COUNTRIES_BIN="$(swift build --show-bin-path)/countries" "$KEEL_ROOT/Scripts/e2e-countries.sh"

step "Countries: the shipped targets hold no test double (they live in CountriesTesting)"
"$KEEL_ROOT/Scripts/check-test-doubles.sh" "$app" CountriesTesting \
    CountriesDomain CountriesData CountriesApp CountriesPresentation CountriesWeb

step "Countries: the layer rule is enforced by the build (a forbidden import fails it)"
SWIFT_BUILD_FLAGS="--enable-code-coverage" "$KEEL_ROOT/Scripts/check-layers.sh" "$app" \
    "Presentation:CountriesPresentation:CountriesData" "Presentation:CountriesPresentation:CountriesApp" \
    "Web:CountriesWeb:CountriesApp"
