"""Scalar API, errors, nulls, string kinds, large batches."""

import random

import pyarrow as pa
import pytest

import urilex
import urilex.arrow

BASE = "http://a/b/c/d;p?q"
# RFC 3986 §5.4.1 and §5.4.2.
RFC_5_4 = {
    "g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/",
    "/g": "http://a/g", "//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y",
    "#s": "http://a/b/c/d;p?q#s", "g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s",
    ";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x", "g;x?y#s": "http://a/b/c/g;x?y#s",
    "": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "./": "http://a/b/c/", "..": "http://a/b/",
    "../": "http://a/b/", "../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/",
    "../../g": "http://a/g",
    "../../../g": "http://a/g", "../../../../g": "http://a/g", "/./g": "http://a/g",
    "/../g": "http://a/g", "g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g",
    "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g", "./../g": "http://a/b/g",
    "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h",
    "g;x=1/./y": "http://a/b/c/g;x=1/y", "g;x=1/../y": "http://a/b/c/y",
    "g?y/./x": "http://a/b/c/g?y/./x", "g?y/../x": "http://a/b/c/g?y/../x",
    "g#s/./x": "http://a/b/c/g#s/./x", "g#s/../x": "http://a/b/c/g#s/../x", "http:g": "http:g",
}


def test_parse_components():
    u = urilex.parse("foo://user@example.com:8042/over/there?name=ferret#nose")
    assert (u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment) == (
        "foo", "user", "example.com", "8042", "/over/there", "name=ferret", "nose")
    assert str(u) == "foo://user@example.com:8042/over/there?name=ferret#nose"
    r = urilex.parse("http://a:/")
    assert r.port == "" and urilex.parse("http://a/").port is None


def test_errors():
    with pytest.raises(urilex.ParseError) as e:
        urilex.parse("http://example.com/a?b|c")
    assert isinstance(e.value, ValueError)
    assert (e.value.index, e.value.kind) == (22, "invalid_char")
    assert str(e.value) == "invalid character '|' at byte 22 in query"
    with pytest.raises(urilex.ParseError) as e:
        urilex.parse("http://a/%zz")
    assert e.value.kind == "invalid_percent_encoding" and e.value.index == 10
    with pytest.raises(urilex.ParseError) as e:
        urilex.parse("a:b:c/d:e".replace("a:", "1a:"))
    assert e.value.kind in {"invalid_scheme", "colon_in_first_segment"}
    assert not urilex.is_valid("a b") and urilex.is_valid("")
    with pytest.raises(ValueError):
        urilex.resolve("/relative", "g")  # a base needs a scheme (§5.1)


def test_resolve_rfc_examples():
    for ref, want in RFC_5_4.items():
        assert urilex.resolve(BASE, ref) == want, ref
    got = urilex.arrow.resolve(BASE, pa.array(list(RFC_5_4))).to_pylist()
    assert got == list(RFC_5_4.values())
    bases = pa.array([BASE] * len(RFC_5_4), pa.large_string())
    assert urilex.arrow.resolve(bases, pa.array(list(RFC_5_4))).to_pylist() == got


def test_normalize_and_iri():
    assert urilex.normalize("HTTP://Example.COM/a/./b/../%7euser") == "http://example.com/a/~user"
    assert urilex.iri_to_uri("http://例え.jp/パス?q=é#frag") == (
        "http://%E4%BE%8B%E3%81%88.jp/%E3%83%91%E3%82%B9?q=%C3%A9#frag")
    with pytest.raises(urilex.ParseError):
        urilex.iri_to_uri("/a\u202eb")


@pytest.mark.parametrize("typ", [pa.string(), pa.large_string(), pa.string_view()])
def test_nulls_and_types(typ):
    arr = pa.array(["http://A/x", None, "a b", "", "//h:1/"], typ)
    out_type = pa.string() if typ == pa.string_view() else typ  # views in, offsets out
    assert urilex.arrow.normalize(arr).type == out_type
    assert urilex.arrow.normalize(arr).to_pylist() == ["http://a/x", None, None, "", "//h:1/"]
    assert urilex.arrow.host(arr).to_pylist() == ["A", None, None, None, "h"]
    rows = urilex.arrow.parse(arr)
    assert rows.type.field("host").type == out_type
    assert rows.null_count == 1 and rows[1].as_py() is None
    assert [r["valid"] for r in rows.to_pylist() if r] == [True, False, True, True]
    assert rows[2].as_py()["error"] == "invalid character ' ' at byte 1 in path"
    assert urilex.arrow.resolve(pa.array([None, BASE, "/rel", BASE], typ),
                                pa.array(["g", None, "g", "a b"], typ)).to_pylist() == [None] * 4


def test_slices_and_chunks():
    arr = pa.array(["x:/0", None, "http://H/2", "y:3", "HTTP://Z"])
    assert urilex.arrow.normalize(arr.slice(2, 3)).to_pylist() == ["http://h/2", "y:3", "http://z"]
    assert urilex.arrow.parse(arr.slice(1, 2)).to_pylist()[0] is None
    ch = pa.chunked_array([arr.slice(0, 2), arr.slice(2)])
    assert urilex.arrow.host(ch).to_pylist() == [None, None, "H", None, "Z"]
    assert urilex.arrow.normalize(pa.array([], pa.string())).to_pylist() == []
    with pytest.raises(TypeError):
        urilex.arrow.normalize(pa.array([1, 2]))


def test_string_views_read_like_strings():
    # Views hold strings of up to 12 bytes inline, longer ones in data buffers: both, sliced.
    rng = random.Random(7)
    rows = ["http://h/" + "p" * rng.randint(0, 30) if rng.random() < 0.9 else None for _ in range(5000)]
    strings = pa.array(rows)
    views = pa.array(rows, pa.string_view())
    for a, b in [(strings, views), (strings.slice(3, 4000), views.slice(3, 4000))]:
        assert urilex.arrow.parse(a).to_pylist() == urilex.arrow.parse(b).to_pylist()
        assert urilex.arrow.normalize(a).to_pylist() == urilex.arrow.normalize(b).to_pylist()


def test_large_batch_agrees_with_scalar():
    rng = random.Random(20)
    alphabet = "ab:/?#[]@%2F.-_~!$&'()*+,;= |é1"
    pieces = ["http://", "https://u@h:80", "//", "../", "/p", "?q", "#f", "%41", "[::1]", "."]
    rows = []
    for _ in range(200_000):
        s = "".join(rng.choice(pieces) if rng.random() < 0.3 else rng.choice(alphabet)
                    for _ in range(rng.randint(0, 20)))
        rows.append(s)
    arr = pa.array(rows)
    parsed = urilex.arrow.parse(arr)
    norm = urilex.arrow.normalize(arr).to_pylist()
    valid = parsed.field("valid").to_pylist()
    host = parsed.field("host").to_pylist()
    assert 0 < sum(valid) < len(rows)
    for i in range(0, len(rows), 7):  # every 7th row through the scalar API
        s = rows[i]
        assert valid[i] == urilex.is_valid(s)
        if valid[i]:
            assert host[i] == urilex.parse(s).host
            assert norm[i] == urilex.normalize(s)
        else:
            assert norm[i] is None


class OnlyCapsules:
    """An Arrow producer that is not a pyarrow object: all it has is the PyCapsule protocol."""

    def __init__(self, arr, swap=False):
        self.arr, self.swap = arr, swap

    def __arrow_c_array__(self, requested_schema=None):
        schema, array = self.arr.__arrow_c_array__()
        return (array, schema) if self.swap else (schema, array)


def test_arrow_c_data_interface():
    arr = pa.array(["HTTP://A/./b", None, "a b", "//h:1/p"]).slice(0, 4)
    plain = OnlyCapsules(arr)
    assert urilex.arrow.normalize(plain).to_pylist() == ["http://a/b", None, None, "//h:1/p"]
    assert urilex.arrow.host(plain).to_pylist() == ["A", None, None, "h"]
    assert urilex.arrow.parse(plain).to_pylist() == urilex.arrow.parse(arr).to_pylist()
    assert urilex.arrow.resolve(BASE, OnlyCapsules(pa.array(["g", None]))).to_pylist() == [
        "http://a/b/c/g", None]
    # The capsules' names are checked: swapped, they are refused, not misread.
    with pytest.raises(TypeError, match="arrow_schema"):
        urilex.arrow.normalize(OnlyCapsules(arr, swap=True))
    with pytest.raises(TypeError, match="__arrow_c_array__"):
        urilex.arrow.normalize(["http://a/"])
    with pytest.raises(ValueError, match="same length"):
        urilex.arrow.resolve(plain, pa.array(["g"]))
    # A result owns its buffers: the struct's validity is the input's, still readable once the
    # input is gone; the output exports again by the same protocol.
    rows = urilex.arrow.parse(pa.array([None, "x:y", None, "p"] * 1000).slice(1))
    import gc
    gc.collect()
    assert rows.null_count == 1999 and rows[0].as_py()["scheme"] == "x"
    again = pa.array(OnlyCapsules(rows))
    assert again.to_pylist() == rows.to_pylist()
    # Capsules never imported are released when dropped (no leak, no crash).
    for _ in range(3):
        urilex._urilex.normalize_batch(arr)
    gc.collect()


def test_empty_chunked_arrays_keep_the_kernel_s_type():
    empty = pa.chunked_array([], pa.large_string())
    assert urilex.arrow.normalize(empty).type == pa.large_string()
    assert urilex.arrow.parse(empty).type.field("valid").type == pa.bool_()


@pytest.mark.parametrize("offsets, rows", [
    # The rows' bytes as a whole are UTF-8: rows are slices of the checked text, and the ones
    # that are not fall back to a check of their own. (Rows 4 and 5 reach past the last
    # offset, which is where the C data interface says the data ends.)
    ([0, 9, 10, 11, 14, 15, 11, 14], ["http://a/", None, None, "x:y", "range", "range", "x:y"]),
    # The last row is not UTF-8: every row is checked alone.
    ([0, 9, 10, 11, 14, 11, 9, 15], ["http://a/", None, None, "x:y", "range", "range", None]),
])
def test_malformed_string_arrays_give_error_rows(offsets, rows):
    # pyarrow builds these without checking: bytes that are not UTF-8, a row that splits a
    # character, offsets that run backwards. Each bad row is an error row; the others parse.
    import struct
    data = b"http://a/" + "é".encode() + b"x:y" + b"\xff"
    n = len(offsets) - 1
    arr = pa.Array.from_buffers(pa.string(), n, [None, pa.py_buffer(struct.pack(f"<{n + 1}i", *offsets)),
                                                  pa.py_buffer(data)])
    errors = {None: "not valid UTF-8", "range": "string offsets out of range"}
    parsed = urilex.arrow.parse(arr).to_pylist()
    assert [r["error"] for r in parsed] == [errors.get(r) for r in rows]
    assert [r["path"] for r in parsed] == [{"http://a/": "/", "x:y": "y"}.get(r) for r in rows]
    assert urilex.arrow.normalize(arr).to_pylist() == [r if r in ("http://a/", "x:y") else None
                                                       for r in rows]
