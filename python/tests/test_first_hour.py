"""What a Python user expects in the first hour: docstrings and stubs on everything, the
options of the Rust API (scheme-based normalization, query pairs, the port as a number), IRI
links that resolve as a browser resolves them (ada-url is the oracle), a repr without
secrets. Expected values are worked out from RFC 3986, RFC 3987 section 3.1 and UTS #46, or
taken from ada-url, never from urilex itself."""

import ast
import doctest
import inspect
from pathlib import Path

import pyarrow as pa
import pytest

import urilex
import urilex.arrow

PACKAGE = Path(urilex.__file__).parent


def test_every_public_name_has_a_docstring_and_a_stub():
    stubs = ast.parse((PACKAGE / "__init__.pyi").read_text(encoding="utf-8"))
    stubbed = {n.name for n in stubs.body if isinstance(n, (ast.FunctionDef, ast.ClassDef))}
    for name in urilex.__all__:
        obj = getattr(urilex, name)
        assert (obj.__doc__ or "").strip(), f"urilex.{name} has no docstring"
        assert name in stubbed, f"urilex.{name} has no stub in __init__.pyi"
    for name in ["port_int", "authority", "port_or_default", "is_relative", "query_pairs",
                 "normalized"]:
        assert (getattr(urilex.Uri, name).__doc__ or "").strip(), f"Uri.{name}"
    arrow_stubs = ast.parse((PACKAGE / "arrow.pyi").read_text(encoding="utf-8"))
    arrow_stubbed = {n.name for n in arrow_stubs.body if isinstance(n, ast.FunctionDef)}
    for name in urilex.arrow.__all__:
        assert (getattr(urilex.arrow, name).__doc__ or "").strip(), f"urilex.arrow.{name}"
        assert name in arrow_stubbed, f"urilex.arrow.{name} has no stub"


def test_the_examples_in_the_extension_s_docstrings_run():
    """The docstrings of the functions written in Rust hold examples: they run here, since
    doctest.testmod does not look into an extension module."""
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    parser = doctest.DocTestParser()
    tried = 0
    for name in urilex.__all__:
        obj = getattr(urilex, name)
        if not (inspect.isbuiltin(obj) or inspect.isroutine(obj)):
            continue
        test = parser.get_doctest(obj.__doc__ or "", {"urilex": urilex}, name, None, 0)
        runner.run(test)
        tried += len(test.examples)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    assert tried >= 10


def test_normalize_scheme_based():
    # RFC 3986 section 6.2.3: a default port and an empty path are equivalent to none and "/".
    assert urilex.normalize("HTTP://Example.COM:80") == "http://example.com:80"
    assert urilex.normalize("HTTP://Example.COM:80", scheme_based=True) == "http://example.com/"
    assert urilex.normalize("https://h:443/a", scheme_based=True) == "https://h/a"
    assert urilex.parse("HTTP://H:80").normalized(scheme_based=True) == "http://h/"


def test_query_pairs_decode_form_data():
    assert urilex.query_pairs("q=rust+uri&x=%C3%A9&flag&=v&a=1=2") == [
        ("q", "rust uri"), ("x", "é"), ("flag", ""), ("", "v"), ("a", "1=2")]
    assert urilex.query_pairs("") == []
    assert urilex.query_pairs("bad=%FF") == [("bad", "\ufffd")]
    u = urilex.parse("http://h/?a=1&a=2")
    assert u.query_pairs() == [("a", "1"), ("a", "2")]
    assert urilex.parse("http://h/").query_pairs() == []


def test_port_as_text_and_number():
    cases = {"http://h:8080/": ("8080", 8080), "http://h:/": ("", None), "http://h/": (None, None),
             "http://h:99999/": ("99999", None), "http://h:0080/": ("0080", 80)}
    for text, (port, number) in cases.items():
        u = urilex.parse(text)
        assert (u.port, u.port_int) == (port, number), text
    assert urilex.parse("https://h/").port_or_default == 443
    assert urilex.parse("../x").is_relative and not urilex.parse("s:x").is_relative
    assert urilex.parse("http://u@h:1/").authority == "u@h:1"


# Links a crawler finds on non-English pages, with the page they are on.
IRI_LINKS = [
    ("https://es.wikipedia.org/wiki/Animal", "/wiki/Ñandú"),
    ("https://ja.wikipedia.org/wiki/Main", "東京?q=ü#é"),
    ("https://example.com/a/", "//例え.jp/パス"),
    ("http://例え.jp/a/b", "../c d"),
    ("https://de.example/über/", "straße?x=ä"),
    ("https://example.com/", "http://bücher.example/"),
]


def test_iri_links_resolve_as_a_browser_resolves_them():
    ada_url = pytest.importorskip("ada_url")
    for base, link in IRI_LINKS:
        if " " in link:
            continue  # a space is no IRI character: refused below, repaired by the URL Standard
        assert urilex.resolve(base, link) == ada_url.join_url(base, link), (base, link)
    assert urilex.resolve("https://es.wikipedia.org/wiki/Animal", "/wiki/Ñandú") == \
        "https://es.wikipedia.org/wiki/%C3%91and%C3%BA"
    with pytest.raises(urilex.ParseError):
        urilex.resolve("http://例え.jp/a/b", "../c d")


def test_arrow_resolve_takes_iris_like_the_scalar_function():
    links = [link for _, link in IRI_LINKS]
    bases = [base for base, _ in IRI_LINKS]
    want = []
    for base, link in IRI_LINKS:
        try:
            want.append(urilex.resolve(base, link))
        except ValueError:
            want.append(None)
    assert urilex.arrow.resolve(pa.array(bases), pa.array(links)).to_pylist() == want
    one = urilex.arrow.resolve(bases[0], pa.array(links)).to_pylist()
    assert one[0] == "https://es.wikipedia.org/wiki/%C3%91and%C3%BA"
    assert one[2] == "https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9"
    # An IRI base, scalar, too.
    got = urilex.arrow.resolve("http://例え.jp/a/", pa.array(["b", None, "a b"])).to_pylist()
    assert got == ["http://xn--r8jz45g.jp/a/b", None, None]


def test_iri_to_uri_idna_option():
    assert urilex.iri_to_uri("http://例え.jp/") == "http://%E4%BE%8B%E3%81%88.jp/"
    assert urilex.iri_to_uri("http://例え.jp/", idna=True) == "http://xn--r8jz45g.jp/"


def test_repr_never_shows_a_password():
    for text in ["http://user:S3CRET@h/", "ftp://a:S3CRET@[::1]:21/x?y#z", "s://:S3CRET@h"]:
        u = urilex.parse(text)
        assert "S3CRET" not in repr(u), repr(u)
        assert str(u) == text  # the text itself is the caller's
    assert repr(urilex.parse("http://user@h/")) == "urilex.Uri('http://user@h/')"


def test_the_arrow_extra_is_declared():
    from importlib.metadata import metadata

    meta = metadata("urilex")
    assert "arrow" in meta.get_all("Provides-Extra")
    assert any(r.startswith("pyarrow") and "extra == " in r and "arrow" in r.split(";")[1]
               for r in meta.get_all("Requires-Dist"))
