#!/usr/bin/env bash
# Configures and builds Horizon. Usage: tools/build.sh [release|sanitize] (default release).
# Build folders: build/ (Release) and build-sanitize/ (ASan+UBSan, RelWithDebInfo).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
kind="${1:-release}"
jobs="${HZ_JOBS:-$(nproc)}"
case "$kind" in
  release) dir="$here/build"; args=(-DCMAKE_BUILD_TYPE=Release) ;;
  sanitize) dir="$here/build-sanitize"; args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DHZ_SANITIZE=ON -DHZ_BENCH=OFF) ;;
  *) echo "usage: tools/build.sh [release|sanitize]" >&2; exit 2 ;;
esac
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S "$here" -B "$dir" "${generator[@]}" "${args[@]}"
else
  cmake -S "$here" -B "$dir" "${args[@]}" >/dev/null
fi
cmake --build "$dir" -j "$jobs"
