#!/usr/bin/env bash
# Tests the Authenticator reference app: build without warnings, every test
# target with coverage (≥ 90% of Domain, Data, App and Presentation each), the Aegis vault
# compatibility check both ways against an independent Python implementation
# (Examples/Authenticator/Scripts/aegis_compat.py, with the `cryptography`
# package), the browser suite (Scripts/e2e-authenticator.sh: headless
# Chromium, codes checked with pyotp, a leak scan), no test double in a
# shipped target (Scripts/check-test-doubles.sh), the layer rule probed
# (a forbidden import must fail the build), the benchmark in a quick run, the fuzzers' seeds replayed, and
# each fuzzer for AUTHENTICATOR_FUZZ_SECONDS (10 by default: a smoke
# run; Fuzz/fuzz.sh alone runs 30 s each, or as long as asked).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
app="$KEEL_ROOT/Examples/Authenticator"
ensure_debian_packages libsqlite3-dev
cd "$app"
# SWIFT_JOBS=1 keeps the build to one job on a machine shared with other builds.
jobs=()
[ -n "${SWIFT_JOBS:-}" ] && jobs=(-j "$SWIFT_JOBS")
scratch=(--scratch-path "$KEEL_TEST_SCRATCH")
bin="$KEEL_TEST_SCRATCH/debug"

step "Authenticator: every word a person reads comes from the string catalog (templates, the domain's messages, Presentation, web pages, SwiftUI views, command lines)"
python3 "$KEEL_ROOT/Tools/LiteralCheck/check_literals.py" "$app" "$app/Sources/Presentation/Resources/Localizable.xcstrings" \
    --swiftui "$app/AuthenticatorApp.swiftpm/Sources" \
    Sources/App Sources/Domain/Errors Sources/Domain/Backup Sources/Domain/Import Sources/Domain/Vault \
    Sources/Domain/Work Sources/Data/Formats Sources/Presentation Sources/Web Sources/authenticator Sources/authenticator-web

step "Authenticator: build (warnings are errors for our code)"
log=$(mktemp)
swift build "${jobs[@]}" "${scratch[@]}" --build-tests --enable-code-coverage --explicit-target-dependency-import-check error 2>&1 | tee "$log" | grep -E 'error:|warning:|Build' | grep -v -e '^\[' -e 'unhandled; explicitly declare' || true
grep -q 'error:' "$log" && fail "the Authenticator app does not build"
check_warnings "$log" "$app/Sources/" "$app/Tests/" "$app/Fuzz/" "$app/Benchmarks/" "$KEEL_ROOT/Sources/"

step "Authenticator: tests with code coverage"
tests=$(mktemp)
# The profiles of an earlier run in the shared scratch folder must not count.
rm -rf "$bin/codecov"
if ! swift test "${scratch[@]}" --skip-build --enable-code-coverage >"$tests" 2>&1; then
    grep -E '✘|recorded an issue|error:|Fatal' "$tests" | head -n 60
    fail "Authenticator tests failed (full log: $tests)"
fi
grep -E '^.? ?Test run with|^Executed' "$tests" | tail -n 2
for layer in Domain Data App Presentation; do
    check_coverage "$KEEL_TEST_SCRATCH" "$bin/AuthenticatorPackageTests.xctest" \
        "$app/Sources/$layer" 90 "Authenticator $layer"
done

# The executables below are built with coverage: their profiles go to a scratch folder.
profiles=$(mktemp -d)
export LLVM_PROFILE_FILE="$profiles/%p.profraw"

step "Authenticator: Aegis vaults open both ways with an independent implementation (Python)"
ensure_python "cryptography=cryptography>=41"
compat="$bin/authenticator-aegis-compat"
python_compat="$app/Scripts/aegis_compat.py"
work=$(mktemp -d)
password='correct horse battery staple 한국'
"$KEEL_PYTHON" "$python_compat" sample "$work/accounts.json"
# Ours → theirs: Python decrypts a vault we wrote (and finds its keys in Aegis' order).
"$compat" write "$work/accounts.json" "$password" "$work/ours.aegis" || fail "our writer failed"
"$KEEL_PYTHON" "$python_compat" decrypt "$work/ours.aegis" "$password" >"$work/decrypted.json" \
    || fail "the Python decryptor could not open a vault we wrote"
"$KEEL_PYTHON" "$python_compat" compare "$work/accounts.json" "$work/decrypted.json" \
    || fail "the Python decryptor read other accounts than we wrote"
# A plain vault we wrote reads in Python too.
"$compat" write-plain "$work/accounts.json" "$work/plain.aegis" || fail "our plain writer failed"
"$KEEL_PYTHON" "$python_compat" plain "$work/plain.aegis" >"$work/plain.json" \
    || fail "the Python reader could not read a plain vault we wrote"
"$KEEL_PYTHON" "$python_compat" compare "$work/accounts.json" "$work/plain.json" \
    || fail "the Python reader read other accounts from our plain vault than we wrote"
# Theirs → ours: we import a vault Python wrote.
"$KEEL_PYTHON" "$python_compat" encrypt "$work/accounts.json" "$password" "$work/theirs.aegis"
"$compat" read "$work/theirs.aegis" "$password" >"$work/imported.json" \
    || fail "we could not import a vault the Python encryptor wrote"
"$KEEL_PYTHON" "$python_compat" compare "$work/accounts.json" "$work/imported.json" \
    || fail "we imported other accounts than the Python encryptor wrote"
# A wrong password is said to be one.
if "$compat" read "$work/theirs.aegis" "wrong password" >/dev/null 2>"$work/wrong.txt"; then
    fail "a wrong password opened a vault"
fi
grep -q 'The password does not open this Aegis vault' "$work/wrong.txt" \
    || fail "a wrong password was not reported as one: $(cat "$work/wrong.txt")"
echo "Aegis compatibility: both ways agree, encrypted and plain; a wrong password is reported as such."
rm -rf "$work"

step "Authenticator: a host that is not loopback (decided on its addresses, not its spelling) is refused without --allow-remote"
work=$(mktemp -d)
for host in 0.0.0.0 127.0.0.1.example.test; do
    if timeout 30 "$bin/authenticator-web" --host "$host" --port 0 --data-dir "$work/data" >"$work/out" 2>"$work/err"; then
        fail "authenticator-web served on $host without --allow-remote"
    fi
    grep -q "$host is not a loopback address" "$work/err" || fail "authenticator-web did not refuse $host: $(cat "$work/err")"
done
rm -rf "$work"

step "Authenticator: browser end-to-end suite (headless Chromium)"
AUTHENTICATOR_WEB_BIN="$bin/authenticator-web" "$KEEL_ROOT/Scripts/e2e-authenticator.sh"

step "Authenticator: the shipped targets hold no test double (they live in AuthenticatorTesting)"
"$KEEL_ROOT/Scripts/check-test-doubles.sh" "$app" AuthenticatorTesting \
    AuthenticatorDomain AuthenticatorData AuthenticatorApp AuthenticatorPresentation AuthenticatorWeb

step "Authenticator: the layer rule is enforced by the build (a forbidden import fails it)"
SWIFT_BUILD_FLAGS="--enable-code-coverage --scratch-path $KEEL_TEST_SCRATCH${SWIFT_JOBS:+ -j $SWIFT_JOBS}" "$KEEL_ROOT/Scripts/check-layers.sh" "$app" \
    "Domain:AuthenticatorDomain:AuthenticatorData" "Presentation:AuthenticatorPresentation:AuthenticatorData" \
    "Presentation:AuthenticatorPresentation:AuthenticatorApp" "Web:AuthenticatorWeb:AuthenticatorApp" \
    "Web:AuthenticatorWeb:AuthenticatorData"

step "Authenticator: benchmark runs (quick, debug: figures are not meaningful here)"
"$bin/AuthenticatorBenchmark" --quick | tail -n 14

step "Authenticator: the fuzzers' seeds and past findings replay without a crash"
for target in uri base32 migration aegis twofas text detect; do
    inputs=("Fuzz/Seeds/$target")
    [ -d "Fuzz/Regressions/$target" ] && inputs+=("Fuzz/Regressions/$target")
    AUTHENTICATOR_FUZZ_TARGET=$target "$bin/authenticator-fuzz" "${inputs[@]}" \
        || fail "the $target inputs crash the reader"
done

step "Authenticator: fuzzers (libFuzzer and AddressSanitizer, a debug build: a smoke run), ${AUTHENTICATOR_FUZZ_SECONDS:-10} s each"
SWIFT_JOBS="${SWIFT_JOBS:-}" Fuzz/fuzz.sh --debug --seconds "${AUTHENTICATOR_FUZZ_SECONDS:-10}" || fail "a fuzzer found a problem"
rm -rf "$profiles"
