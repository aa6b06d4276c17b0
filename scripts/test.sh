#!/usr/bin/env bash
# All the tests: the Rust workspace, then the Python package (python/) built into a
# virtualenv and its pytest suite (conformance vectors, Arrow kernels, the Spark example in
# local mode). The venv is scripts/py-venv.sh's (${URILEX_VENV:-target/py-venv}, its pinned
# test dependencies installed once); the package is rebuilt every run.
set -euo pipefail
cd "$(dirname "$0")/.."

rust_start=$SECONDS
cargo test --workspace --all-features
# Again the library's own tests (the vector code's, against byte-by-byte references), with
# the portable code that CPUs without AVX2 run (src/kernels/avx2.rs is chosen at run time). The same
# package and feature set as above (--workspace), so nothing is built again.
URILEX_PORTABLE=1 cargo test --workspace --all-features --lib
echo "rust part: $((SECONDS - rust_start))s"

py_start=$SECONDS
venv=$(scripts/py-venv.sh)
# maturin (the build backend, from the venv with --no-build-isolation) must be on PATH.
export PATH="$venv/bin:$PATH"
# --no-build-isolation: maturin comes from the venv (no download per run); cargo's own
# incremental cache under python/target keeps rebuilds quick.
# A test build: no LTO and parallel codegen (the release profile's LTO and one codegen unit
# are for the wheel people install, and take minutes longer to build).
CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    "$venv/bin/pip" install -q --upgrade --no-build-isolation --force-reinstall --no-deps ./python
"$venv/bin/python" -m pytest -q python/tests
"$venv/bin/python" -c "import doctest, urilex, urilex.arrow, urilex.whatwg, sys
r = [doctest.testmod(m) for m in (urilex, urilex.arrow, urilex.whatwg)]
print('doctests:', r); sys.exit(any(x.failed for x in r))"
echo "python part: $((SECONDS - py_start))s"
