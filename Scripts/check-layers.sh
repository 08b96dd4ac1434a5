#!/usr/bin/env bash
# Shows that the layer rule of a reference app is enforced by the build, not
# only by convention: SwiftPM lets a target import a module that is built
# anyway unless the build checks imports against the declared dependencies
# (--explicit-target-dependency-import-check error, which the test scripts
# pass). For each forbidden import below, a probe file is added to the layer,
# the layer is built with the check, and the build must fail naming it.
# Usage: check-layers.sh APP_DIR "LAYER_FOLDER:TARGET:FORBIDDEN_MODULE"…
# SWIFT_BUILD_FLAGS: extra flags of the app's main build (so that the probes
# reuse its products instead of rebuilding them with other flags).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
app=$1; shift
cd "$app"
for rule in "$@"; do
    IFS=: read -r folder target forbidden <<<"$rule"
    probe="Sources/$folder/LayerRuleProbe.swift"
    [ -e "$probe" ] && fail "$probe already exists"
    # The probe must never outlive the check, even when it is interrupted.
    trap 'rm -f "$probe"' EXIT INT TERM
    printf 'import %s\n' "$forbidden" >"$probe"
    log=$(mktemp)
    set +e
    # shellcheck disable=SC2086 # the flags are words
    swift build ${SWIFT_BUILD_FLAGS:-} --target "$target" --explicit-target-dependency-import-check error >"$log" 2>&1
    status=$?
    set -e
    rm -f "$probe"
    trap - EXIT INT TERM
    if [ $status -eq 0 ]; then
        fail "$target imported $forbidden and the build passed: the layer rule is not enforced"
    fi
    grep -q "Target $target imports another target ($forbidden) in the package without declaring it a dependency" "$log" \
        || { tail -n 20 "$log"; fail "$target's build failed, but not for importing $forbidden"; }
    echo "$target cannot import $forbidden: the build fails, as it must."
done
