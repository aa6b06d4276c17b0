#!/usr/bin/env bash
# The Python tests' virtualenv: made if missing, its pinned dependencies installed once (a
# stamp in the venv records the pins). Prints the venv's absolute path on stdout (pip's own
# output goes to stderr). The venv is ${URILEX_VENV:-target/py-venv}.
#
# scripts/test.sh calls this; CI calls it first, before any build: pyspark comes only as
# source from PyPI, and building its wheel holds ~1 GB of disk for a while, which a small CI
# disk has spare only before target/ fills (a run failed there with "No space left on device").
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${URILEX_VENV:-target/py-venv}
case $venv in /*) ;; *) venv=$PWD/$venv ;; esac
python=${PYTHON:-python3}
# Pinned: current stable releases that work on CPython 3.11 (pyspark's mapInArrow needs pandas;
# polars and duckdb run the README's one-liners in tests/test_engines.py; ada-url is the URL
# Standard oracle of tests/test_api.py's IRI resolution; surt and tldextract are the references of
# the crawler keys in tests/test_canon.py).
deps="maturin==1.7.4 pytest==8.3.3 pyarrow==17.0.0 pandas==2.2.3 pyspark==3.5.3 polars==2.1.0 duckdb==2.0.1 ada-url==4.0.0 surt==0.3.1 tldextract==5.4.0"
[ -x "$venv/bin/python" ] || "$python" -m venv "$venv" >&2
if [ "$(cat "$venv/.urilex-deps" 2>/dev/null)" != "$deps" ]; then
    # shellcheck disable=SC2086
    "$venv/bin/pip" install -q $deps >&2
    echo "$deps" >"$venv/.urilex-deps"
fi
echo "$venv"
