"""The README's Polars and DuckDB one-liners, as written there, on the engines' own arrays."""

import pyarrow as pa
import pytest

import urilex.arrow

URLS = ["HTTP://Example.COM/a/./b", "a b", None, "/x/../y?%7e"]
NORMALIZED = ["http://example.com/a/b", None, None, "/y?~"]


def test_polars_map_batches():
    pl = pytest.importorskip("polars")
    df = pl.DataFrame({"url": URLS * 1000})
    out = df.with_columns(pl.col("url").map_batches(lambda s: pl.from_arrow(urilex.arrow.normalize(s.to_arrow()))))
    assert out["url"].to_list() == NORMALIZED * 1000


def test_polars_series_and_string_views():
    pl = pytest.importorskip("polars")
    s = pl.Series("url", URLS * 1000)  # Polars' strings are string_view, exported as a stream
    assert urilex.arrow.normalize(s).to_pylist() == NORMALIZED * 1000
    assert urilex.arrow.host(s).to_pylist()[:4] == ["Example.COM", None, None, None]
    out = pl.DataFrame({"url": URLS}).with_columns(
        pl.col("url").map_batches(lambda s: pl.from_arrow(urilex.arrow.normalize(s))))
    assert out["url"].to_list() == NORMALIZED


def test_duckdb_column():
    duckdb = pytest.importorskip("duckdb")
    t = pa.table({"url": URLS})  # noqa: F841 (read by name by DuckDB's replacement scan)
    out = urilex.arrow.normalize(duckdb.sql("select url from t").to_arrow_table().column("url"))
    assert out.to_pylist() == NORMALIZED
