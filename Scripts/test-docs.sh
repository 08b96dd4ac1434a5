#!/usr/bin/env bash
# Tests the documentation: the reading list (Examples/ReadingList, the app of
# the README's walkthrough and of "Getting started", whose files hold every
# sample of the docs) builds without warnings and passes its tests, the
# samples are equal to their slices, every English article has its Korean
# counterpart, and the four DocC catalogs build without warnings.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
app="$KEEL_ROOT/Examples/ReadingList"
cd "$app"

step "ReadingList: build (warnings are errors for our code)"
log=$(mktemp)
swift build --build-tests --explicit-target-dependency-import-check error 2>&1 | tee "$log" | grep -E 'error:|warning:|Build' | grep -v '^\[' || true
grep -q 'error:' "$log" && fail "the reading list does not build"
check_warnings "$log" "$app/Sources/" "$app/Tests/" "$KEEL_ROOT/Sources/"

step "ReadingList: tests (the walkthrough's and the kit's doc samples)"
tests=$(mktemp)
if ! swift test --skip-build >"$tests" 2>&1; then
    grep -E '✘|recorded an issue|error:|Fatal' "$tests" | head -n 40
    fail "the reading list's tests failed (full log: $tests)"
fi
grep -E '^.? ?Test run with' "$tests" | tail -n 1

step "The literal check finds what SwiftUI would show untranslated (a SecureField, both branches, a view's title)"
python3 "$KEEL_ROOT/Tools/LiteralCheck/test_check_literals.py" 2>&1 | tail -n 3

"$KEEL_ROOT/Scripts/build-docs.sh"
