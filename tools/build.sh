#!/usr/bin/env bash
# Configures and builds Horizon. Usage: tools/build.sh [release|sanitize|tsan|fuzz] (default release).
# Build folders: build/ (Release), build-asan/ (clang with ASan+UBSan and assertions on, fuzzing
# coverage on the decoders only: `sanitize` builds the unit and property tests there, `fuzz` the
# libFuzzer targets, so the two share one instrumented build of the libraries) and build-tsan/
# (ThreadSanitizer: only the shell's tests, the server and the bots).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
kind="${1:-release}"
jobs="${HZ_JOBS:-$(nproc)}"
case "$kind" in
  release) dir="$here/build"; args=(-DCMAKE_BUILD_TYPE=Release) ;;
  # Sanitizer builds: -O1 and line tables only, so reports keep file:line while compiling and
  # linking take far less. clang, because GCC 12's ASan takes up to fourteen times longer on some
  # files (the trace format's cereal code).
  # Properties run 100 cases there (1,000 in release): the pass looks for memory errors, and
  # instrumented cases cost several times more.
  sanitize|fuzz) dir="$here/build-asan"
                 export CC=clang CXX=clang++
                 args=(-DCMAKE_BUILD_TYPE=Debug "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g1" -DHZ_FUZZ=ON -DHZ_BENCH=OFF
                       -DHZ_RC_CASES=100) ;;
  tsan) dir="$here/build-tsan"
        args=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG"
              -DHZ_TSAN=ON -DHZ_BENCH=OFF) ;;
  *) echo "usage: tools/build.sh [release|sanitize|tsan|fuzz]" >&2; exit 2 ;;
esac
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
if [ ! -f "$dir/CMakeCache.txt" ]; then
  cmake -S "$here" -B "$dir" "${generator[@]}" "${args[@]}"
else
  cmake -S "$here" -B "$dir" "${args[@]}" >/dev/null
fi
if [ "$kind" = fuzz ]; then
  cmake --build "$dir" -j "$jobs" --target $(cd "$here/fuzz" && ls *.cpp | sed 's/\.cpp$//; s/^/fuzz_/')
elif [ "$kind" = sanitize ]; then
  cmake --build "$dir" -j "$jobs" --target hz_unit_tests
elif [ "$kind" = tsan ]; then
  # What tools/test.sh --tsan runs: the shell's tests and the binaries the integration test starts.
  cmake --build "$dir" -j "$jobs" --target hz_shell_tests horizon-server horizon-bots
else
  cmake --build "$dir" -j "$jobs"
fi
