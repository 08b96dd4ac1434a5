#!/usr/bin/env bash
# Tests KeelWeb, the web layer both reference apps' front-ends share
# (Packages/KeelWeb): build without warnings in our code, and its own tests
# with coverage (the coverage of KeelWeb is checked on the union of these
# tests and the Countries route tests, which exercise it as an app uses it:
# see test-countries.sh, run after this script).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
package="$KEEL_ROOT/Packages/KeelWeb"
cd "$package"
# SWIFT_JOBS=1 keeps the build to one job on a machine shared with other builds.
jobs=()
[ -n "${SWIFT_JOBS:-}" ] && jobs=(-j "$SWIFT_JOBS")
scratch=(--scratch-path "$KEEL_TEST_SCRATCH")

step "KeelWeb: build (warnings are errors for our code)"
log=$(mktemp)
swift build "${jobs[@]}" "${scratch[@]}" --build-tests --enable-code-coverage 2>&1 | tee "$log" | grep -E 'error:|warning:|Build' | grep -v '^\[' || true
grep -q 'error:' "$log" && fail "KeelWeb does not build"
check_warnings "$log" "$package/Sources/" "$package/Tests/" "$KEEL_ROOT/Sources/"

step "KeelWeb: tests"
tests=$(mktemp)
# The profiles of an earlier run in the shared scratch folder must not count.
rm -rf "$KEEL_TEST_SCRATCH/debug/codecov"
if ! swift test "${scratch[@]}" --skip-build --enable-code-coverage >"$tests" 2>&1; then
    grep -E '✘|recorded an issue|error:|Fatal' "$tests" | head -n 60
    fail "KeelWeb tests failed (full log: $tests)"
fi
grep -E '^.? ?Test run with|^Executed' "$tests" | tail -n 2
# Kept for test-countries.sh, which checks KeelWeb's coverage by both test runs.
cp "$KEEL_TEST_SCRATCH/debug/codecov/default.profdata" "$KEEL_TEST_SCRATCH/keelweb.profdata"
