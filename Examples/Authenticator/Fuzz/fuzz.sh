#!/usr/bin/env bash
# Fuzzes the Authenticator's readers with libFuzzer (and AddressSanitizer,
# which also reports leaks): the otpauth URI, Base32, the Google migration
# payload, the Aegis vault (plain JSON), the 2FAS backup, the "import this
# text" entry point and format detection followed by the detected format's
# reader (every JSON format, Proton Authenticator and FreeOTP+ among them).
#
#   Fuzz/fuzz.sh [--seconds S] [--runs N] [--debug] [TARGET…]
#
# --debug builds the fuzzer without optimization: it builds in a fraction of
# the time and runs slower (the test run's short smoke pass uses it; a long
# hunt wants the default, optimized build). Each target runs for S seconds (30 by default) or N executions, whichever
# comes first, starting from Fuzz/Seeds/TARGET, the inputs of the problems it
# found before (Fuzz/Regressions/TARGET, each also a unit test) and the corpus
# it grew (in .build-fuzz/corpus, not committed). A crash, a hang (10 s for one input) or a leak fails the
# script and leaves the input in .build-fuzz/artifacts.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
cd "$here"
limit=()
targets=()
configuration=release
while [ $# -gt 0 ]; do
    case $1 in
        --debug) configuration=debug; shift ;;
        --seconds) limit+=(-max_total_time="$2"); shift 2 ;;
        --runs) limit+=(-runs="$2"); shift 2 ;;
        *) targets+=("$1"); shift ;;
    esac
done
[ ${#limit[@]} -gt 0 ] || limit=(-max_total_time=30)
[ ${#targets[@]} -gt 0 ] || targets=(uri base32 migration aegis twofas text detect)

jobs=()
[ -n "${SWIFT_JOBS:-}" ] && jobs=(-j "$SWIFT_JOBS")
echo "Building the fuzzer ($configuration, -sanitize=fuzzer,address)…"
flags=(-c "$configuration" --product authenticator-fuzz --scratch-path .build-fuzz
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING)
swift build "${jobs[@]}" "${flags[@]}" 2>&1 | tail -n 1
# The same flags as the build: other flags would plan, and next time build, anew.
fuzzer="$(swift build "${flags[@]}" --show-bin-path)/authenticator-fuzz"

for target in "${targets[@]}"; do
    corpus=".build-fuzz/corpus/$target"
    artifacts=".build-fuzz/artifacts/$target/"
    mkdir -p "$corpus" "$artifacts"
    log=".build-fuzz/$target.log"
    echo "== $target"
    inputs=("$corpus" "Fuzz/Seeds/$target")
    [ -d "Fuzz/Regressions/$target" ] && inputs+=("Fuzz/Regressions/$target")
    if ! AUTHENTICATOR_FUZZ_TARGET=$target "$fuzzer" "${inputs[@]}" "${limit[@]}" \
        -timeout=10 -rss_limit_mb=4096 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix="$artifacts" >"$log" 2>&1; then
        tail -n 40 "$log"
        echo "FAILED: the $target fuzzer found a problem (input in $artifacts, log in $log)" >&2
        exit 1
    fi
    runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{ print $2 }')
    speed=$(grep -E '^stat::average_exec_per_sec' "$log" | awk '{ print $2 }')
    echo "$target: $runs executions ($speed per second), no crash, hang or leak; corpus of $(find "$corpus" -type f | wc -l) inputs"
done
