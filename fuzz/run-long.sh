#!/usr/bin/env bash
# Long fuzzing campaigns that keep what they learn: each target runs for N minutes from its
# committed seeds (fuzz/seeds/<target>/) into a working corpus (fuzz/corpus/<target>/, git-
# ignored), then the seeds and everything the run found are merged and minimized
# (`cargo fuzz cmin`: the smallest set of inputs with the same coverage) back into
# fuzz/seeds/<target>/, which CI's short runs (run-ci.sh) start from. Commit the seeds.
#
#   fuzz/run-long.sh parse resolve --minutes 30     # chosen targets, 30 minutes each
#   fuzz/run-long.sh --minutes 30                   # every target
#   FUZZ_JOBS=2 fuzz/run-long.sh --minutes 30       # two targets at a time (one per core)
#
# Prints one line per target (runs, coverage features, corpus before and after, crashes) and
# appends it to fuzz/campaigns.md with the date and commit. A crash, timeout or OOM stops that
# target, leaves the input in fuzz/artifacts/<target>/ and makes the script fail.
set -euo pipefail
cd "$(dirname "$0")"
. ./pool.sh
export RUSTC_BOOTSTRAP=1
export CARGO_TERM_COLOR=never

minutes=30
targets=()
while [ $# -gt 0 ]; do
    case $1 in
        --minutes) minutes=$2; shift 2 ;;
        --minutes=*) minutes=${1#*=}; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) targets+=("$1"); shift ;;
    esac
done
jobs=${FUZZ_JOBS:-1}
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --version 0.13.2 --locked
[ ${#targets[@]} -gt 0 ] || mapfile -t targets < <(cargo fuzz list)
cargo fuzz build -s none
bin="target/$(rustc -vV | sed -n 's/^host: //p')/release"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

campaign() {
    local t=$1 before after runs features status=ok
    mkdir -p "corpus/$t" "seeds/$t" "artifacts/$t"
    before=$(find "seeds/$t" -type f | wc -l)
    if ! "$bin/$t" "corpus/$t" "seeds/$t" -artifact_prefix="artifacts/$t/" \
        -max_total_time=$((minutes * 60)) -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 >"$log/$t.log" 2>&1; then
        status=CRASH
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log/$t.log" | grep -o '[0-9]*$' || echo 0)
    features=$(grep -o 'ft: [0-9]*' "$log/$t.log" | tail -n 1 | grep -o '[0-9]*' || echo 0)
    # Merge the seeds and the new corpus, minimized, into the seeds.
    local merged="$log/$t.merged"
    mkdir -p "$merged"
    "$bin/$t" -merge=1 "$merged" "seeds/$t" "corpus/$t" >"$log/$t.merge.log" 2>&1
    rm -rf "seeds/$t" && mv "$merged" "seeds/$t"
    after=$(find "seeds/$t" -type f | wc -l)
    local line="| $(date -u +%Y-%m-%d) | $commit | \`$t\` | $minutes min | $runs | $features | $before -> $after | $status |"
    echo "$line"
    echo "$line" >>campaigns.md
    [ "$status" = ok ] || { grep -v '^#' "$log/$t.log" | tail -n 30; return 1; }
}

[ -f campaigns.md ] || printf '%s\n\n%s\n%s\n' "# Fuzzing campaigns (fuzz/run-long.sh)" \
    "| date | commit | target | time | runs | features | seeds | result |" \
    "|---|---|---|---|---|---|---|---|" >campaigns.md
in_turn "$jobs" campaign "${targets[@]}"
