#!/usr/bin/env bash
# Builds the DocC catalogs (Sources/<Module>/<Module>.docc) with the toolchain's own docc, no package dependency:
# symbol graphs from `swift build` of the libraries, then `docc convert` of each catalog with warnings as errors.
# Any warning (a broken <doc:> or ``symbol`` link, a missing picture) fails. Output: $DOCS_OUT (a temporary folder
# by default, removed at the end); build folder: $DOCS_SCRATCH (.build-docs).
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=${DOCS_SCRATCH:-.build-docs}
docc=${DOCC:-$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")}
out=${DOCS_OUT:-}
keep=1
if [ -z "$out" ]; then out=$(mktemp -d); keep=0; fi
graphs="$scratch/symbol-graphs"
rm -rf "$graphs"; mkdir -p "$graphs"

# GridTools depends on GridExport, Rasterizer and GridModel, so one target builds every library with a catalog.
swift build --scratch-path "$scratch" --target GridTools \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null

status=0
for catalog in Sources/*/*.docc; do
  module=$(basename "$catalog" .docc)
  dir="$graphs/$module"
  mkdir -p "$dir"
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$dir"/ 2>/dev/null || true
  if ! "$docc" convert "$catalog" --additional-symbol-graph-dir "$dir" --fallback-display-name "$module" \
      --fallback-bundle-identifier "render-grid.$module" --output-path "$out/$module.doccarchive" \
      --warnings-as-errors >"$out/$module.log" 2>&1; then
    echo "error: docc convert $catalog:" >&2
    cat "$out/$module.log" >&2
    status=1
  else
    echo "docs: $module ($(find "$catalog" -name '*.md' | wc -l) pages) built with no warnings"
  fi
done
[ "$keep" = 1 ] || rm -rf "$out"
exit $status
