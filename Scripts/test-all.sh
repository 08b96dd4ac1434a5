#!/usr/bin/env bash
# Runs every test of the repository: the Keel kit and the Countries app
# (including its browser end-to-end suite). Installs what it needs.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
start=$(date +%s)
step "Apple-only Swift files parse (swiftc -parse)"
apple_files=()
while IFS= read -r file; do apple_files+=("$file"); done < <(
    cd "$KEEL_ROOT" && grep -rlE --include='*.swift' '^import (SwiftUI|UIKit|AppKit)' Sources Examples 2>/dev/null | grep -v '/\.build' || true)
if [ ${#apple_files[@]} -eq 0 ]; then
    echo "No Apple-only Swift files yet."
else
    (cd "$KEEL_ROOT" && swiftc -parse "${apple_files[@]}") || fail "an Apple-only Swift file does not parse"
    echo "${#apple_files[@]} Apple-only Swift files parse."
fi

"$KEEL_ROOT/Scripts/test-kit.sh"
"$KEEL_ROOT/Scripts/test-countries.sh"
step "All tests passed in $(( $(date +%s) - start )) s"
