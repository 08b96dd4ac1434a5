#!/usr/bin/env bash
# Creates a client package in a temporary folder that depends on the Keel
# product only, and checks that:
#  - it resolves and builds without checking out any other package;
#  - code holding the read-only face (`Store`) cannot write: calling `update`
#    on it does not compile.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

client=$(mktemp -d)
trap 'rm -rf "$client"' EXIT
mkdir -p "$client/Sources/Client" "$client/Sources/Writer"
cat > "$client/Package.swift" <<MANIFEST
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "Client",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "Keel", path: "$KEEL_ROOT")],
    targets: [
        .target(name: "Client", dependencies: [.product(name: "Keel", package: "Keel")]),
        .target(name: "Writer", dependencies: [.product(name: "Keel", package: "Keel")]),
    ]
)
MANIFEST
cat > "$client/Sources/Client/Client.swift" <<'SWIFT'
import Keel

public struct Counter: Equatable, Sendable { public var value = 0 }

public func demo() -> Int {
    let store = MutableStore(Counter())
    store.update { $0.value += 1 }
    return store.readOnly.read { $0.value }
}
SWIFT
cat > "$client/Sources/Writer/Writer.swift" <<'SWIFT'
import Keel

struct Counter: Equatable, Sendable { var value = 0 }

// Holding only the read-only face, this must not compile.
func write(_ appState: Store<Counter>) {
    appState.update { $0.value += 1 }
}
SWIFT

cd "$client"
swift build --target Client 2>&1 | tail -n 1
checkouts=$(ls -A .build/checkouts 2>/dev/null || true)
[ -z "$checkouts" ] || fail "a client of Keel checked out other packages: $checkouts"
echo "A client depending on Keel alone builds and checks out no other package."

if output=$(swift build --target Writer 2>&1); then
    fail "code holding Store (the read-only face) could call update"
fi
echo "$output" | grep -q "has no member 'update'" \
    || { echo "$output" | tail -n 20; fail "the Writer target failed for another reason than the missing update"; }
echo "Code holding the read-only face cannot write: Store has no member 'update'."
