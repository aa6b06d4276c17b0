#!/usr/bin/env bash
# Runs the whole benchmark suite of urilex against its peers and renders bench-results/:
#   bench-results/README.md   Markdown tables (ns/URL, instructions/URL, accepted counts, targets)
#   bench-results/bench.svg   bar chart of the same figures
#
# Usage: scripts/bench.sh            (from anywhere; about 10-15 minutes on 2 cores)
# Needs: a Rust toolchain, valgrind, python3, a C++ compiler (ada-url builds its bundled C++),
#        and ../shared/corpora next to the repository; installs uriparser and Boost.URL with apt.
#
# Wall time comes from criterion (benches/wall.rs), instruction counts from iai-callgrind
# (benches/instructions.rs); both run the same loops over the same inputs in this one run.
set -euo pipefail
cd "$(dirname "$0")/.."

# The runner must match the iai-callgrind library version exactly; read it from Cargo.toml so
# the two cannot drift, and install it with --locked (nothing is installed by hand).
iai_version=$(sed -n 's/^iai-callgrind = "=\([0-9.]*\)".*/\1/p' Cargo.toml)
if [ -z "$iai_version" ]; then
    echo "bench.sh: cannot find the pinned iai-callgrind version in Cargo.toml" >&2
    exit 1
fi
if ! cargo install --list | grep -qx "iai-callgrind-runner v$iai_version:"; then
    cargo install iai-callgrind-runner --version "$iai_version" --locked
fi
command -v valgrind >/dev/null || { echo "bench.sh: valgrind is required" >&2; exit 1; }

# Every function of the benchmarks' binaries at a 64-byte boundary, so that a loop's place in
# the cache lines and the branch predictor's tables does not move with what precedes it: the
# SSE2 floor of the request targets took 7.1 ns a line in one build and 9.2 in another of the
# same source, its code 16 bytes further on (bench-results/floor.md). Set after the install
# above, which it would otherwise rebuild.
export RUSTFLAGS="${RUSTFLAGS:-} -C llvm-args=-align-all-functions=6"

# The C and C++ peers (benches/cpeers): uriparser and Boost.URL from Debian's packages. Without
# them (no apt, no root) the suite runs and leaves those two out.
if [ ! -e /usr/include/uriparser/Uri.h ] || [ ! -e /usr/include/boost/url.hpp ]; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq liburiparser-dev libboost-url1.81-dev \
        >/dev/null 2>&1 || echo "bench.sh: uriparser and Boost.URL not installed: left out" >&2
fi

# Results of an earlier run must not leak into this one's table.
rm -rf target/criterion target/iai target/urilex-bench
mkdir -p target/urilex-bench

started=$(date -u +%Y-%m-%dT%H:%M:%SZ)
cargo bench --features whatwg,canon --bench wall 2>&1 | tee target/urilex-bench/wall.log
# urilex against the floor, interleaved (benches/floor_ratio.rs): built on both cores, run on
# one (where taskset is there), so that both sides of each ratio share that core's phases.
cargo bench --bench floor_ratio --no-run
pin=()
if command -v taskset >/dev/null && [ "$(nproc)" -gt 1 ]; then pin=(taskset -c 1); fi
"${pin[@]}" cargo bench --bench floor_ratio 2>&1 | tee target/urilex-bench/floor_ratio.log
cargo bench --features whatwg,canon --bench instructions -- --save-summary=json 2>&1 | tee target/urilex-bench/instructions.log
echo "$started" > target/urilex-bench/started
# Linear time on hostile inputs (1 MB against 100 kB); fails above 30x.
cargo bench --all-features --bench linearity 2>&1 | tee target/urilex-bench/linearity.log

python3 scripts/bench_report.py
