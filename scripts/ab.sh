#!/usr/bin/env bash
# Wall time of the parser at two commits, side by side: an interleaved A/B for a change too
# small for the noise between two runs of scripts/bench.sh (a few percent). Each side is a
# small program linking urilex at its commit (LTO, one codegen unit, as the benchmarks) that
# times `UriRef::parse_each` (or `parse_each_within` the file's text, or one `UriRef::parse`
# a line) over a corpus; the two run in turn, `rounds` times each, and the best of each side
# is reported (the least disturbed).
#
# Usage: scripts/ab.sh <old-rev> [new-rev] [rounds] [each|within|call] [corpus ...]
#        new-rev "." (the default) is the working tree as it is, uncommitted changes and all;
#        corpora are names in ../shared/corpora or benches/data (default: the five of
#        ../shared/corpora that are URL lists).
#   e.g. scripts/ab.sh HEAD~1 . 5 each apache_request_targets ada_kasztp
# Output: per corpus, ns per line of each side (best of `rounds`), their ratio, and every run.
# Builds in target/ab (git worktrees of the revisions asked for, removed at the end).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { sed -n '2,14p' "$0"; exit 2; }
old=$1
new=${2:-.}
rounds=${3:-5}
mode=${4:-each}
shift $(($# < 4 ? $# : 4))
corpora=("$@")
[ ${#corpora[@]} -gt 0 ] || corpora=(ada_kasztp ada_node_files apache_referers apache_request_targets wpt_urltestdata_inputs)
case $mode in each | within | call) ;; *) echo "ab.sh: mode is each, within or call, not $mode" >&2; exit 2 ;; esac

repo=$(pwd)
ab=$repo/target/ab
mkdir -p "$ab"
worktrees=()
cleanup() {
    for w in "${worktrees[@]}"; do git -C "$repo" worktree remove --force "$w" 2>/dev/null || true; done
}
trap cleanup EXIT

# The library's source for a side, into `src`: a worktree at `rev`, or this tree for ".".
# (Not in a command substitution: the worktree must be remembered for the cleanup.)
source_of() {
    local side=$1 rev=$2
    if [ "$rev" = . ]; then
        src=$repo
        return
    fi
    src=$ab/src-$side
    git -C "$repo" worktree remove --force "$src" 2>/dev/null || rm -rf "$src"
    git -C "$repo" worktree add --quiet --detach "$src" "$rev"
    worktrees+=("$src")
}

# The timing program of a side, built against `src`; prints the executable's path.
build_side() {
    local side=$1 src=$2
    local dir=$ab/prog-$side
    mkdir -p "$dir/src"
    cat >"$dir/Cargo.toml" <<EOF
[package]
name = "ab-$side"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
urilex = { path = "$src" }

[profile.release]
lto = true
codegen-units = 1

[workspace]
EOF
    cat >"$dir/src/main.rs" <<'EOF'
//! ns per line of parsing a corpus: `each` (`UriRef::parse_each`), `within`
//! (`UriRef::parse_each_within` the file's text) or `call` (one `UriRef::parse` a line),
//! every result kept observable.
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (mode, passes, path) = (&args[1], args[2].parse::<usize>().unwrap(), &args[3]);
    let text = std::fs::read_to_string(path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut accepted = 0usize;
    let start = Instant::now();
    for _ in 0..passes {
        if mode == "each" {
            urilex::UriRef::parse_each(lines.iter().copied(), |_, r| {
                accepted += usize::from(black_box(r).is_ok());
            });
        } else if mode == "within" {
            urilex::UriRef::parse_each_within(text.as_bytes(), lines.iter().copied(), |_, r| {
                accepted += usize::from(black_box(r).is_ok());
            });
        } else {
            for line in &lines {
                accepted += usize::from(black_box(urilex::UriRef::parse(black_box(line))).is_ok());
            }
        }
    }
    let ns = start.elapsed().as_nanos() as f64 / (passes * lines.len()) as f64;
    println!("{ns:.2} {accepted}");
}
EOF
    # Functions at 64-byte boundaries, as scripts/bench.sh builds them: a side's time must
    # not move with where its code lands.
    (cd "$dir" && RUSTFLAGS="${RUSTFLAGS:-} -C llvm-args=-align-all-functions=6" \
        CARGO_TARGET_DIR=$dir/target cargo build --release --quiet)
    echo "$dir/target/release/ab-$side"
}

source_of old "$old"
old_exe=$(build_side old "$src")
source_of new "$new"
new_exe=$(build_side new "$src")
echo "old: $old ($(git rev-parse --short "$old")), new: $new; $rounds rounds, $mode"
for corpus in "${corpora[@]}"; do
    file=../shared/corpora/$corpus.txt
    [ -f "$file" ] || file=benches/data/$corpus.txt
    [ -f "$file" ] || { echo "ab.sh: no corpus $corpus" >&2; exit 1; }
    passes=$((4000000 / $(wc -l <"$file") + 1))
    runs_old=() runs_new=()
    for _ in $(seq "$rounds"); do
        # (Not `< <(...)`: a side that fails must stop the script, as `set -e` makes it.)
        out_old=$("$old_exe" "$mode" "$passes" "$file")
        out_new=$("$new_exe" "$mode" "$passes" "$file")
        read -r ns_old acc_old <<<"$out_old"
        read -r ns_new acc_new <<<"$out_new"
        runs_old+=("$ns_old") runs_new+=("$ns_new")
    done
    [ "$acc_old" = "$acc_new" ] || echo "  ($corpus: the sides accept different counts: $acc_old and $acc_new)"
    best_old=$(printf '%s\n' "${runs_old[@]}" | sort -n | head -1)
    best_new=$(printf '%s\n' "${runs_new[@]}" | sort -n | head -1)
    ratio=$(awk -v a="$best_new" -v b="$best_old" 'BEGIN { printf "%.3f", a / b }')
    printf '%-24s old %6.2f  new %6.2f  new/old %s   (old: %s; new: %s)\n' \
        "$corpus" "$best_old" "$best_new" "$ratio" "${runs_old[*]}" "${runs_new[*]}"
done
