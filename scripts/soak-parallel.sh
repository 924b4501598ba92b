#!/usr/bin/env bash
# Runs a long soak (random games with every harness check on, docs/reliability.md) as GNU
# parallel jobs of CHUNK games each, on this machine or on several hosts over ssh, then adds
# the chunks' figures up. Game i of the whole run uses seed SEED + i, as in one soak process,
# so a failure reproduces with `soak <variant> --games 1 --seed <seed>`. Run the same command
# again after an interruption: the job log makes GNU parallel run only the chunks that did
# not finish (or failed), and chunks whose output is complete are kept.
#
#   scripts/soak-parallel.sh [options] VARIANT GAMES OUT_DIR
#
#   --chunk N      games per job (default 100)
#   --seed S       seed of game 0 (default 1)
#   --plies P      plies per game at most (default 300)
#   --jobs N       job slots per host (default: one per core)
#   --hosts FILE   GNU parallel --sshloginfile (one host per line, `:` is this machine); the
#                  hosts must see OUT_DIR and the soak binary at the same path (NFS and the like)
#   --soak PATH    the soak binary (default target/release/examples/soak, built if missing:
#                  `cargo build --release -p frozen-variants --example soak`)
#   --nice N       run each job under `nice -n N` (default 0)
#
# Each chunk writes OUT_DIR/chunk-<k>.txt (the soak's own output, floors judged per chunk);
# OUT_DIR/joblog is GNU parallel's job log; OUT_DIR/summary.txt the sums.
set -euo pipefail

usage() { awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"; exit "${1:-0}"; }

chunk=100 seed=1 plies=300 jobs="" hosts="" soak="" nice_level=0
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --chunk) chunk="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --plies) plies="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --hosts) hosts="$2"; shift 2 ;;
    --soak) soak="$2"; shift 2 ;;
    --nice) nice_level="$2"; shift 2 ;;
    -h|--help) usage 0 ;;
    -*) echo "unknown option $1" >&2; usage 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
[ ${#args[@]} -eq 3 ] || usage 2
variant="${args[0]}" games="${args[1]}" out="${args[2]}"
command -v parallel >/dev/null 2>&1 || { echo "GNU parallel is missing (apt-get install parallel)" >&2; exit 2; }

root="$(cd "$(dirname "$0")/.." && pwd)"
if [ -z "$soak" ]; then
  soak="${CARGO_TARGET_DIR:-$root/target}/release/examples/soak"
  [ -x "$soak" ] || (cd "$root" && cargo build --release -p frozen-variants --example soak)
fi
soak="$(cd "$(dirname "$soak")" && pwd)/$(basename "$soak")"
mkdir -p "$out"
out="$(cd "$out" && pwd)"

n_chunks=$(( (games + chunk - 1) / chunk ))
popt=(--joblog "$out/joblog" --resume-failed --halt never)
[ -n "$jobs" ] && popt+=(--jobs "$jobs")
[ -n "$hosts" ] && popt+=(--sshloginfile "$hosts")

# Job k plays games k*chunk .. min(games, (k+1)*chunk) - 1 with seeds seed + those numbers.
seq 0 $((n_chunks - 1)) | parallel "${popt[@]}" \
  "n=\$(( $games - {} * $chunk )); [ \$n -gt $chunk ] && n=$chunk; \
   nice -n $nice_level $soak $variant --games \$n --seed \$(( $seed + {} * $chunk )) --plies $plies --threads 1 \
   > $out/chunk-{}.tmp 2>&1; rc=\$?; mv $out/chunk-{}.tmp $out/chunk-{}.txt; exit \$rc" || true

# Sums over the chunks: games, finished, plies, failures, seconds (summed over jobs), events.
awk -v chunks="$n_chunks" '
  $2 == "games" { files++; g += $3; f += $5; p += $7; s += $10; fail += $13 }
  $1 == "captures" { c += $2; d += $7; e += $9; b += $12; cv += $14; pu += $16; sw += $18 }
  /FAILED with seed|TOO RARE/ { print "  " FILENAME ": " $0 }
  END {
    printf "chunks %d of %d  games %d  finished %d  plies %d  failures %d  job seconds %.0f  (%.1f actions/s per job)\n", files, chunks, g, f, p, fail, s, p / (s > 0 ? s : 1)
    printf "captures %d  deaths into a tomb %d  explosions %d  units back %d  converted %d  pushed %d  swapped %d\n", c, d, e, b, cv, pu, sw
    if (p > 0) printf "per 10,000 plies: deaths %.0f  explosions %.1f  units back %.1f  converted %.1f  pushed %.1f  swapped %.0f\n", d * 1e4 / p, e * 1e4 / p, b * 1e4 / p, cv * 1e4 / p, pu * 1e4 / p, sw * 1e4 / p
  }' "$out"/chunk-*.txt | tee "$out/summary.txt"
! grep -q "FAILED with seed\|TOO RARE" "$out"/chunk-*.txt
