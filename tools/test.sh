#!/usr/bin/env bash
# Newcomer's second command: installs what is missing, builds and runs the whole test suite.
# Usage: tools/test.sh [--sanitize|--tsan|--fuzz|--long] [ctest args...]
#   --sanitize   build the unit and property tests with clang's ASan+UBSan in build-asan/ and run
#                them (the integration and conformance runs start release binaries: the first pass).
#   --tsan       build with ThreadSanitizer in build-tsan/ (only what it runs) and run the shell's
#                tests and the bots-join integration test (server + bots on real threads); any
#                report fails the run.
#   --fuzz       build the libFuzzer targets in build-asan/, replay every corpus and fuzz
#                each target for HZ_FUZZ_SECONDS (default 30), read when the tests run.
#   --long       the unit and property tests of build/ with 100,000 rapidcheck cases per property
#                (CI runs 1,000); prints the seed first so a failure can be rerun (docs/testing.md).
# Long fuzzing and soak runs are not part of this; see docs/operations.md.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
kind=release
dir="$here/build"
mode=suite
case "${1:-}" in
  --sanitize) kind=sanitize; dir="$here/build-asan"; shift ;;
  --tsan) kind=tsan; dir="$here/build-tsan"; mode=tsan; shift ;;
  --fuzz) kind=fuzz; dir="$here/build-asan"; mode=fuzz; shift ;;
  --long) mode=long; shift ;;
esac
"$here/tools/install-deps.sh"
"$here/tools/build.sh" "$kind"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
cd "$dir"
case "$mode" in
  fuzz)
    seconds="${HZ_FUZZ_SECONDS:-30}"
    # The .run tests have no TIMEOUT of their own: allow their fuzzing time plus start and replay.
    # Targets fuzz side by side (one a core): each still gets its full time.
    ctest --output-on-failure -j "${HZ_TEST_JOBS:-2}" -L fuzz --timeout $((seconds + 600)) "$@"
    ;;
  long)
    # Every property runs 100,000 cases from one seed (rapidcheck seeds each property from it);
    # the seed is printed first and rapidcheck prints a reproduce string for any failure.
    seed="${HZ_RC_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}"
    echo "test.sh --long: rapidcheck seed $seed; rerun with HZ_RC_SEED=$seed tools/test.sh --long"
    export RC_PARAMS="max_success=100000 seed=$seed"
    ctest --output-on-failure -j "${HZ_TEST_JOBS:-2}" -LE 'integration|conformance' --timeout 86400 "$@"
    ;;
  tsan)
    # Reports go to files so a race in a server or bots process (whose exit status a test may not
    # see) still fails the run. halt_on_error stays off: one run shows every race it meets.
    reports="$dir/tsan-reports"
    rm -rf "$reports"
    mkdir -p "$reports"
    export TSAN_OPTIONS="log_path=$reports/tsan second_deadlock_stack=1 ${TSAN_OPTIONS:-}"
    export HZ_TSAN=1  # integration tests allow for the instrumented binaries' slower start
    status=0
    ctest --output-on-failure -L shell "$@" || status=$?
    ctest --output-on-failure -R '^integration\.bots_join$' "$@" || status=$?
    if compgen -G "$reports/tsan.*" >/dev/null; then
      echo "test.sh --tsan: ThreadSanitizer reports:" >&2
      cat "$reports"/tsan.* >&2
      status=1
    fi
    exit "$status"
    ;;
  *)
    if [ "$kind" = sanitize ]; then
      set -- -LE 'conformance|integration|fuzz' "$@"
    fi
    ctest --output-on-failure -j "${HZ_TEST_JOBS:-2}" "$@"
    ;;
esac
