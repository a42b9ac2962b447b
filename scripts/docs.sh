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
# The compiler writes a module's symbol graph when it compiles the module, so the folder is kept between runs (an
# incremental build that compiles nothing leaves the graphs of the sources it built last, which are current).
graphs="$scratch/symbol-graphs"
mkdir -p "$graphs"
graphs=$(cd "$graphs" && pwd)

# HeadlessUIKit depends on GridTools, which depends on GridExport, Rasterizer and GridModel, so one target builds
# every library with a catalog.
build() {
  if ! swift build --scratch-path "$scratch" --target HeadlessUIKit \
      -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" >"$out/build.log" 2>&1; then
    cat "$out/build.log" >&2
    exit 1
  fi
}
build
# A module whose graph is missing (the folder was removed, the module not recompiled since): compile it again.
missing=0
for catalog in Sources/*/*.docc; do
  module=$(basename "$catalog" .docc)
  if [ ! -f "$graphs/$module.symbols.json" ]; then
    rm -f "$scratch/debug/Modules/$module.swiftmodule"
    missing=1
  fi
done
[ "$missing" = 0 ] || build

status=0
for catalog in Sources/*/*.docc; do
  module=$(basename "$catalog" .docc)
  dir="$graphs/by-module/$module"
  rm -rf "$dir"; mkdir -p "$dir"
  cp "$graphs/$module".symbols.json "$graphs/$module"@*.symbols.json "$dir"/ 2>/dev/null || true
  if ! "$docc" convert "$catalog" --additional-symbol-graph-dir "$dir" --fallback-display-name "$module" \
      --fallback-bundle-identifier "render-grid.$module" --output-path "$out/$module.doccarchive" \
      --disable-parameters-and-returns-validation --warnings-as-errors >"$out/$module.log" 2>&1; then
    echo "error: docc convert $catalog:" >&2
    cat "$out/$module.log" >&2
    status=1
  else
    echo "docs: $module, $(find "$catalog" -name '*.md' | wc -l) Markdown file(s), built with no warnings"
  fi
done
[ "$keep" = 1 ] || rm -rf "$out"
exit $status
