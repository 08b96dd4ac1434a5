#!/usr/bin/env bash
# Tests the scaffolding plugins (Plugins/README.md) as a newcomer uses them,
# in a scratch folder: a copy of the kit (its manifest, sources, plugins and
# tests, as a clone has them) and an empty folder beside it.
#  - keel-new-app writes an app (with its SwiftUI package) that builds with no
#    warning in its code, passes its tests, and whose SwiftUI files type-check
#    against Tools/SwiftUICheck and the app's built modules;
#  - once its entity and container are renamed, keel-add-usecase adds an
#    action (given to the view model) and a query; the app builds and passes
#    again, with their tests, which fail when the usecases are broken;
#  - with --keel-url, the app's manifest names Keel by its URL's identity and
#    its package graph loads (from a local git repository of the copy);
#  - bad input (an existing name, a name that is not a Swift identifier, a
#    package that is not a Keel app, no --action or --query, …) fails with
#    its message and leaves every file as it was.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
start=$(date +%s)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
keel="$scratch/keel"
apps="$scratch/apps"
# Copies what a clone holds of the kit (tracked and new files, none ignored) to FOLDER.
copy_kit() {
    mkdir -p "$1"
    (cd "$KEEL_ROOT" && git ls-files --cached --others --exclude-standard -- Package.swift Sources Plugins Tests \
        | tar -cf - --no-recursion -T -) | tar -xf - -C "$1"
}
copy_kit "$keel"
mkdir -p "$apps"

# Runs a plugin command in the current folder; its output goes to LOG.
# Usage: plugin LOG ARGUMENT…
plugin() {
    local log=$1; shift
    swift package "$@" >"$log" 2>&1
}

# A fingerprint of every file under FOLDER, build folders aside.
fingerprint() {
    (cd "$1" && find . -path '*/.build' -prune -o -type f -print0 | sort -z | xargs -0 sha1sum)
}

# Builds the app in FOLDER with its tests; fails on an error, or on a
# warning in the app's own code (Sources, Tests).
build_app() {
    local folder=$1 log="$scratch/build.log"
    (cd "$folder" && swift build --build-tests --explicit-target-dependency-import-check error) >"$log" 2>&1 \
        || { grep -E 'error:' "$log" | head -n 30; fail "the app in $folder does not build (full log: $log)"; }
    check_warnings "$log" "$folder/Sources/" "$folder/Tests/"
}

# Runs the app's tests; fails unless exactly COUNT ran and passed.
# Usage: test_app FOLDER COUNT
test_app() {
    local folder=$1 count=$2 log="$scratch/test.log"
    if ! (cd "$folder" && swift test --skip-build) >"$log" 2>&1; then
        grep -E '✘|recorded an issue|error:|Fatal' "$log" | head -n 40
        fail "the app's tests failed in $folder"
    fi
    grep -qE "Test run with $count tests? in [0-9]+ suites? passed" "$log" \
        || { tail -n 5 "$log"; fail "expected $count tests to run and pass in $folder"; }
    grep -E '^.? ?Test run with' "$log" | tail -n 1
}

# Runs a plugin command that must be refused: it fails, says MESSAGE, and
# leaves every file under FOLDER as it was.
# Usage: refused FOLDER MESSAGE ARGUMENT…   (run in the current folder)
refused() {
    local folder=$1 message=$2; shift 2
    local before log="$scratch/refused.log"
    before=$(fingerprint "$folder")
    if plugin "$log" "$@"; then
        cat "$log"; fail "swift package $* succeeded: it should be refused"
    fi
    grep -qF -- "$message" "$log" || { cat "$log"; fail "swift package $* failed without saying: $message"; }
    [ "$(fingerprint "$folder")" = "$before" ] || fail "swift package $* was refused but changed files under $folder"
    printf 'refused: %-58s %s\n' "${*: -3}" "$message"
}

step "The plugins' sources type-check with no warning (swift package runs them without showing their warnings)"
api="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/pm/PluginAPI"
[ -f "$api/PackagePlugin.swiftmodule" ] || fail "no PackagePlugin module in $api"
for target in KeelNewApp KeelAddUsecase; do
    plugin_log="$scratch/plugin-$target.log"
    swiftc -typecheck -swift-version 6 -package-description-version 6.0.0 -parse-as-library -I "$api" \
        -module-name "$target" "$keel/Plugins/$target"/*.swift >"$plugin_log" 2>&1 || { cat "$plugin_log"; fail "the plugin $target does not compile"; }
    grep -q 'warning:' "$plugin_log" && { cat "$plugin_log"; fail "the plugin $target compiles with warnings"; }
    echo "$target: $(ls "$keel/Plugins/$target"/*.swift | wc -l) files, no warning."
done

step "keel-new-app Books --swiftui (in an empty folder, Keel by path: the kit's copy)"
cd "$apps"
log="$scratch/new-app.log"
plugin "$log" --package-path ../keel --allow-writing-to-directory . keel-new-app Books --swiftui \
    || { cat "$log"; fail "keel-new-app failed"; }
grep -F 'Wrote the app Books' "$log"
app="$apps/Books"
grep -qF '.package(name: "Keel", path: "../../keel")' "$app/Package.swift" \
    || { grep -n 'package(' "$app/Package.swift"; fail "the app's manifest does not name the kit's copy by a relative path, as Keel"; }

step "The new app: build (warnings are errors for its code) and tests"
build_app "$app"
test_app "$app" 3

step "The new app's SwiftUI package type-checks against Tools/SwiftUICheck and the app's modules"
tools="$KEEL_ROOT/Tools/SwiftUICheck"
work="$KEEL_ROOT/.build-plugins-swiftui"
mkdir -p "$work"
for interface in UniformTypeIdentifiers SwiftUI UIKit Security; do
    swiftc -frontend -compile-module-from-interface "$tools/$interface.swiftinterface" -module-name "$interface" \
        -I "$work" -o "$work/$interface.swiftmodule" -module-cache-path "$work/ModuleCache" \
        || fail "Tools/SwiftUICheck/$interface.swiftinterface does not compile"
done
# The #Preview macro's plugin: built once, kept between runs (as check-swiftui.sh does).
preview="$work/libPreviewsMacros.so"
if [ ! -f "$preview" ] || [ "$tools/PreviewsMacros/PreviewsMacros.swift" -nt "$preview" ]; then
    host="$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")/lib/swift/host"
    swiftc -emit-library -module-name PreviewsMacros "$tools/PreviewsMacros/PreviewsMacros.swift" \
        -I "$host" -L "$host" -lSwiftSyntax -lSwiftSyntaxMacros -Xlinker -rpath -Xlinker "$host" \
        -module-cache-path "$work/ModuleCache" -o "$preview" || fail "the #Preview plugin does not build"
fi
modules="$app/.build/debug/Modules"
# A release build sees the app's modules without its testing module (the raft is used behind #if DEBUG only).
release="$scratch/release-modules"
mkdir -p "$release"
for entry in "$modules"/*; do
    case "$(basename "$entry")" in BooksTesting.*) ;; *) ln -s "$entry" "$release/" ;; esac
done
sources=("$app"/BooksApp.swiftpm/Sources/*.swift)
for configuration in debug release; do
    flags=(-I "$modules" -D DEBUG)
    [ "$configuration" = release ] && flags=(-I "$release")
    swiftui_log="$scratch/swiftui-$configuration.log"
    if ! swiftc -typecheck -swift-version 6 -parse-as-library -I "$work" -load-plugin-library "$preview" \
        -module-cache-path "$work/ModuleCache" "${flags[@]}" -module-name BooksSwiftUI "${sources[@]}" >"$swiftui_log" 2>&1 \
        || grep -qE '(error|warning):' "$swiftui_log"; then
        cat "$swiftui_log"; fail "the new app's SwiftUI files do not type-check cleanly ($configuration)"
    fi
done
echo "BooksApp.swiftpm: ${#sources[@]} files type-check (BooksSwiftUI), as a debug build and as a release build without BooksTesting."

step "The app made its own: the entity Item renamed Food, the container Vessel renamed Larder"
cd "$app"
rm -rf BooksApp.swiftpm   # type-checked above; the rename is of the package's own code
for file in $(find Sources Tests -name '*Item*'); do mv "$file" "${file//Item/Food}"; done
find Sources Tests -name '*.swift' -exec sed -i -e 's/Items/Foods/g; s/items/foods/g; s/Item/Food/g; s/item/food/g; s/Vessel/Larder/g' {} +
grep -q 'public var foods: Loadable<\[Food\]>' Sources/Domain/AppState.swift || fail "the rename did not reach AppState"
grep -q 'public final class Larder: Serving' Sources/App/Vessel.swift || fail "the rename did not reach the container"
echo "Renamed: $(grep -rl 'Food' Sources Tests | wc -l) files name Food; none names Item: $(grep -rlw 'Item' Sources Tests | wc -l)."

step "keel-add-usecase on the renamed app: an action given to the view model, and a query; then build and tests again"
plugin "$log" --allow-writing-to-package-directory keel-add-usecase MarkUsed --action --view-model FoodListViewModel \
    || { cat "$log"; fail "keel-add-usecase MarkUsed --action failed"; }
cat "$log"
plugin "$log" --allow-writing-to-package-directory keel-add-usecase followFoods --query \
    || { cat "$log"; fail "keel-add-usecase followFoods --query failed"; }
cat "$log"
# A usecase's contract is written once: the doc of its Serving requirement,
# then its typealias after the protocol, in Serving.swift (no Usecases.swift).
[ ! -e Sources/Domain/Usecases.swift ] || fail "the app has a Sources/Domain/Usecases.swift: the signatures belong in Serving.swift"
grep -q 'var markUsedAction: MarkUsedUsecase { get }' Sources/Domain/Serving.swift || fail "no markUsedAction in Serving"
grep -q 'var followFoodsQuery: FollowFoodsQuery { get }' Sources/Domain/Serving.swift || fail "no followFoodsQuery in Serving"
grep -B 1 'var markUsedAction:' Sources/Domain/Serving.swift | grep -q '/// ' || fail "markUsedAction has no doc in Serving"
grep -B 1 'var followFoodsQuery:' Sources/Domain/Serving.swift | grep -q '/// ' || fail "followFoodsQuery has no doc in Serving"
# After the protocol's closing brace: the signatures, each pointing at its requirement.
sed -n '/^}/,$p' Sources/Domain/Serving.swift >"$scratch/signatures.swift"
for pair in 'MarkUsedUsecase markUsedAction' 'FollowFoodsQuery followFoodsQuery' 'LoadFoodsUsecase loadFoodsAction'; do
    read -r type property <<<"$pair"
    grep -q "public typealias $type = " "$scratch/signatures.swift" || fail "no $type after the protocol in Serving.swift"
    grep -qF "/// The signature of \`\`Serving/$property\`\`." "$scratch/signatures.swift" \
        || fail "$type's doc does not point at Serving/$property"
done
# The kinds, as the docs define them: the action changes the state and throws the entity's fizzle;
# the query follows a source; both are the renamed container's.
grep -qF 'public typealias MarkUsedUsecase = @Sendable (_ id: Food.ID) throws(FoodFizzle) -> Void' "$scratch/signatures.swift" \
    || fail "the action's signature is not a state change that throws FoodFizzle"
grep -qF 'public typealias FollowFoodsQuery = @Sendable (_ source: AsyncStream<[Food]>) async -> Void' "$scratch/signatures.swift" \
    || fail "the query's signature does not follow a source"
grep -qF 'throw .unknownFood' Sources/App/Usecases/MarkUsed.swift || fail "the action does not throw the renamed fizzle's case"
grep -qF 'extension Larder {' Sources/App/Queries/FollowFoods.swift || fail "the query is not the renamed container's"
# The view model's wiring: the stored usecase, and where its init takes it.
grep -qF 'private let markUsed: MarkUsedUsecase' Sources/Presentation/FoodListViewModel.swift || fail "the view model holds no markUsed"
grep -qF 'markUsed = service.markUsedAction' Sources/Presentation/FoodListViewModel.swift || fail "the view model's init does not take markUsedAction"
for file in Tests/BooksTests/MarkUsedTests.swift Tests/BooksTests/FollowFoodsTests.swift; do
    [ -f "$file" ] || fail "keel-add-usecase wrote no $file"
done
build_app "$app"
test_app "$app" 6

step "The generated tests show their kinds: they fail when the usecase does not do what its kind says"
mutate() {  # Usage: mutate FILE SED_EXPRESSION WHAT: the tests must fail with the change, and pass without it.
    local file=$1 expression=$2 what=$3
    cp "$file" "$scratch/mutated"
    sed -i "$expression" "$file"
    cmp -s "$file" "$scratch/mutated" && fail "the mutation ($what) changed nothing in $file"
    build_app "$app"
    if (cd "$app" && swift test --skip-build) >"$scratch/mutant.log" 2>&1; then
        cp "$scratch/mutated" "$file"; fail "the generated tests pass when $what"
    fi
    echo "fails when $what: $(grep -cE '✘ Test ".* failed' "$scratch/mutant.log") test(s)"
    cp "$scratch/mutated" "$file"
}
mutate Sources/App/Usecases/MarkUsed.swift 's/list?.remove(at: index)/list?[index].name += "!"/' "the action changes the wrong thing"
mutate Sources/App/Usecases/MarkUsed.swift 's/throw .unknownFood/return/' "the action does not fail for an unknown item"
mutate Sources/App/Queries/FollowFoods.swift 's/{ $0 = .loaded(list) }/{ $0 = .loaded(Array(list.prefix(1))) }/' "the query stops following its source"
build_app "$app"

step "Bad input is refused with its message, and changes nothing"
cd "$apps"
refused "$apps" "already exists" --package-path ../keel keel-new-app Books
refused "$apps" "is not a name for an app" --package-path ../keel keel-new-app 9Lives
refused "$apps" "is not a name for an app" --package-path ../keel keel-new-app my-app
refused "$apps" "is not a name for an app" --package-path ../keel keel-new-app struct
refused "$apps" "start it with a capital letter" --package-path ../keel keel-new-app books
refused "$apps" "name the app once" --package-path ../keel keel-new-app
refused "$apps" "no Keel package at" --package-path ../keel keel-new-app Films --keel-path ..
refused "$apps" "give --keel-path or --keel-url, not both" --package-path ../keel keel-new-app Films --keel-path ../../keel --keel-url https://example.com/keel.git
refused "$apps" "unknown option --swift-ui" --package-path ../keel keel-new-app Films --swift-ui
cd "$app"
refused "$app" "already has the action LoadFoods" --allow-writing-to-package-directory keel-add-usecase LoadFoods --action
refused "$app" "already has the action MarkUsed" --allow-writing-to-package-directory keel-add-usecase MarkUsed --query
refused "$app" "already has the query FollowFoods" --allow-writing-to-package-directory keel-add-usecase FollowFoods --action
refused "$app" "the Larder already has a member \`store\`" --allow-writing-to-package-directory keel-add-usecase Store --action
refused "$app" "no source file declares the view model \`final class Nope\`" --allow-writing-to-package-directory keel-add-usecase Rate --action --view-model Nope
refused "$app" "is not a name for a view model" --allow-writing-to-package-directory keel-add-usecase Rate --action --view-model 'a(b'

refused "$app" "is not a name for a usecase" --allow-writing-to-package-directory keel-add-usecase rate-items --action
refused "$app" "is not a name for a usecase" --allow-writing-to-package-directory keel-add-usecase 2Fast --query
refused "$app" "say what the usecase is: --action" --allow-writing-to-package-directory keel-add-usecase Rate
refused "$app" "give --action or --query, not both" --allow-writing-to-package-directory keel-add-usecase Rate --action --query
# An app that lacks a piece the templates need is refused, naming the piece.
# Usage: lacking FILE SED_EXPRESSION MESSAGE (the file is restored after).
lacking() {
    local file=$1 expression=$2 message=$3
    cp "$file" "$scratch/lacking"
    sed -i "$expression" "$file"
    refused "$app" "$message" --allow-writing-to-package-directory keel-add-usecase Rate --action
    cp "$scratch/lacking" "$file"
}
lacking Sources/Domain/FoodFizzle.swift 's/case unknownFood$/case goneFood/' "no fizzle has a case for Food that is not there"
lacking Sources/Testing/Vessel+Raft.swift 's/state: AppState = AppState(), //' "its raft has no \`state: AppState\` parameter"
lacking Sources/Testing/Vessel+Raft.swift 's/static let samples/static let examples/' "has no \`Food.samples\`"
lacking Sources/Domain/AppState.swift 's/Loadable<\[Food\]>/[Food]/' "AppState has no list to start from"
lacking Sources/App/Vessel.swift 's/: MutableStore<AppState>/: Store<AppState>/' "has no \`let store: MutableStore<AppState>\`"
cd "$apps"
refused "$keel" "is not a Keel app laid out as keel-new-app writes one" --package-path ../keel --allow-writing-to-package-directory keel-add-usecase Rate --action

step "keel-new-app --keel-url: the manifest names Keel by its URL's identity, and the graph loads"
# The kit's copy as a git repository tagged 0.1.0, reached by a file URL
# whose last component, "keel-main", is the identity the manifest must use.
url="file://$scratch/keel-main"
copy_kit "$scratch/keel-main"
(cd "$scratch/keel-main" && git init -q && git add -A && git -c user.name=ci -c user.email=ci@localhost commit -qm kit && git tag 0.1.0)
plugin "$log" --package-path ../keel --allow-writing-to-directory . keel-new-app Films --keel-url "$url" \
    || { cat "$log"; fail "keel-new-app --keel-url failed"; }
grep -qF ".package(url: \"$url\", from: \"0.1.0\")" Films/Package.swift || fail "Films/Package.swift does not name Keel by its URL"
grep -qF '.product(name: "Keel", package: "keel-main")' Films/Package.swift || fail "Films/Package.swift does not use the URL's identity"
# show-dependencies loads the package graph, which checks every product's package.
(cd Films && swift package show-dependencies) >"$log" 2>&1 || { cat "$log"; fail "the package graph of an app naming Keel by URL does not load"; }
grep -F "keel-main<$scratch/keel-main@0.1.0>" "$log" || { cat "$log"; fail "the URL app does not depend on keel-main 0.1.0"; }
# The trap the identity avoids: naming the package "Keel" fails, so the check above has teeth.
sed -i 's/package: "keel-main")/package: "Keel")/' Films/Package.swift
if (cd Films && swift package show-dependencies) >"$log" 2>&1; then
    fail "an app naming a URL dependency \"Keel\" instead of its identity \"keel-main\" loaded: this check proves nothing"
fi
grep -qF "unknown package 'Keel'" "$log" || { cat "$log"; fail "naming the URL dependency \"Keel\" failed for another reason"; }
echo "With package: \"Keel\" instead, the graph fails: unknown package 'Keel'."

step "Plugins passed in $(( $(date +%s) - start )) s"
