#!/usr/bin/env bash
# All the tests: the Rust workspace, then the Python package (python/) built into a
# virtualenv and its pytest suite (conformance vectors, Arrow kernels, the Spark example in
# local mode). The venv is ${URILEX_VENV:-target/py-venv}; the pinned test dependencies are
# installed once (a stamp records the pins), the package is rebuilt every run.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo test --workspace --all-features
# Again the library's own tests (the vector code's, against byte-by-byte references), with
# the portable code that CPUs without AVX2 run (src/avx2.rs is chosen at run time).
URILEX_PORTABLE=1 cargo test -p urilex --all-features --lib

py_start=$SECONDS
venv=${URILEX_VENV:-target/py-venv}
case $venv in /*) ;; *) venv=$PWD/$venv ;; esac
# maturin (the build backend, from the venv with --no-build-isolation) must be on PATH.
export PATH="$venv/bin:$PATH"
python=${PYTHON:-python3}
# Pinned: current stable releases that work on CPython 3.11 (pyspark's mapInArrow needs pandas;
# polars and duckdb run the README's one-liners in tests/test_engines.py).
deps="maturin==1.7.4 pytest==8.3.3 pyarrow==17.0.0 pandas==2.2.3 pyspark==3.5.3 polars==2.1.0 duckdb==2.0.1"
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
if [ "$(cat "$venv/.urilex-deps" 2>/dev/null)" != "$deps" ]; then
    # shellcheck disable=SC2086
    "$venv/bin/pip" install -q $deps
    echo "$deps" >"$venv/.urilex-deps"
fi
# --no-build-isolation: maturin comes from the venv (no download per run); cargo's own
# incremental cache under python/target keeps rebuilds quick.
"$venv/bin/pip" install -q --upgrade --no-build-isolation --force-reinstall --no-deps ./python
"$venv/bin/python" -m pytest -q python/tests
"$venv/bin/python" -c "import doctest, urilex, urilex.arrow, sys
r = [doctest.testmod(m) for m in (urilex, urilex.arrow)]
print('doctests:', r); sys.exit(any(x.failed for x in r))"
echo "python part: $((SECONDS - py_start))s"
