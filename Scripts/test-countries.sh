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
scratch=(--scratch-path "$KEEL_TEST_SCRATCH")
build="$KEEL_TEST_SCRATCH/debug"

# One build, with coverage instrumentation, serves the tests, the benchmark's
# quick run and the browser suite.
step "Countries: every word a person reads comes from the string catalog (templates, fizzles, Presentation, web pages, SwiftUI views, the command line)"
python3 "$KEEL_ROOT/Tools/LiteralCheck/check_literals.py" "$app" "$app/Sources/Presentation/Resources/Localizable.xcstrings" --swiftui "$app/CountriesApp.swiftpm/Sources" \
    Sources/Domain/Errors Sources/Presentation Sources/Web Sources/countries

step "Countries: build (warnings are errors for our code)"
log=$(mktemp)
swift build "${scratch[@]}" --build-tests --enable-code-coverage --explicit-target-dependency-import-check error 2>&1 | tee "$log" | grep -E 'error:|warning:|Build' | grep -v -e '^\[' -e 'unhandled; explicitly declare' || true
grep -q 'error:' "$log" && fail "the Countries app does not build"
check_warnings "$log" "$app/Sources/" "$app/Tests/" "$app/Benchmarks/" "$KEEL_ROOT/Sources/"

step "Countries: tests with code coverage"
tests=$(mktemp)
# The profiles of an earlier run in the shared scratch folder must not count.
rm -rf "$build/codecov"
if ! swift test "${scratch[@]}" --skip-build --enable-code-coverage >"$tests" 2>&1; then
    grep -E '✘|recorded an issue|error:|Fatal' "$tests" | head -n 60
    fail "Countries tests failed (full log: $tests)"
fi
grep -E '^.? ?Test run with|^Executed' "$tests" | tail -n 2
for layer in Domain Data App Presentation; do
    check_coverage "$KEEL_TEST_SCRATCH" "$build/CountriesPackageTests.xctest" \
        "$app/Sources/$layer" 90 "Countries $layer"
done
# KeelWeb, the shared web layer, is exercised by the front-end's route tests
# and by its own tests (Scripts/test-keelweb.sh, run before: its profile).
keelweb="$KEEL_ROOT/Packages/KeelWeb"
[ -f "$KEEL_TEST_SCRATCH/keelweb.profdata" ] \
    || fail "no coverage profile of KeelWeb's own tests: run Scripts/test-keelweb.sh first"
check_coverage_of "$keelweb/Sources" 90 "KeelWeb (its own tests and the Countries tests)" \
    "$build/codecov/default.profdata" "$build/CountriesPackageTests.xctest" \
    "$KEEL_TEST_SCRATCH/keelweb.profdata" "$build/KeelWebPackageTests.xctest"

step "Countries: the command line fails with the cause on stderr and a non-zero status"
work=$(mktemp -d)
touch "$work/file"
# A regression would start the server: timeout ends it, and the check fails.
if timeout 30 "$build/countries" --data-dir "$work/file/data" --port 0 >"$work/out" 2>"$work/err"; then
    fail "countries started on a data directory that cannot be created"
fi
grep -q "cannot start: the data directory $work/file/data cannot be created: $work/file is a file, not a folder" "$work/err" \
    || fail "countries did not name the cause: $(cat "$work/err")"
cat "$work/err"
# In the language of the environment, from the app's catalog.
if LC_ALL=ko_KR.UTF-8 timeout 30 "$build/countries" --data-dir "$work/file/data" --port 0 >"$work/out" 2>"$work/err"; then
    fail "countries started on a data directory that cannot be created"
fi
grep -q "countries: 시작할 수 없습니다: 데이터 폴더 $work/file/data을(를) 만들 수 없습니다: $work/file은(는) 폴더가 아니라 파일입니다" "$work/err" \
    || fail "countries did not say the cause in Korean with LC_ALL=ko_KR.UTF-8: $(cat "$work/err")"
cat "$work/err"
# A flag's error too (ArgumentParser's own words around it stay English).
if LC_ALL=ko_KR.UTF-8 timeout 30 "$build/countries" --port 70000 >"$work/out" 2>"$work/err"; then
    fail "countries accepted the port 70000"
fi
grep -q "포트는 0에서 65535 사이여야 합니다." "$work/err" || fail "countries did not refuse the port in Korean: $(cat "$work/err")"
head -n 1 "$work/err"
# A host that is not loopback (decided on its addresses, not its spelling) is refused without --allow-remote.
for host in 0.0.0.0 127.0.0.1.example.test; do
    if timeout 30 "$build/countries" --host "$host" --port 0 >"$work/out" 2>"$work/err"; then
        fail "countries served on $host without --allow-remote"
    fi
    grep -q "$host is not a loopback address" "$work/err" || fail "countries did not refuse $host: $(cat "$work/err")"
done
rm -rf "$work"

step "Countries: benchmark runs (quick, debug: figures are not meaningful here)"
"$build/CountriesBenchmark" --quick | tail -n 8 \
    || fail "the Countries benchmark failed"

step "Countries: browser end-to-end suite (headless Chromium)"
COUNTRIES_BIN="$build/countries" "$KEEL_ROOT/Scripts/e2e-countries.sh"

step "Countries: the shipped targets hold no test double (they live in CountriesTesting)"
"$KEEL_ROOT/Scripts/check-test-doubles.sh" "$app" CountriesTesting \
    CountriesDomain CountriesData CountriesApp CountriesPresentation CountriesWeb

step "Countries: the layer rule is enforced by the build (a forbidden import fails it)"
SWIFT_BUILD_FLAGS="--enable-code-coverage --scratch-path $KEEL_TEST_SCRATCH" "$KEEL_ROOT/Scripts/check-layers.sh" "$app" \
    "Presentation:CountriesPresentation:CountriesData" "Presentation:CountriesPresentation:CountriesApp" \
    "Web:CountriesWeb:CountriesApp"
