#!/usr/bin/env bash
# Checks that the generated data sources in the repository are current: regenerates them from the
# pinned minecraft-data into a temporary directory and fails with a diff when anything differs.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/../.." && pwd)"

if [ ! -d "$here/node_modules/minecraft-data" ]; then
  echo "check.sh: node_modules missing, running npm ci"
  (cd "$here" && npm ci --no-audit --no-fund)
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
node "$here/generate.js" "$out" > /dev/null

status=0
# Every file the generator writes must match the repository copy.
while IFS= read -r file; do
  relative="${file#"$out"/}"
  if ! diff -u "$repo/$relative" "$file" > "$out.diff" 2>&1; then
    echo "check.sh: $relative is out of date:"
    head -n 40 "$out.diff"
    status=1
  fi
done < <(find "$out" -type f | sort)
rm -f "$out.diff"

# And nothing stale may remain in the generated folder.
while IFS= read -r file; do
  relative="${file#"$repo"/}"
  if [ ! -f "$out/$relative" ]; then
    echo "check.sh: $relative is no longer generated; delete it"
    status=1
  fi
done < <(find "$repo/sim/data/generated" -type f | sort)

if [ "$status" -eq 0 ]; then
  echo "check.sh: generated data is current (minecraft-data $(node -p "require('$here/node_modules/minecraft-data/package.json').version"))"
else
  echo "check.sh: run 'node tools/datagen/generate.js' and commit the result"
fi
exit "$status"
