#!/usr/bin/env bash
# Submits the units of a perft split to Slurm: a job array with one unit per array task, and a
# merge job that starts once every task has succeeded (--dependency=afterok). Run the same
# command again after a failure (a node lost, a task over its time limit): it submits only the
# units that have no result yet, and `perft run` would skip a counted unit anyway.
# See docs/perft.md, "Perft on many machines".
#
#   scripts/perft-slurm.sh [options] SPLIT_DIR [-- more sbatch options]
#
#   --perft PATH       the perft binary, on a file system every node sees
#                      (default: `perft` on PATH, else target/release/perft)
#   --threads N        threads per unit (sbatch --cpus-per-task; default 1)
#   --max-running N    at most N array tasks at once (the array's %N)
#   --time T           time limit of each task (sbatch --time), e.g. 01:00:00
#   --dry-run          write the batch scripts and print the sbatch commands, submit nothing
#
# SPLIT_DIR (written by `perft split`) must be on a file system every node sees. Results go to
# SPLIT_DIR/results/, batch scripts and logs to SPLIT_DIR/slurm/, the merged count (the divide
# and its total) to SPLIT_DIR/slurm/merge.out.
set -euo pipefail

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit "${1:-0}"; }

perft="" threads=1 max_running="" time_limit="" dry=0 split_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --perft) perft="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --max-running) max_running="$2"; shift 2 ;;
    --time) time_limit="$2"; shift 2 ;;
    --dry-run) dry=1; shift ;;
    -h|--help) usage 0 ;;
    --) shift; break ;;
    -*) echo "error: unknown option $1 (put sbatch options after --)" >&2; usage 2 ;;
    *) [ -z "${split_dir:-}" ] || { echo "error: one SPLIT_DIR only" >&2; usage 2; }
       split_dir="$1"; shift ;;
  esac
done
extra=("$@")
[ -n "${split_dir:-}" ] || { echo "error: give the SPLIT_DIR written by perft split" >&2; usage 2; }
[ -f "$split_dir/manifest.ron" ] || { echo "error: $split_dir/manifest.ron not found; run perft split first" >&2; exit 2; }
if [ -z "$perft" ]; then
  if command -v perft >/dev/null 2>&1; then perft="$(command -v perft)"
  else perft="${CARGO_TARGET_DIR:-target}/release/perft"; fi
fi
[ -x "$perft" ] || { echo "error: no perft binary at $perft; build it or give --perft" >&2; exit 2; }
perft="$(cd "$(dirname "$perft")" && pwd)/$(basename "$perft")"
split_dir="$(cd "$split_dir" && pwd)"
mkdir -p "$split_dir/slurm" "$split_dir/results"

# The units without a result, as a Slurm array spec: "0-7,9,12-15".
spec="" first="" last="" todo=0 total=0
flush() {
  [ -n "$first" ] || return 0
  local r="$first"
  [ "$last" != "$first" ] && r="$first-$last"
  spec="${spec:+$spec,}$r"
}
for unit in "$split_dir"/u*.unit; do
  base="$(basename "$unit" .unit)"
  i=$((10#${base#u}))
  total=$((total + 1))
  [ -e "$split_dir/results/$base.result" ] && continue
  todo=$((todo + 1))
  if [ -n "$last" ] && [ "$i" -eq $((last + 1)) ]; then last=$i; else flush; first=$i; last=$i; fi
done
flush
[ "$total" -gt 0 ] || { echo "error: no unit files in $split_dir" >&2; exit 2; }

cat >"$split_dir/slurm/unit.sh" <<EOF
#!/bin/bash
#SBATCH --job-name=perft-unit
#SBATCH --output=$split_dir/slurm/unit-%a.out
#SBATCH --cpus-per-task=$threads
set -euo pipefail
unit="\$(printf '$split_dir/u%05d.unit' "\$SLURM_ARRAY_TASK_ID")"
exec '$perft' run "\$unit" -o '$split_dir/results' --threads $threads
EOF
cat >"$split_dir/slurm/merge.sh" <<EOF
#!/bin/bash
#SBATCH --job-name=perft-merge
#SBATCH --output=$split_dir/slurm/merge.out
exec '$perft' merge '$split_dir'
EOF

if [ "$todo" -eq 0 ]; then
  echo "every unit has a result; merging here"
  exec "$perft" merge "$split_dir"
fi

array=(sbatch --parsable --array="$spec${max_running:+%$max_running}")
[ -n "$time_limit" ] && array+=(--time "$time_limit")
array+=("${extra[@]}" "$split_dir/slurm/unit.sh")
echo "$todo of $total units to count: array $spec"
if [ "$dry" -eq 1 ]; then
  echo "${array[*]}"
  echo "sbatch --parsable --dependency=afterok:<array job> --kill-on-invalid-dep=yes ${extra[*]} $split_dir/slurm/merge.sh"
  exit 0
fi
array_id="$("${array[@]}")"
array_id="${array_id%%;*}"
merge_id="$(sbatch --parsable --dependency="afterok:$array_id" --kill-on-invalid-dep=yes "${extra[@]}" "$split_dir/slurm/merge.sh")"
merge_id="${merge_id%%;*}"
echo "submitted array job $array_id and merge job $merge_id (after every task succeeded)"
echo "follow with: squeue -j $array_id,$merge_id; the count will be in $split_dir/slurm/merge.out"
echo "if a task fails, the merge job is cancelled: run this command again to submit the rest"
