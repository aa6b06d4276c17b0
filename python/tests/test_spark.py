"""Runs examples/spark_normalize.py in Spark local mode on a small file and reads the
Parquet back. Skipped when pyspark or java is missing (scripts/test.sh installs both)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

pytest.importorskip("pyspark")
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "spark_normalize.py"


@pytest.mark.skipif(shutil.which("java") is None, reason="Spark needs a JRE")
def test_spark_normalize(tmp_path):
    urls = ["HTTP://Example.COM/a/./b/../%7euser", "http://a/b|c", "//h/p", "", "../x?"]
    src = tmp_path / "urls.txt"
    src.write_text("\n".join(urls) + "\n", encoding="utf-8")
    out = tmp_path / "out"
    # A plain environment, as a user's shell: the example sets PYSPARK_PYTHON itself.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYSPARK_")}
    subprocess.run([sys.executable, str(EXAMPLE), str(src), str(out)], check=True, env=env,
                   timeout=300)
    table = pq.read_table(out)
    assert table.column_names == ["url", "valid", "host", "normalized"]
    rows = {r["url"]: r for r in table.to_pylist()}
    assert set(rows) == set(urls)
    assert rows[urls[0]] == {"url": urls[0], "valid": True, "host": "Example.COM",
                             "normalized": "http://example.com/a/~user"}
    assert rows["http://a/b|c"]["valid"] is False and rows["http://a/b|c"]["normalized"] is None
    assert rows["//h/p"]["host"] == "h" and rows[""]["valid"] is True
    assert rows["../x?"]["normalized"] == "../x?"
    # The same file as a browser reads it (--grammar whatwg), with the crawler keys (--surt),
    # in a second run.
    out = tmp_path / "out_whatwg"
    subprocess.run([sys.executable, str(EXAMPLE), "--grammar", "whatwg", "--surt", str(src),
                    str(out)], check=True, env=env, timeout=300)
    rows = {r["url"]: r for r in pq.read_table(out).to_pylist()}
    # A browser keeps %7e as written (the URL Standard decodes nothing), and takes the '|'.
    assert rows[urls[0]] == {"url": urls[0], "valid": True, "host": "example.com",
                             "normalized": "http://example.com/a/%7euser",
                             "surt": "com,example)/a/~user", "registrable_domain": "example.com"}
    assert rows["http://a/b|c"]["normalized"] == "http://a/b|c"
    assert rows["//h/p"]["valid"] is False and rows["//h/p"]["normalized"] is None
