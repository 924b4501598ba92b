#!/usr/bin/env bash
# CI check of the split workflow on real GNU parallel (docs/perft.md, "Perft on many machines"):
# split `fide` perft(6) from the start at ply 2 into unit files, run them as parallel jobs on
# this machine (2 job slots) with a job log, kill one job in the middle of its count, check that
# the merge then refuses (a unit has no result), resume with the job log (only the killed job
# runs again), merge, and check the published count 119,060,324.
#
# Installs GNU parallel with apt-get if it is missing (as root, or through sudo).
# PERFT=<path to a built perft binary> skips the build; otherwise it builds the release binary.
set -euo pipefail
cd "$(dirname "$0")/.."

EXPECTED=119060324
SHARDS=4
VICTIM=3 # the job (GNU parallel's sequence number) that is killed mid-run

say() { printf '%s [ci-perft-split] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
fail() { say "FAIL: $*" >&2; exit 1; }

if ! command -v parallel >/dev/null 2>&1; then
  command -v apt-get >/dev/null 2>&1 || fail "GNU parallel is missing and there is no apt-get; install GNU parallel"
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  say "installing GNU parallel with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  if ! "${sudo[@]}" apt-get install -y -q parallel >/dev/null; then
    "${sudo[@]}" apt-get update -q >/dev/null
    "${sudo[@]}" apt-get install -y -q parallel >/dev/null
  fi
fi
parallel --version 2>/dev/null | head -n 1 | grep -q '^GNU parallel' \
  || fail "'parallel' is not GNU parallel (the moreutils one?); install GNU parallel"

if [ -z "${PERFT:-}" ]; then
  say "building the perft binary (release)"
  cargo build --release --locked -p frozen-perft --bin perft
  PERFT="${CARGO_TARGET_DIR:-target}/release/perft"
fi
[ -x "$PERFT" ] || fail "no perft binary at $PERFT"
PERFT="$(cd "$(dirname "$PERFT")" && pwd)/$(basename "$PERFT")"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
split="$work/split"
results="$split/results"
joblog="$work/joblog"
pids="$work/pids"
mkdir -p "$pids"
started=$SECONDS

say "split: fide perft(6) at ply 2 into $SHARDS units"
"$PERFT" split fide 6 --at 2 --shards "$SHARDS" -o "$split"
units=("$split"/u*.unit)
[ "${#units[@]}" -eq "$SHARDS" ] || fail "expected $SHARDS units, found ${#units[@]}"

# Each job writes its process id, then becomes `perft run` (exec keeps the id), so the
# script can kill exactly that job's count.
job="echo \$\$ > '$pids'/{#}.pid; exec '$PERFT' run {} -o '$results'"
victim_unit="${units[$((VICTIM - 1))]}"
victim_result="$results/$(basename "${victim_unit%.unit}").result"

say "run: GNU parallel, 2 job slots, job log $joblog"
parallel --will-cite --jobs 2 --joblog "$joblog" "$job" ::: "${units[@]}" >"$work/pass1.out" 2>&1 &
parallel_pid=$!

for _ in $(seq 1 1200); do
  [ -s "$pids/$VICTIM.pid" ] && break
  kill -0 "$parallel_pid" 2>/dev/null || break
  sleep 0.05
done
[ -s "$pids/$VICTIM.pid" ] || fail "job $VICTIM never started"
victim_pid="$(cat "$pids/$VICTIM.pid")"
sleep 0.1
# The victim must still be counting, with no result yet: that is "mid-run".
[ ! -e "$victim_result" ] || fail "job $VICTIM finished before it could be killed; use bigger units"
kill -KILL "$victim_pid" || fail "job $VICTIM (process $victim_pid) finished before it could be killed"
say "killed job $VICTIM ($(basename "$victim_unit"), process $victim_pid) mid-run"

if wait "$parallel_pid"; then
  cat "$work/pass1.out"
  fail "GNU parallel reported success although job $VICTIM was killed"
fi
[ ! -e "$victim_result" ] || fail "the killed job left a result"
if ls "$results"/*.tmp >/dev/null 2>&1; then
  say "the killed job left a temporary file (ignored by merge): $(ls "$results"/*.tmp)"
fi
awk -F'\t' -v v="$VICTIM" 'NR > 1 && $1 == v && ($7 != 0 || $8 != 0) { found = 1 } END { exit !found }' "$joblog" \
  || fail "the job log does not show job $VICTIM as failed"

say "merge before the resume must refuse"
if "$PERFT" merge "$split" >"$work/merge1.out" 2>"$work/merge1.err"; then
  fail "merge accepted a split with a unit missing"
fi
grep -q "missing: unit $((VICTIM - 1)) " "$work/merge1.err" || { cat "$work/merge1.err"; fail "merge did not name the missing unit"; }
sed 's/^/    /' "$work/merge1.err"

say "resume: GNU parallel --resume-failed with the same job log"
parallel --will-cite --jobs 2 --joblog "$joblog" --resume-failed "$job" ::: "${units[@]}" >"$work/pass2.out" 2>&1 \
  || { cat "$work/pass2.out"; fail "the resumed run failed"; }
rerun=$(awk -F'\t' 'NR > 1 { n[$1]++ } END { for (j in n) if (n[j] > 1) print j }' "$joblog")
[ "$rerun" = "$VICTIM" ] || fail "expected only job $VICTIM to run again, the job log shows: ${rerun:-none}"
[ -e "$victim_result" ] || fail "the resumed run wrote no result for $(basename "$victim_unit")"

say "merge"
"$PERFT" merge "$split" >"$work/merged.out"
tail -n 1 "$work/merged.out"
grep -qx "Nodes searched: $EXPECTED" "$work/merged.out" || fail "expected $EXPECTED nodes"
say "OK: fide perft(6) = $EXPECTED through split, GNU parallel, a killed job, resume and merge ($((SECONDS - started)) s)"
