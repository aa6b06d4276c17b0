"""The shared conformance vectors (strict RFC 3986 records) through the Python API, scalar
and batch, which must agree with each other and with the vectors."""

import pyarrow as pa
import pytest

import urilex
import urilex.arrow
from conftest import load

COMPONENTS = urilex.arrow.COMPONENTS
PARSE = load("parse.jsonl")
# Python's parse reads URI-reference. A valid URI, absolute-URI or relative-ref is a valid
# URI-reference with the same components; an input refused as a URI may still be a valid
# reference (`//a`), so those records say nothing here.
PARSE_REF = [r for r in PARSE if r["kind"] == "uri-reference" or r["valid"]]


def test_vectors_are_there():
    assert len(PARSE_REF) > 1000


@pytest.mark.parametrize("rec", PARSE_REF, ids=lambda r: repr(r["input"])[:60])
def test_parse(rec):
    s = rec["input"]
    assert urilex.is_valid(s) == rec["valid"]
    if not rec["valid"]:
        with pytest.raises(urilex.ParseError):
            urilex.parse(s)
        return
    u = urilex.parse(s)
    for c in COMPONENTS:
        if c in rec:
            assert getattr(u, c) == rec[c], c


def test_parse_batch_matches_vectors_and_scalar():
    inputs = [r["input"] for r in PARSE_REF]
    out = urilex.arrow.parse(pa.array(inputs)).to_pylist()
    for rec, row in zip(PARSE_REF, out):
        assert row["valid"] == rec["valid"], rec
        if rec["valid"]:
            assert row["error"] is None
            u = urilex.parse(rec["input"])
            for c in COMPONENTS:
                assert row[c] == getattr(u, c)
                if c in rec:
                    assert row[c] == rec[c]
        else:
            with pytest.raises(urilex.ParseError) as e:
                urilex.parse(rec["input"])
            assert row["error"] == str(e.value)
            assert all(row[c] is None for c in COMPONENTS)


RESOLVE = [r for r in load("resolve.jsonl") if r["mode"] == "strict"]


def test_resolve_vectors():
    assert RESOLVE
    bases = [r["base"] for r in RESOLVE]
    refs = [r["ref"] for r in RESOLVE]
    batch = urilex.arrow.resolve(pa.array(bases), pa.array(refs)).to_pylist()
    for rec, got in zip(RESOLVE, batch):
        if rec["expected"] is None:
            with pytest.raises(ValueError):
                urilex.resolve(rec["base"], rec["ref"])
            assert got is None
        else:
            assert urilex.resolve(rec["base"], rec["ref"]) == rec["expected"], rec
            assert got == rec["expected"]


NORMALIZE = [r for r in load("normalize.jsonl") if r["op"] == "normalize"]


def test_normalize_vectors():
    assert NORMALIZE
    batch = urilex.arrow.normalize(pa.array([r["input"] for r in NORMALIZE])).to_pylist()
    for rec, got in zip(NORMALIZE, batch):
        if rec["expected"] is None:
            assert got is None
            continue
        assert urilex.normalize(rec["input"]) == rec["expected"], rec
        assert got == rec["expected"]
