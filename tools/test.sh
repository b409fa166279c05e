#!/usr/bin/env bash
# Newcomer's second command: installs what is missing, builds and runs the whole test suite.
# Usage: tools/test.sh [--sanitize|--fuzz] [ctest args...]
#   --sanitize   build with ASan+UBSan in build-sanitize/ and run the suite there.
#   --fuzz       build the libFuzzer targets (clang) in build-fuzz/, replay every corpus and fuzz
#                each target for HZ_FUZZ_SECONDS (default 30).
# Long fuzzing and soak runs are not part of this; see docs/operations.md.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
kind=release
dir="$here/build"
if [ "${1:-}" = "--sanitize" ]; then
  kind=sanitize
  dir="$here/build-sanitize"
  shift
elif [ "${1:-}" = "--fuzz" ]; then
  kind=fuzz
  dir="$here/build-fuzz"
  shift
fi
"$here/tools/install-deps.sh"
"$here/tools/build.sh" "$kind"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
cd "$dir"
if [ "$kind" = fuzz ]; then
  ctest --output-on-failure -L fuzz "$@"
else
  ctest --output-on-failure -j "${HZ_TEST_JOBS:-2}" "$@"
fi
