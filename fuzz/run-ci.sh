#!/usr/bin/env bash
# CI fuzzing: builds every cargo-fuzz target and runs each for a short fixed time (default 30 s)
# from its checked-in seeds (fuzz/seeds/<target>/) into a throw-away corpus. Fails on any crash,
# panic (a broken invariant), timeout or out-of-memory; the input is left in
# fuzz/artifacts/<target>/ and the log names it.
#
#   fuzz/run-ci.sh                 # every target, 30 s each, two at a time
#   FUZZ_SECONDS=600 FUZZ_JOBS=1 fuzz/run-ci.sh parse resolve   # longer, chosen targets
#
# The machine's toolchain is stable Rust; cargo-fuzz passes nightly-only flags (-Z...) to
# rustc, which stable accepts with RUSTC_BOOTSTRAP=1 ("stable acting as nightly"). No
# AddressSanitizer (-s none) but for parse and form_data, run again with it at the end: the
# library's only `unsafe` code is src/kernels/avx2.rs, which those targets reach all of, so elsewhere
# the sanitizer would only cost build and run time; overflow checks and debug assertions
# stay on.
set -euo pipefail
cd "$(dirname "$0")"
. ./pool.sh
export RUSTC_BOOTSTRAP=1
export CARGO_TERM_COLOR=never
CARGO_FUZZ_VERSION=0.13.2
seconds=${FUZZ_SECONDS:-30}
jobs=${FUZZ_JOBS:-2}
start=$SECONDS

if ! cargo fuzz --version 2>/dev/null | grep -q " $CARGO_FUZZ_VERSION\$"; then
    echo "installing cargo-fuzz $CARGO_FUZZ_VERSION"
    cargo install cargo-fuzz --version "$CARGO_FUZZ_VERSION" --locked
fi

if [ $# -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo fuzz list); fi
echo "building ${targets[*]} ($((SECONDS - start))s)"
cargo fuzz build -s none
bin="target/$(rustc -vV | sed -n 's/^host: //p')/release"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

run() {
    local t=$1
    mkdir -p "$tmp/corpus/$t" "artifacts/$t"
    # -timeout: one input taking 10 s is a hang (every operation is linear time);
    # -rss_limit_mb: a leak or a blow-up fails the run.
    if "$bin/$t" "$tmp/corpus/$t" "seeds/$t" \
        -artifact_prefix="artifacts/$t/" -max_total_time="$seconds" \
        -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 >"$tmp/$t.log" 2>&1; then
        echo "ok   $t: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$tmp/$t.log" | grep -o '[0-9]*$') runs, $(ls "$tmp/corpus/$t" | wc -l) new corpus entries"
    else
        echo "FAIL $t:"
        grep -v '^#\|^"\|Uses:' "$tmp/$t.log" | tail -n 40
        echo "reproduce: RUSTC_BOOTSTRAP=1 cargo fuzz run -s ${2:-none} $t fuzz/artifacts/$t/<file>"
        return 1
    fi
}

echo "running ${#targets[@]} targets, ${seconds}s each, $jobs at a time ($((SECONDS - start))s)"
failed=0
in_turn "$jobs" run "${targets[@]}" || failed=1
# The crate's one module with `unsafe` code (src/kernels/avx2.rs, x86-64 only) under AddressSanitizer,
# through the two targets that reach all of it: every parse starts there (the first 64 bytes
# classified at once, in blocks whose loads depend on the input's length; runs past them 32
# bytes at a time); `parse` gives it inputs of every length, `form_data` long form-data
# queries, which take the table lookups.
asan=()
for t in parse form_data; do
    [[ " ${targets[*]} " == *" $t "* ]] && asan+=("$t")
done
if [ "$failed" = 0 ] && [ "$(uname -m)" = x86_64 ] && [ "${#asan[@]}" -gt 0 ]; then
    echo "building ${asan[*]} with AddressSanitizer ($((SECONDS - start))s)"
    for t in "${asan[@]}"; do
        cargo fuzz build -s address "$t"
    done
    run_asan() { run "$1" address; }
    in_turn "${#asan[@]}" run_asan "${asan[@]}" || failed=1
fi
echo "fuzzing done in $((SECONDS - start))s"
exit "$failed"
