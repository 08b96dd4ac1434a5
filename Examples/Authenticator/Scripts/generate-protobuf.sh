#!/usr/bin/env bash
# Regenerates Sources/Data/Formats/GoogleMigration/MigrationPayload.pb.swift
# from migration.proto, with protoc (Debian's protobuf-compiler) and
# protoc-gen-swift built from swift-protobuf 1.39.0 (the version Package.swift
# pins) in a temporary folder outside the repository.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
folder="$here/Sources/Data/Formats/GoogleMigration"
version=1.39.0

command -v protoc >/dev/null || { echo "protoc is missing: apt-get install protobuf-compiler" >&2; exit 1; }
work=${PROTOC_GEN_SWIFT_WORK:-$(mktemp -d)}
plugin="$work/swift-protobuf/.build/release/protoc-gen-swift"
if [ ! -x "$plugin" ]; then
    rm -rf "$work/swift-protobuf"
    git clone --quiet https://github.com/apple/swift-protobuf "$work/swift-protobuf"
    git -C "$work/swift-protobuf" checkout --quiet "$version"
    (cd "$work/swift-protobuf" && swift build -j 1 -c release --product protoc-gen-swift)
fi
protoc --plugin=protoc-gen-swift="$plugin" --proto_path="$folder" \
    --swift_opt=Visibility=Internal --swift_out="$folder" "$folder/migration.proto"
mv "$folder/migration.pb.swift" "$folder/MigrationPayload.pb.swift"
echo "Wrote $folder/MigrationPayload.pb.swift"
