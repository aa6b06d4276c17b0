#!/usr/bin/env bash
# Callgrind profile of one measured loop of the benchmark suite, annotated by source line.
#
# Usage: scripts/profile.sh <parse|host_path|resolve|normalize> <peer> <corpus> [passes]
#        (any resolver: resolve_per_pair, the base parsed per pair, urilex-general for urilex's
#        general API; urilex alone: parse_base, base_new over a pair set, validate over a corpus)
#   e.g. scripts/profile.sh parse urilex ada_kasztp
# Output: target/profile/callgrind.<op>.<peer>.<corpus>.out and an annotation on stdout
# (functions and the hottest source lines, inclusive of callees, counting only the loop).
#
# Builds benches/profile.rs with line tables in its own target directory so that the figures
# of scripts/bench.sh (built without debug info) are left alone.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 3 ] || { sed -n '2,10p' "$0"; exit 2; }
export CARGO_TARGET_DIR=target/profile
export CARGO_PROFILE_BENCH_DEBUG=line-tables-only
exe=$(cargo bench --bench profile --no-run 2>&1 | tee /dev/stderr | sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
[ -x "$exe" ] || { echo "profile.sh: no executable built" >&2; exit 1; }
out="target/profile/callgrind.$1.$2.$3.out"
# Count only inside the measured loop (common::run_*), not the loading of the corpus.
valgrind --tool=callgrind --cache-sim=no --dump-instr=yes \
    --toggle-collect='*common::run_*' --callgrind-out-file="$out" \
    "$exe" "$@"
callgrind_annotate --auto=yes --show-percs=yes "$out"
