#!/usr/bin/env bash
# Type-checks every Apple-only Swift file of the repository (the files that
# import SwiftUI, UIKit or AppKit) against the body-less SwiftUI, UIKit,
# Security and UniformTypeIdentifiers of Tools/SwiftUICheck and the real
# modules the views import, then checks that each canary fails for its
# mistake and that the known-good sample passes. See Tools/SwiftUICheck/README.md.
#
# Environment:
#   SWIFTUI_CHECK_SCRATCH  scratch path of each example's build, relative to
#                          its folder (default: .build-swiftui)
#   SWIFTUI_CHECK_REUSE    1: build nothing, use the modules the examples'
#                          test builds made (test-all.sh, after the test
#                          scripts: the apps' in KEEL_TEST_SCRATCH, the reading
#                          list's in its .build; saves a build of each app)
#   SWIFT_JOBS             jobs of `swift build` (default: swift's own)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
start=$(date +%s)
ensure_debian_packages libsqlite3-dev

tools="$KEEL_ROOT/Tools/SwiftUICheck"
countries="$KEEL_ROOT/Examples/Countries"
reuse=${SWIFTUI_CHECK_REUSE:-0}
# The scratch path of the example in FOLDER.
scratch_of() {
    if [ "$reuse" != 1 ]; then echo "$1/${SWIFTUI_CHECK_SCRATCH:-.build-swiftui}"
    elif [ "$1" = "$KEEL_ROOT/Examples/ReadingList" ]; then echo "$1/.build"
    else echo "$KEEL_TEST_SCRATCH"; fi
}
scratch=$(scratch_of "$countries")
work="$scratch/swiftui-check"
host="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/host"
mkdir -p "$work"

# SWIFT_JOBS=1 keeps the build to one job on a machine shared with other builds.
jobs=()
[ -n "${SWIFT_JOBS:-}" ] && jobs=(-j "$SWIFT_JOBS")

# Builds TARGETS… of the example in FOLDER (unless reusing its test build),
# checks that MODULES… are there, and prints the modules' folder.
# Usage: example_modules FOLDER "TARGET…" "MODULE…"
example_modules() {
    local folder=$1 targets=$2 modules=$3 scratch_path
    scratch_path=$(scratch_of "$folder")
    step "$(basename "$folder") modules the views import (scratch ${scratch_path#"$KEEL_ROOT"/})" >&2
    for target in $targets; do
        [ "$reuse" = 1 ] && continue
        (cd "$folder" && swift build "${jobs[@]}" --target "$target" --scratch-path "$scratch_path") >"$work/build-$target.log" 2>&1 \
            || { tail -40 "$work/build-$target.log" >&2; fail "the target $target of $folder does not build"; }
    done
    for module in $modules; do
        [ -f "$scratch_path/debug/Modules/$module.swiftmodule" ] || fail "no $module.swiftmodule in $scratch_path/debug/Modules"
    done
    echo "$scratch_path/debug/Modules"
}

countries_modules=$(example_modules "$countries" "CountriesPresentation CountriesApp CountriesTesting" \
    "CountriesDomain CountriesApp CountriesPresentation CountriesTesting")
# GRDB's C module, which CountriesApp's module loads.
grdb_map="$scratch/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap"
[ -f "$grdb_map" ] || fail "no GRDBSQLite module map at $grdb_map"
countries_flags=(-I "$countries_modules" -Xcc "-fmodule-map-file=$grdb_map")

authenticator="$KEEL_ROOT/Examples/Authenticator"
auth_scratch=$(scratch_of "$authenticator")
auth_modules=$(example_modules "$authenticator" "AuthenticatorPresentation AuthenticatorApp AuthenticatorTesting" \
    "AuthenticatorDomain AuthenticatorApp AuthenticatorPresentation AuthenticatorTesting Crypto _CryptoExtras")
# The C modules that AuthenticatorApp's and swift-crypto's modules load:
# GRDB's SQLite, and BoringSSL with its shims.
auth_flags=(-I "$auth_modules")
for map in "$auth_scratch/checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap" \
    "$auth_scratch/checkouts/swift-crypto/Sources/CCryptoBoringSSL/include/module.modulemap" \
    "$auth_scratch/checkouts/swift-crypto/Sources/CCryptoBoringSSLShims/include/module.modulemap"; do
    [ -f "$map" ] || fail "no module map at $map"
    auth_flags+=(-Xcc "-fmodule-map-file=$map")
done

reading_modules=$(example_modules "$KEEL_ROOT/Examples/ReadingList" "ReadingListPresentation ReadingListApp ReadingListTesting" \
    "ReadingListDomain ReadingListApp ReadingListPresentation ReadingListTesting")
reading_flags=(-I "$reading_modules")

step "Apple interfaces (UniformTypeIdentifiers, SwiftUI, UIKit, Security) and the #Preview plugin"
# In dependency order: SwiftUI imports UniformTypeIdentifiers.
interfaces=(UniformTypeIdentifiers SwiftUI UIKit Security)
for interface in "${interfaces[@]}"; do
    swiftc -frontend -compile-module-from-interface "$tools/$interface.swiftinterface" -module-name "$interface" \
        -I "$work" -o "$work/$interface.swiftmodule" -module-cache-path "$work/ModuleCache" \
        || fail "Tools/SwiftUICheck/$interface.swiftinterface does not compile"
done
plugin="$work/libPreviewsMacros.so"
if [ ! -f "$plugin" ] || [ "$tools/PreviewsMacros/PreviewsMacros.swift" -nt "$plugin" ]; then
    [ -d "$host" ] || fail "no swift-syntax host libraries at $host"
    swiftc -emit-library -module-name PreviewsMacros "$tools/PreviewsMacros/PreviewsMacros.swift" \
        -I "$host" -L "$host" -lSwiftSyntax -lSwiftSyntaxMacros -Xlinker -rpath -Xlinker "$host" \
        -module-cache-path "$work/ModuleCache" -o "$plugin" \
        || fail "the #Preview plugin does not build"
fi
# Declarations: every line of the interfaces that declares something, once
# its leading attributes are stripped.
declarations=0
for interface in "${interfaces[@]}"; do
    count=$(perl -ne '
        s/^\s+//; 1 while s/^@[\w.]+(\((?:[^()]|\([^()]*\))*\))?\s+//;
        print if /^((public|nonisolated|static|mutating|indirect|open|final|class)\s+)*(func|init|var|let|subscript|struct|enum|protocol|case|typealias|associatedtype|macro|class|actor)\b/
    ' "$tools/$interface.swiftinterface" | wc -l)
    echo "$interface.swiftinterface declares $count members and types."
    declarations=$((declarations + count))
done

swiftui_flags=(-swift-version 6 -parse-as-library -I "$work" -load-plugin-library "$plugin"
    -module-cache-path "$work/ModuleCache")

# A release build of an app links nothing of its example's testing target
# (the raft, samples, stand-in workers): its files use it behind `#if DEBUG`
# only. The release type-check sees the example's modules without it.
# Usage: release_modules MODULES_DIR TESTING_MODULE → prints a folder
release_modules() {
    local folder="$work/release-$2"
    rm -rf "$folder" && mkdir -p "$folder"
    for entry in "$1"/*; do
        case "$(basename "$entry")" in "$2".*) continue ;; esac
        ln -s "$entry" "$folder/"
    done
    echo "$folder"
}
countries_release_flags=(-I "$(release_modules "$countries_modules" CountriesTesting)" "${countries_flags[@]:2}")
auth_release_flags=(-I "$(release_modules "$auth_modules" AuthenticatorTesting)" "${auth_flags[@]:2}")
reading_release_flags=(-I "$(release_modules "$reading_modules" ReadingListTesting)")

# Type-checks FILES… as one module against the modules of one example
# (countries or authenticator), as a debug build (previews included) or a
# release build; prints the diagnostics to the log LOG.
# Usage: typecheck LOG EXAMPLE MODULE FILE…   (CONFIGURATION=release for a release build)
typecheck() {
    local log=$1 example=$2 module=$3; shift 3
    local flags=("${countries_flags[@]}" -D DEBUG)
    [ "$example" = authenticator ] && flags=("${auth_flags[@]}" -D DEBUG)
    [ "$example" = readinglist ] && flags=("${reading_flags[@]}" -D DEBUG)
    if [ "${CONFIGURATION:-debug}" = release ]; then
        flags=("${countries_release_flags[@]}")
        [ "$example" = authenticator ] && flags=("${auth_release_flags[@]}")
        [ "$example" = readinglist ] && flags=("${reading_release_flags[@]}")
    fi
    swiftc -typecheck "${swiftui_flags[@]}" "${flags[@]}" -module-name "$module" "$@" >"$log" 2>&1
}

step "Apple-only Swift files type-check against SwiftUI and the built modules"
apple_files=()
while IFS= read -r file; do apple_files+=("$file"); done < <(
    cd "$KEEL_ROOT" && grep -rlE --include='*.swift' --exclude-dir='.build*' --exclude-dir=.git \
        '^(@[A-Za-z_]+ +)*import +((struct|class|enum|protocol|func|var|let|typealias) +)?(SwiftUI|UIKit|AppKit)([. ]|$)' . \
        | sed 's|^\./||' | grep -vE '(^|/)\.build[^/]*/' | grep -vE '^Tools/SwiftUICheck/(Canaries|Good)/' | sort)
[ ${#apple_files[@]} -gt 0 ] || fail "no Apple-only Swift file found"
# Each file belongs to an app package (a .swiftpm folder), type-checked as one module.
groups=()
for file in "${apple_files[@]}"; do
    group=$(echo "$file" | sed -nE 's|^(.*\.swiftpm)/.*|\1|p; s|^(Sources/KeelSwiftUI)/.*|\1|p')
    [ -n "$group" ] || fail "$file imports SwiftUI but lies in no app package (.swiftpm) nor in KeelSwiftUI: add its group to Scripts/check-swiftui.sh"
    case " ${groups[*]-} " in *" $group "*) ;; *) groups+=("$group") ;; esac
done
checked=0
# The kit's views first, as a module the apps' debug menus import: built on
# Linux, KeelSwiftUI is empty (its sources need SwiftUI), so it is made here,
# against the same interfaces, which type-checks it.
kit_views=()
while IFS= read -r file; do kit_views+=("$file"); done < <(cd "$KEEL_ROOT" && find Sources/KeelSwiftUI -name '*.swift' | sort)
log="$work/KeelSwiftUI.log"
if ! (cd "$KEEL_ROOT" && swiftc -emit-module -emit-module-path "$work/KeelSwiftUI.swiftmodule" "${swiftui_flags[@]}" \
    "${countries_flags[@]}" -module-name KeelSwiftUI "${kit_views[@]}") >"$log" 2>&1 || grep -qE '(error|warning):' "$log"; then
    cat "$log"
    fail "the kit's views (Sources/KeelSwiftUI) do not type-check cleanly"
fi
echo "Sources/KeelSwiftUI: ${#kit_views[@]} files type-check (KeelSwiftUI, made for the apps to import)."
checked=$((checked + ${#kit_views[@]}))
for group in "${groups[@]}"; do
    [ "$group" = Sources/KeelSwiftUI ] && continue
    case "$group" in
        Examples/Countries/CountriesApp.swiftpm) module=CountriesSwiftUI example=countries ;;
        Examples/Authenticator/AuthenticatorApp.swiftpm) module=AuthenticatorSwiftUI example=authenticator ;;
        Examples/ReadingList/ReadingListApp.swiftpm) module=ReadingListSwiftUI example=readinglist ;;
        *) fail "no modules known for the app package $group: add it to Scripts/check-swiftui.sh" ;;
    esac
    sources=()
    while IFS= read -r file; do sources+=("$file"); done < <(
        cd "$KEEL_ROOT" && find "$group" -name '*.swift' ! -name Package.swift ! -path '*/.build*' | sort)
    log="$work/$module.log"
    if ! (cd "$KEEL_ROOT" && typecheck "$log" "$example" "$module" "${sources[@]}") || grep -qE '(error|warning):' "$log"; then
        cat "$log"
        fail "the Swift files of $group do not type-check cleanly"
    fi
    log="$work/$module-release.log"
    if ! (cd "$KEEL_ROOT" && CONFIGURATION=release typecheck "$log" "$example" "$module" "${sources[@]}") || grep -qE '(error|warning):' "$log"; then
        cat "$log"
        fail "the Swift files of $group do not type-check as a release build, without the example's testing module (use it behind #if DEBUG only)"
    fi
    echo "$group: ${#sources[@]} files type-check ($module), as a debug build and as a release build without test doubles."
    checked=$((checked + ${#sources[@]}))
done

step "Canaries fail for their mistake; the known-good sample passes"
for canary in "$tools"/Canaries/*.swift; do
    name=$(basename "$canary" .swift)
    expected=$(sed -nE '1s|^// expect: (.*)$|\1|p' "$canary")
    [ -n "$expected" ] || fail "canary $name has no '// expect: …' first line"
    log="$work/canary-$name.log"
    # A canary names the example whose modules it imports (`import Authenticator…`).
    example=countries
    grep -q '^import Authenticator' "$canary" && example=authenticator
    # A canary fails as an app file does: with an error, or with a warning
    # (`@preconcurrency` declarations report Sendable violations as warnings).
    if typecheck "$log" "$example" "Canary$name" "$canary" && ! grep -qE '(error|warning):' "$log"; then
        cat "$log"
        fail "canary $name type-checks: the interface accepts its mistake"
    fi
    grep -qF -- "$expected" "$log" || { cat "$log"; fail "canary $name fails, but not with: $expected"; }
    printf 'canary %-24s fails: %s\n' "$name" "$expected"
done
good_log="$work/good.log"
if ! typecheck "$good_log" countries GoodSample "$tools"/Good/*.swift || grep -qE '(error|warning):' "$good_log"; then
    cat "$good_log"
    fail "the known-good sample does not type-check cleanly"
fi
echo "The known-good sample type-checks."

step "SwiftUI check passed: $checked Apple-only files, $declarations interface declarations, $(ls "$tools"/Canaries/*.swift | wc -l) canaries, in $(( $(date +%s) - start )) s"
