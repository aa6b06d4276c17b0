#!/usr/bin/env bash
# Instructions per pair, pair by pair, of resolving with the base parsed per pair (text in,
# text out: the `resolve_per_pair` loop of the benchmarks) for urilex and oxiri: where a pair
# set's mean comes from. Callgrind counts only the measured loop (`common::run_*`), so a
# pair's figure includes the loop's own few instructions, the same for both peers.
#
# Usage: scripts/per_pair.sh [pair set] [passes]     (default: rfc3986_5_4 100)
# Output: one line per pair (index, urilex, oxiri, ratio, base, reference), then the means.
set -euo pipefail
cd "$(dirname "$0")/.."
set_name=${1:-rfc3986_5_4}
passes=${2:-100}
export CARGO_TARGET_DIR=target/profile
export CARGO_PROFILE_BENCH_DEBUG=line-tables-only
exe=$(cargo bench --bench profile --no-run 2>&1 | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
[ -x "$exe" ] || { echo "per_pair.sh: no executable built" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
count() { # peer index -> instructions per pass
    valgrind --tool=callgrind --cache-sim=no --toggle-collect='*common::run_*' \
        --callgrind-out-file="$out/cg" "$exe" resolve_per_pair "$1" "$set_name" "$passes" "$2" \
        > "$out/stdout" 2>/dev/null
    callgrind_annotate "$out/cg" | awk -v n="$passes" '/PROGRAM TOTALS/ {gsub(",", "", $1); printf "%.1f", $1 / n}'
}
printf 'pair\turilex\toxiri\tratio\tbase\treference\n'
i=0
while :; do
    u=$(count urilex "$i")
    grep -q "^pair $i" "$out/stdout" || break
    pair=$(sed -n "s/^pair $i\t//p" "$out/stdout")
    o=$(count oxiri "$i")
    printf '%s\t%s\t%s\t%s\t%s\n' "$i" "$u" "$o" "$(awk -v u="$u" -v o="$o" 'BEGIN {printf "%.3f", u / o}')" "$pair"
    i=$((i + 1))
done | tee "$out/table"
awk -F'\t' '{u += $2; o += $3; n++} END {printf "mean\t%.1f\t%.1f\t%.3f\t(%d pairs)\n", u / n, o / n, u / o, n}' "$out/table"
