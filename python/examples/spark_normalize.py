"""Normalize a text file of URLs with Spark and urilex, one Arrow batch at a time.

    python python/examples/spark_normalize.py [--grammar whatwg] [--surt] INPUT.txt OUTPUT_DIR
    spark-submit python/examples/spark_normalize.py INPUT.txt OUTPUT_DIR

Writes Parquet with the columns url, valid, host, normalized: by RFC 3986 (the default), or
with ``--grammar whatwg`` as a browser reads each URL (the URL Standard: ``normalized`` is the
href, ``host`` the serialized host). ``--surt`` adds the columns surt (each URL's SURT, the
key of web archives' CDX indexes) and registrable_domain (by the Public Suffix List). Runs in
local mode (SPARK_MASTER, default local[2]) unless a master is configured, as spark-submit
does.
"""

import functools
import os
import sys

import pyarrow as pa
from pyspark import SparkConf
from pyspark.sql import SparkSession

import urilex.arrow

SCHEMA = "url string, valid boolean, host string, normalized string"
KEYS_SCHEMA = ", surt string, registrable_domain string"


def with_keys(batch):
    """The batch with the crawler keys of its URLs added (--surt)."""
    urls = batch.column(0)
    return pa.RecordBatch.from_arrays(
        batch.columns + [urilex.arrow.surt(urls), urilex.arrow.registrable_domain(urls)],
        names=batch.schema.names + ["surt", "registrable_domain"],
    )


def normalize_batches(batches, keys=False):
    """mapInArrow: each partition's RecordBatches through the Rust kernels (GIL released)."""
    for batch in batches:
        urls = batch.column(0)
        parsed = urilex.arrow.parse(urls)
        # A null url gives a null struct; its `valid` is then false rather than null.
        valid = parsed.field("valid").fill_null(False)
        out = pa.RecordBatch.from_arrays(
            [urls, valid, urilex.arrow.host(urls), urilex.arrow.normalize(urls)],
            names=["url", "valid", "host", "normalized"],
        )
        yield with_keys(out) if keys else out


def whatwg_batches(batches, keys=False):
    """mapInArrow by the URL Standard: the href and the host a browser would use."""
    for batch in batches:
        urls = batch.column(0)
        parsed = urilex.arrow.whatwg_parse(urls)
        href = parsed.field("href")
        out = pa.RecordBatch.from_arrays(
            [urls, href.is_valid(), parsed.field("hostname"), href],
            names=["url", "valid", "host", "normalized"],
        )
        yield with_keys(out) if keys else out


def main(argv):
    grammar, keys, rest = "rfc3986", False, [argv[0]]
    args = iter(argv[1:])
    for arg in args:
        if arg == "--grammar":
            grammar = next(args, "")
        elif arg == "--surt":
            keys = True
        else:
            rest.append(arg)
    argv = rest
    if len(argv) != 3 or grammar not in ("rfc3986", "whatwg"):
        sys.exit(f"usage: {argv[0]} [--grammar rfc3986|whatwg] [--surt] INPUT OUTPUT")
    batches = whatwg_batches if grammar == "whatwg" else normalize_batches
    batches = functools.partial(batches, keys=keys)
    schema = SCHEMA + KEYS_SCHEMA if keys else SCHEMA
    # Spark's Python workers must import urilex as this interpreter does: without
    # PYSPARK_PYTHON they start the first `python3` on PATH (a plain venv's interpreter is
    # rarely that one) and fail with a long Java trace. This interpreter, unless set.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    builder = SparkSession.builder.appName("urilex-normalize")
    if not SparkConf().contains("spark.master"):
        builder = builder.master(os.environ.get("SPARK_MASTER", "local[2]"))
    spark = (
        builder.config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    try:
        lines = spark.read.text(argv[1]).withColumnRenamed("value", "url")
        lines.mapInArrow(batches, schema).write.mode("overwrite").parquet(argv[2])
    finally:
        spark.stop()


if __name__ == "__main__":
    main(sys.argv)
