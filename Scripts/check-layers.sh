#!/usr/bin/env bash
# Shows that the layer rule of a reference app is enforced by the build, not
# only by convention: SwiftPM lets a target import a module that is built
# anyway unless the build checks imports against the declared dependencies
# (--explicit-target-dependency-import-check error, which the test scripts
# pass). For each forbidden import below, a probe file is added to the layer,
# the package is built with the check, and the build must fail naming it.
# Probes of different targets share a build (the check names every target
# that breaks the rule); a target probed twice gets a build per probe.
# Usage: check-layers.sh APP_DIR "LAYER_FOLDER:TARGET:FORBIDDEN_MODULE"…
# SWIFT_BUILD_FLAGS: extra flags of the app's main build (so that the probes
# reuse its products instead of rebuilding them with other flags).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
app=$1; shift
cd "$app"
rules=("$@")
probes=()
# The probes must never outlive the check, even when it is interrupted.
trap 'rm -f "${probes[@]}"' EXIT INT TERM
while [ ${#rules[@]} -gt 0 ]; do
    # One round: the first rule of each target not probed yet in it.
    round=() later=() targets=" " probes=()
    for rule in "${rules[@]}"; do
        IFS=: read -r folder target forbidden <<<"$rule"
        if [[ $targets == *" $target "* ]]; then later+=("$rule"); continue; fi
        targets+="$target "
        round+=("$rule")
        probe="Sources/$folder/LayerRuleProbe.swift"
        [ -e "$probe" ] && fail "$probe already exists"
        probes+=("$probe")
        printf 'import %s\n' "$forbidden" >"$probe"
    done
    log=$(mktemp)
    set +e
    # shellcheck disable=SC2086 # the flags are words
    swift build ${SWIFT_BUILD_FLAGS:-} --explicit-target-dependency-import-check error >"$log" 2>&1
    status=$?
    set -e
    rm -f "${probes[@]}"
    [ $status -ne 0 ] || fail "the build passed with the probes of ${round[*]}: the layer rule is not enforced"
    for rule in "${round[@]}"; do
        IFS=: read -r folder target forbidden <<<"$rule"
        grep -q "Target $target imports another target ($forbidden) in the package without declaring it a dependency" "$log" \
            || { tail -n 20 "$log"; fail "$target imported $forbidden and the build did not name it: the layer rule is not enforced"; }
        echo "$target cannot import $forbidden: the build fails, as it must."
    done
    rules=("${later[@]+"${later[@]}"}")
done
