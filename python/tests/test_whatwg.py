"""urilex.whatwg and the Arrow kernels whatwg_href / whatwg_parse against the
web-platform-tests' urltestdata.json, and against ada-url (the Python binding of Node.js's
parser) on every line of the corpora."""

import json
import pathlib

import pyarrow as pa
import pytest

import urilex
import urilex.arrow
import urilex.whatwg

SHARED = pathlib.Path(__file__).resolve().parents[3] / "shared"
GETTERS = ["href", "origin", "protocol", "username", "password", "host", "hostname", "port",
           "pathname", "search", "hash"]


def wpt_cases():
    data = json.loads((SHARED / "conformance/whatwg/urltestdata.json").read_text())
    return [c for c in data if isinstance(c, dict)]


def test_urltestdata_scalar_and_batch():
    cases = wpt_cases()
    assert len(cases) > 800
    for c in cases:
        base = c.get("base")
        if c.get("failure"):
            assert not urilex.whatwg.can_parse(c["input"], base)
            with pytest.raises(urilex.ParseError):
                urilex.whatwg.parse(c["input"], base)
            continue
        u = urilex.whatwg.parse(c["input"], base)
        for g in GETTERS:
            if g in c:
                assert getattr(u, g) == c[g], (c["input"], g)
    # The batch kernels, one base per batch: the cases grouped by base.
    by_base = {}
    for c in cases:
        by_base.setdefault(c.get("base"), []).append(c)
    for base, group in by_base.items():
        inputs = pa.array([c["input"] for c in group])
        hrefs = urilex.arrow.whatwg_href(inputs, base=base).to_pylist()
        rows = urilex.arrow.whatwg_parse(inputs, base=base).to_pylist()
        for c, href, row in zip(group, hrefs, rows):
            if c.get("failure"):
                assert href is None and row is None, c["input"]
            else:
                assert href == c["href"], c["input"]
                assert {g: row[g] for g in GETTERS if g in c} == {g: c[g] for g in GETTERS if g in c}


def test_null_in_null_out_and_large_strings():
    arr = pa.array(["http://a/", None, "nope"], type=pa.large_string())
    assert urilex.arrow.whatwg_href(arr).to_pylist() == ["http://a/", None, None]
    rows = urilex.arrow.whatwg_parse(arr)
    assert rows.type.field("href").type == pa.large_string()
    assert rows.to_pylist()[1:] == [None, None]
    # A base that is no URL: every row null.
    assert urilex.arrow.whatwg_href(pa.array(["/a"]), base="no base").to_pylist() == [None]


def test_url_object():
    u = urilex.whatwg.parse("https://user:S3CRET@h/?q=a+b&x")
    assert "S3CRET" not in repr(u)
    assert str(u) == u.href
    assert u.search_params() == [("q", "a b"), ("x", "")]
    assert u.join("../y").href == "https://user:S3CRET@h/y"
    assert u == urilex.whatwg.parse(u.href) and hash(u) == hash(urilex.whatwg.parse(u.href))
    with pytest.raises(urilex.ParseError) as e:
        urilex.whatwg.parse("http://[::1/")
    assert e.value.kind == "IPv6-unclosed"


def test_corpora_against_ada():
    ada = pytest.importorskip("ada_url")
    n = 0
    for name in ["ada_kasztp.txt", "apache_referers.txt", "wpt_urltestdata_inputs.txt"]:
        lines = (SHARED / "corpora" / name).read_text(errors="surrogateescape").splitlines()
        lines = [l for l in lines if l.encode("utf-8", "surrogateescape").isascii()]
        hrefs = urilex.arrow.whatwg_href(pa.array(lines)).to_pylist()
        for line, href in zip(lines, hrefs):
            n += 1
            theirs = ada.URL(line).href if ada.check_url(line) else None
            assert href == theirs, line
    assert n > 50_000
