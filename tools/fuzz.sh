#!/usr/bin/env bash
# Runs one libFuzzer target for a while on a copy of its corpus; fails when it finds a crash.
# Usage: tools/fuzz.sh --target-bin BIN --corpus DIR [--seconds N] [--keep-new]
#   --seconds   how long to fuzz; default $HZ_FUZZ_SECONDS, else 30 (read when the run starts, so
#               `HZ_FUZZ_SECONDS=600 ctest -L fuzz` changes the ctest runs without reconfiguring)
#   --keep-new  add the new interesting inputs it finds to DIR (for long campaigns)
# Long campaigns: tools/fuzz.sh --target-bin build-asan/fuzz/fuzz_frame_decoder \
#   --corpus corpus/frame_decoder --seconds 3600 --keep-new
set -euo pipefail
seconds="${HZ_FUZZ_SECONDS:-30}"; keep_new=0; bin=""; corpus=""
while [ $# -gt 0 ]; do
  case "$1" in
    --target-bin) bin="$2"; shift 2 ;;
    --corpus) corpus="$2"; shift 2 ;;
    --seconds) seconds="$2"; shift 2 ;;
    --keep-new) keep_new=1; shift ;;
    *) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
case "$seconds" in ''|*[!0-9]*) echo "fuzz.sh: seconds must be a whole number, got '$seconds'" >&2; exit 2 ;; esac
[ -x "$bin" ] || { echo "fuzz.sh: no target binary '$bin'" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/new" "$work/artifacts"
dict=""
[ -f "$corpus.dict" ] && dict="-dict=$corpus.dict"
set +e
"$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
  -artifact_prefix="$work/artifacts/" $dict "$work/new" "$corpus" 2>"$work/log"
status=$?
set -e
grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|cov:" "$work/log" | tail -4 || true
if [ $status -ne 0 ] || [ -n "$(ls -A "$work/artifacts")" ]; then
  tail -40 "$work/log"
  mkdir -p "$(dirname "$corpus")/crashes"
  for f in "$work"/artifacts/*; do
    [ -e "$f" ] || continue
    cp "$f" "$(dirname "$corpus")/crashes/$(basename "$corpus")-$(basename "$f")"
    echo "fuzz.sh: crash input saved as corpus/crashes/$(basename "$corpus")-$(basename "$f")"
  done
  exit 1
fi
if [ $keep_new -eq 1 ]; then cp -n "$work"/new/* "$corpus"/ 2>/dev/null || true; fi
echo "fuzz.sh: $(basename "$bin") ran ${seconds}s without a crash"
