#!/usr/bin/env bash
# Instruction counts of urilex's own measured loops (benches/profile.rs under callgrind, the
# loop alone counted), one line per (operation, entry, corpus): for checking that a change
# that should not move speed (a refactoring) does not, without the peers or the wall-clock
# runs of scripts/bench.sh. Deterministic: the counts do not depend on the machine's load.
#
# Usage: scripts/instructions.sh [REV]    counts at REV (a git worktree), else the work tree
#        scripts/instructions.sh A B      both, then each count's change from A to B
# Output: target/instructions/<rev>.tsv (operation, entry, corpus, instructions) and stdout.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
mkdir -p target/instructions

cases() {
    local c
    for c in ada_kasztp ada_node_files ada_isaacs_files apache_referers apache_request_targets wpt_urltestdata_inputs; do
        for p in urilex urilex-each urilex-within urilex-rfc2396; do echo "parse $p $c"; done
    done
    echo "parse urilex-target apache_request_targets"
    echo "parse urilex-target ada_kasztp"
    for c in ada_kasztp ada_node_files apache_referers; do echo "host_path urilex $c"; done
    for c in commoncrawl_relative_10k rfc3986_5_4; do
        for p in urilex urilex-general; do echo "resolve $p $c"; echo "resolve_per_pair $p $c"; done
    done
    for c in ada_kasztp apache_referers; do echo "normalize urilex $c"; done
    for c in iri_links ada_kasztp; do echo "iri_parse urilex $c"; echo "iri_to_uri urilex $c"; done
}

# count DIR NAME: builds benches/profile.rs in DIR and writes target/instructions/NAME.tsv.
count() {
    local dir=$1 name=$2 exe out=$root/target/instructions/$2.tsv
    exe=$(cd "$dir" && CARGO_TARGET_DIR=$root/target/instructions/build-$name \
        CARGO_PROFILE_BENCH_DEBUG=line-tables-only cargo bench --bench profile --no-run 2>&1 |
        sed -n 's/.*Executable .*(\(.*\)).*/\1/p' | tail -1)
    [ -x "$exe" ] || { echo "instructions.sh: no profile executable built in $dir" >&2; exit 1; }
    : >"$out"
    while read -r op peer corpus; do
        local cg=$root/target/instructions/cg.out ir
        (cd "$dir" && valgrind --tool=callgrind --cache-sim=no --toggle-collect='*common::run_*' \
            --callgrind-out-file="$cg" "$exe" "$op" "$peer" "$corpus" >/dev/null 2>&1) || true
        ir=$(sed -n 's/^summary: *//p' "$cg" 2>/dev/null || echo "")
        printf '%s\t%s\t%s\t%s\n' "$op" "$peer" "$corpus" "${ir:-failed}" | tee -a "$out"
        rm -f "$cg"
    done < <(cases)
}

at() {
    local rev=$1 name
    name=$(git rev-parse --short "$rev")
    local wt=$root/target/instructions/wt-$name
    [ -d "$wt" ] || git worktree add -q --detach "$wt" "$rev"
    # The benches read ../shared beside the repository.
    [ -e "$root/target/instructions/shared" ] || ln -s "$root/../shared" "$root/target/instructions/shared"
    count "$wt" "$name" >/dev/null
    echo "$name"
}

case $# in
    0) count . worktree ;;
    1) at "$1" >/dev/null; cat "target/instructions/$(git rev-parse --short "$1").tsv" ;;
    *) a=$(at "$1"); b=$(at "$2")
       join -t $'\t' <(awk -F'\t' '{print $1" "$2" "$3"\t"$4}' "target/instructions/$a.tsv" | sort) \
                     <(awk -F'\t' '{print $1" "$2" "$3"\t"$4}' "target/instructions/$b.tsv" | sort) |
           awk -F'\t' '{ d = ($2 > 0) ? 100 * ($3 - $2) / $2 : 0; printf "%-55s %14s %14s %+7.2f%%\n", $1, $2, $3, d }' ;;
esac
