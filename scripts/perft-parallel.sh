#!/usr/bin/env bash
# Runs the units of a perft split with GNU parallel, on this machine or on several hosts over
# ssh, then merges. Run the same command again after a failure (a host down, a job killed):
# the job log makes GNU parallel start only the jobs that failed or never ran, and `perft run`
# skips any unit whose result is already there. See docs/perft.md, "Perft on many machines".
#
#   scripts/perft-parallel.sh [options] SPLIT_DIR
#
#   --hosts FILE   GNU parallel --sshloginfile: one host per line, e.g. `8/alice@node1` (8 job
#                  slots on node1) or `:` (this machine). Without it, jobs run on this machine.
#   --jobs N       job slots per host when the host file gives none (default: one per core)
#   --perft PATH   the perft binary (default: `perft` on PATH, else target/release/perft).
#                  Every host must run the same build: units refuse any other rule set.
#   --shared       the hosts see SPLIT_DIR and the binary at the same path (NFS and the like):
#                  no file is copied. Without it, each job copies its unit and the binary to
#                  the host over ssh and brings the result back (--transferfile, --return).
#                  Copying needs rsync on this machine and on the hosts.
#   --ssh CMD      the ssh command GNU parallel uses (default ssh), e.g. "ssh -i key"
#   --threads N    threads per `perft run` (default 1; use with --jobs to share the cores)
#   --no-merge     only run the units
#
# The job log is SPLIT_DIR/joblog; results go to SPLIT_DIR/results/ (SPLIT_DIR/ when copying).
set -euo pipefail

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit "${1:-0}"; }

hosts="" jobs="" perft="" shared=0 threads=1 merge=1 ssh="" split_dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --hosts) hosts="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --perft) perft="$2"; shift 2 ;;
    --shared) shared=1; shift ;;
    --ssh) ssh="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --no-merge) merge=0; shift ;;
    -h|--help) usage 0 ;;
    -*) echo "error: unknown option $1" >&2; usage 2 ;;
    *) [ -z "$split_dir" ] || { echo "error: one SPLIT_DIR only" >&2; usage 2; }
       split_dir="$1"; shift ;;
  esac
done
[ -n "$split_dir" ] || { echo "error: give the SPLIT_DIR written by perft split" >&2; usage 2; }
[ -f "$split_dir/manifest.ron" ] || { echo "error: $split_dir/manifest.ron not found; run perft split first" >&2; exit 2; }
command -v parallel >/dev/null 2>&1 || { echo "error: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

if [ -z "$perft" ]; then
  if command -v perft >/dev/null 2>&1; then perft="$(command -v perft)"
  else perft="${CARGO_TARGET_DIR:-target}/release/perft"; fi
fi
[ -x "$perft" ] || { echo "error: no perft binary at $perft; build it (cargo build --release -p frozen-perft) or give --perft" >&2; exit 2; }
perft="$(cd "$(dirname "$perft")" && pwd)/$(basename "$perft")"
split_dir="$(cd "$split_dir" && pwd)"
joblog="$split_dir/joblog"

opts=(--will-cite --joblog "$joblog" --halt never)
[ -n "$jobs" ] && opts+=(--jobs "$jobs")
[ -n "$hosts" ] && opts+=(--sshloginfile "$hosts")
[ -n "$ssh" ] && opts+=(--ssh "$ssh")
[ -f "$joblog" ] && opts+=(--resume-failed) && echo "resuming with the job log $joblog"

status=0
if [ -z "$hosts" ] || [ "$shared" -eq 1 ]; then
  # Same paths everywhere: absolute unit and result paths.
  parallel "${opts[@]}" "'$perft' run {} -o '$split_dir/results' --threads $threads" \
    ::: "$split_dir"/u*.unit || status=$?
else
  # Copy per job: relative paths under the split folder's parent, which GNU parallel
  # recreates under the remote home folder (NAME/...); the binary goes once per host as a
  # base file. Each result is written next to its unit and comes back into SPLIT_DIR
  # (not results/: --cleanup removes folders that are empty, and another job's could be).
  # --cleanup removes the copies and the returned results on the host.
  parent="$(dirname "$split_dir")" name="$(basename "$split_dir")"
  cp "$perft" "$split_dir/perft.bin"
  cd "$parent"
  parallel "${opts[@]}" --basefile "$name/perft.bin" --cleanup \
    --transferfile {} --return "$name/{/.}.result" \
    "./$name/perft.bin run {} -o $name --threads $threads" \
    ::: "$name"/u*.unit || status=$?
fi
if [ "$status" -ne 0 ]; then
  echo "error: $status job(s) failed (see $joblog); run the same command again to resume" >&2
  exit 1
fi

if [ "$merge" -eq 1 ]; then
  "$perft" merge "$split_dir"
fi
