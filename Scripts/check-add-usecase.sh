#!/usr/bin/env bash
# Shows that keel-add-usecase works on a reference app, not only on an app
# keel-new-app just wrote: it adds an action (given to a view model) and a
# query to the app in place, the app builds with no warning in its code, and
# the two generated tests pass. Then every file is as it was: the added
# files are removed and the changed ones restored, even when the check fails
# or is interrupted. (The scratch folder's products keep the usecase until
# the next build, which sees the restored files and rebuilds.)
# Usage: check-add-usecase.sh APP_DIR VIEW_MODEL
# KEEL_TEST_SCRATCH: the scratch folder of the app's main build; SWIFT_BUILD_FLAGS:
# that build's other flags, so that this build reuses its products.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
app=$1 view_model=$2
cd "$app"
name=$(basename "$app")
scratch=(--scratch-path "$KEEL_TEST_SCRATCH")
[ -z "$(git status --porcelain -- .)" ] || fail "$app has changes of its own: the check would restore them away"
backup=$(mktemp -d)
added=()
# shellcheck disable=SC2317 # called by the trap
restore() {
    rm -f "${added[@]+"${added[@]}"}"
    # Only what changed is copied back: the others keep their times, and the next build reuses them.
    (cd "$backup" && find . -type f -print0) | while IFS= read -r -d '' file; do
        cmp -s "$backup/$file" "$app/$file" || cp "$backup/$file" "$app/$file"
    done
    rm -rf "$backup"
}
trap restore EXIT INT TERM
# Saves the files git knows the plugin may change (Serving, the view model) before it runs.
git ls-files -z -- Sources | xargs -0 -I{} sh -c 'mkdir -p "$1/$(dirname "$2")" && cp "$2" "$1/$2"' _ "$backup" {}

log=$(mktemp)
for usecase in "MarkUsed --action --view-model $view_model" "FollowPlaces --query"; do
    # shellcheck disable=SC2086 # the name and its options, as words
    swift package "${scratch[@]}" --allow-writing-to-package-directory keel-add-usecase $usecase >"$log" 2>&1 \
        || { cat "$log"; fail "keel-add-usecase $usecase failed on $name"; }
    while read -r path; do
        git ls-files --error-unmatch -- "$path" >/dev/null 2>&1 || added+=("$path")
    done < <(sed -n 's/^  //p' "$log")
    sed -n 's/^  //p' "$log"
done
[ ${#added[@]} -eq 4 ] || fail "keel-add-usecase added ${#added[@]} files to $name, not 4 (the two usecases and their tests)"

# shellcheck disable=SC2086 # the flags are words
swift build "${scratch[@]}" ${SWIFT_BUILD_FLAGS:-} --build-tests --explicit-target-dependency-import-check error >"$log" 2>&1 \
    || { grep -E 'error:' "$log" | head -n 30; fail "$name does not build with the usecases keel-add-usecase added"; }
check_warnings "$log" "$app/Sources/" "$app/Tests/"
# shellcheck disable=SC2086
swift test "${scratch[@]}" --skip-build --filter 'MarkUsedTests|FollowPlacesTests' >"$log" 2>&1 \
    || { grep -E '✘|recorded an issue|error:' "$log" | head -n 30; fail "the tests keel-add-usecase wrote fail in $name"; }
grep -qE 'Test run with 3 tests in 2 suites passed' "$log" || { tail -n 5 "$log"; fail "expected the 3 generated tests to run and pass in $name"; }
echo "$name: an action and a query added, built with no warning, their 3 tests pass; the app is restored."
