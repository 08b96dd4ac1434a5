#!/usr/bin/env bash
# Tests the Keel kit: build without warnings, tests with coverage (≥ 95% of
# Sources/Keel), tests under Thread Sanitizer, the read-only face's type
# shape, a client that depends on Keel alone resolving nothing else, and the
# store benchmark building and running.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$KEEL_ROOT"

step "Kit: the core holds at most 2,300 lines; the store is one page of safe Swift (≤ 600 lines, no unsafe construct in Sources/)"
core=$(cat $(find Sources/Keel -name '*.swift') | wc -l)
[ "$core" -le 2300 ] || fail "Sources/Keel holds $core lines of Swift (at most 2,300: extras go in modules beside it)"
lines=$(cat Sources/Keel/Store/*.swift | wc -l)
# What plugs into the store (Sources/Keel/Hooks) is not counted.
[ "$lines" -le 600 ] || fail "Sources/Keel/Store holds $lines lines (at most 600)"
unsafe='Unsafe[A-Za-z]*Pointer|Unmanaged|unowned\(unsafe\)|_withUnsafeGuaranteedRef|assumingMemoryBound|unsafeBitCast|unsafeDowncast'
if grep -rnE "$unsafe" Sources/; then fail "an unsafe construct is in Sources/ (above)"; fi
echo "Core: $core lines; store: $lines lines; no unsafe construct in Sources/"

step "Kit: build (warnings are errors for our code)"
log=$(mktemp)
swift build --build-tests 2>&1 | tee "$log" | grep -E 'error:|warning:|Compiling|Build' | grep -v '^\[' || true
grep -q 'error:' "$log" && fail "the kit does not build"
check_warnings "$log" "$KEEL_ROOT/Sources/" "$KEEL_ROOT/Tests/"

step "Kit: tests with code coverage"
log=$(mktemp)
swift test --enable-code-coverage >"$log" 2>&1 || {
    grep -E '✘|error:|Fatal error|crashed' "$log" | head -n 40
    fail "the kit's tests failed (log: $log)"
}
tail -n 2 "$log"
check_coverage "$KEEL_ROOT/.build" "$KEEL_ROOT/.build/debug/KeelPackageTests.xctest" \
    "$KEEL_ROOT/Sources/Keel" 95 "Keel"
for extra in KeelWebClient KeelTimeline KeelCatalog; do
    check_coverage "$KEEL_ROOT/.build" "$KEEL_ROOT/.build/debug/KeelPackageTests.xctest" \
        "$KEEL_ROOT/Sources/$extra" 95 "$extra"
done

step "Kit: tests under Thread Sanitizer (the store's model test with fewer sequences: it is single-threaded)"
KEEL_MODEL_SEQUENCES=200 swift test --sanitize=thread --scratch-path "$KEEL_ROOT/.build-tsan" >"$log" 2>&1 || {
    grep -E '✘|error:|Fatal error|crashed|ThreadSanitizer' "$log" | head -n 40
    fail "the kit's tests failed under Thread Sanitizer (log: $log)"
}
tail -n 2 "$log"

step "Kit: documentation builds without warnings (DocC)"
graphs=$(mktemp -d)
swift build --target Keel -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" 2>&1 | tail -n 1
if ! docc convert Sources/Keel/Keel.docc --additional-symbol-graph-dir "$graphs" --output-path "$graphs/out" \
    --fallback-display-name Keel --fallback-bundle-identifier dev.keel.Keel --warnings-as-errors >"$graphs/log" 2>&1; then
    grep -E -A1 'warning:|error:' "$graphs/log" | head -n 40
    fail "the documentation has warnings"
fi
rm -rf "$graphs"

step "Kit: the read-only face cannot write; a client of Keel resolves no other package"
"$KEEL_ROOT/Scripts/check-client.sh"

step "Kit: the store benchmark builds without warnings and runs (quick, debug: figures are not meaningful here)"
log=$(mktemp)
swift build --package-path Benchmarks 2>&1 | tee "$log" | grep -E 'error:|warning:|Build' | grep -v '^\[' || true
grep -q 'error:' "$log" && fail "the store benchmark does not build"
check_warnings "$log" "$KEEL_ROOT/Benchmarks/"
output=$("$(swift build --package-path Benchmarks --show-bin-path)/StoreBenchmark" --quick --scenarios s1,s3) \
    || fail "the store benchmark failed"
echo "$output"
! echo "$output" | grep -E "process failed|could not start" || fail "a job of the store benchmark failed"
