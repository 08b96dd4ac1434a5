#!/usr/bin/env bash
# Builds the kit's documentation with warnings as errors: the Keel and
# KeelTesting DocC catalogs and their Korean counterparts (docs/ko/*.docc,
# the same symbols with the articles in Korean), and checks that every code
# sample of the README, the docs and the catalogs is a slice of compiled code
# (Tools/DocsCheck/check_docs.py; the slices' files are built and tested by
# test-kit.sh and the examples' scripts).
# Usage: build-docs.sh [OUTPUT_DIR]   (default: a temporary folder, removed)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
cd "$KEEL_ROOT"
ensure_python

step "Docs: every Swift sample is a slice of compiled code; every article has its Korean counterpart"
"$KEEL_PYTHON" Tools/DocsCheck/check_docs.py "$KEEL_ROOT" || fail "the docs' samples or translations are out of step"

output=${1:-}
work=$(mktemp -d)
[ -n "$output" ] || output="$work/out"
trap 'rm -rf "$work"' EXIT
mkdir -p "$output"
step "Docs: DocC catalogs (English and Korean) build without warnings"
for module in Keel KeelWebClient KeelTimeline KeelCatalog KeelTesting; do
    graphs="$work/graphs-$module"
    mkdir -p "$graphs"
    swift build --target "$module" -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >"$work/build-$module.log" 2>&1 \
        || { tail -n 20 "$work/build-$module.log"; fail "$module does not build"; }
    for catalog in "Sources/$module/$module.docc" "docs/ko/$module.docc"; do
        name=$module; [[ $catalog == docs/ko/* ]] && name="$module-ko"
        # Only this module's symbols: the graphs of its dependencies stay out.
        find "$graphs" -name '*.symbols.json' ! -name "$module.symbols.json" ! -name "$module@*.symbols.json" -delete
        if ! docc convert "$catalog" --additional-symbol-graph-dir "$graphs" --output-path "$output/$name.doccarchive" \
            --fallback-display-name "$module" --fallback-bundle-identifier "dev.keel.$name" --warnings-as-errors >"$work/docc-$name.log" 2>&1; then
            cat "$work/docc-$name.log"
            fail "the documentation $catalog has warnings"
        fi
        echo "$catalog: built"
    done
done
