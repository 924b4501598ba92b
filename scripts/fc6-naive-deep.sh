#!/usr/bin/env bash
# Checks the fc6 perft table's cases above a million nodes (the start's perft(3)) with the
# naive generator of crates/variants/tests/fc6_naive.rs, child by child, as GNU parallel jobs
# (docs/perft.md, "fc6"): job k of N runs
#   FROZEN_FC6_NAIVE_DEEP=k/N cargo test --profile test -p frozen-variants --test fc6_naive \
#     naive_generator_agrees_on_deep_cases_by_child
# Each job checks the first-ply children i with i % N == k (the naive lists at the child and at
# its children equal the engine's, the naive leaves equal the engine's count); job 0 also checks
# that the engine's counts of all children add up to the table's. Every job passing is the check.
#
#   scripts/fc6-naive-deep.sh [PARTS [JOBS [NICE]]]     (defaults: 46 parts, one job per core, nice 0)
#
# The job log (target/fc6-naive-deep/joblog) lets a rerun skip the parts that passed.
set -euo pipefail
cd "$(dirname "$0")/.."
parts="${1:-46}" jobs="${2:-$(nproc)}" nice_level="${3:-0}"
command -v parallel >/dev/null 2>&1 || { echo "GNU parallel is missing (apt-get install parallel)" >&2; exit 2; }
out="${CARGO_TARGET_DIR:-target}/fc6-naive-deep"
mkdir -p "$out"
cargo test --profile test --locked -p frozen-variants --test fc6_naive --no-run
seq 0 $((parts - 1)) | parallel --joblog "$out/joblog" --resume-failed --halt never --jobs "$jobs" \
  "FROZEN_FC6_NAIVE_DEEP={}/$parts nice -n $nice_level cargo test --profile test --locked -q -p frozen-variants --test fc6_naive naive_generator_agrees_on_deep_cases_by_child -- --nocapture > $out/part-{}.txt 2>&1" || true
grep -h "naive agrees" "$out"/part-*.txt | sort
failed=$(awk 'NR > 1 && $7 != 0' "$out/joblog" | wc -l)
echo "parts $parts, failed $failed"
[ "$failed" -eq 0 ]
