#!/usr/bin/env bash
# Runs every test of the repository: the Keel kit, the shared web layer
# (KeelWeb), the Countries app
# (including its browser end-to-end suite), the Authenticator app, and the
# type-check of the SwiftUI front-ends. Installs what it needs.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
start=$(date +%s)
"$KEEL_ROOT/Scripts/test-kit.sh"
"$KEEL_ROOT/Scripts/test-keelweb.sh"
"$KEEL_ROOT/Scripts/test-countries.sh"
"$KEEL_ROOT/Scripts/test-authenticator.sh"
step "SwiftUI: every Apple-only file type-checks against Tools/SwiftUICheck; the canaries fail"
"$KEEL_ROOT/Scripts/check-swiftui.sh"
step "All tests passed in $(( $(date +%s) - start )) s"
