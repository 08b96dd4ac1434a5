#!/usr/bin/env bash
# Runs every test of the repository: the Keel kit, the shared web layer
# (KeelWeb), the Countries app and the Authenticator (browser suites
# included), the docs (the reading list whose files hold every sample, the
# Korean catalogs), the scaffolding plugins, and the type-check of the
# SwiftUI front-ends (over the modules the apps' test builds made). Installs
# what it needs; prints each stage's time at the end.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
start=$(date +%s)
times=()
# Runs one stage and keeps its time for the summary.
stage() {
    local name=$1 began
    shift
    began=$(date +%s)
    "$@"
    times+=("$(printf '%-44s %5d s' "$name" $(( $(date +%s) - began )))")
}
stage "Kit (build, tests, TSan, DocC, benchmark)" "$KEEL_ROOT/Scripts/test-kit.sh"
stage "KeelWeb" "$KEEL_ROOT/Scripts/test-keelweb.sh"
stage "Countries (browser suite included)" "$KEEL_ROOT/Scripts/test-countries.sh"
stage "Authenticator (browser suite included)" "$KEEL_ROOT/Scripts/test-authenticator.sh"
stage "Docs (reading list, samples, Korean, DocC)" "$KEEL_ROOT/Scripts/test-docs.sh"
stage "Plugins (keel-new-app, keel-add-usecase)" "$KEEL_ROOT/Scripts/test-plugins.sh"
step "SwiftUI: every Apple-only file type-checks against Tools/SwiftUICheck; the canaries fail"
# The apps' test builds made the modules the views import: reused, not built again.
stage "SwiftUI type-check" env SWIFTUI_CHECK_REUSE=1 "$KEEL_ROOT/Scripts/check-swiftui.sh"
# Last: it changes the reference apps in place (and restores them), and builds them again.
stage "keel-add-usecase on the reference apps" env SWIFT_BUILD_FLAGS="--enable-code-coverage" sh -c '
    "$0/Scripts/check-add-usecase.sh" "$0/Examples/Countries" CountryListViewModel &&
    "$0/Scripts/check-add-usecase.sh" "$0/Examples/Authenticator" AccountListViewModel' "$KEEL_ROOT"
step "All tests passed in $(( $(date +%s) - start )) s"
printf '%s\n' "${times[@]}"
