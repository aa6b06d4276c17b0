"""Batch kernels over pyarrow string arrays: null in, null out.

Each accepts a ``string``, ``large_string`` or ``string_view`` array: a ``pyarrow`` Array or
ChunkedArray (chunk by chunk), or any object with ``__arrow_c_array__`` or
``__arrow_c_stream__`` (the Arrow PyCapsule protocol: a Polars Series, for one).
Arrays cross between Python and Rust through the Arrow C data interface, so no buffer is
copied either way, and the kernels run in Rust with the GIL released.

>>> import pyarrow as pa, urilex.arrow
>>> urilex.arrow.normalize(pa.array(["HTTP://A/./b", "a b", None])).to_pylist()
['http://a/b', None, None]
>>> urilex.arrow.host(pa.array(["http://x.org/", "/p"])).to_pylist()
['x.org', None]
>>> urilex.arrow.resolve("http://a/b/c/d;p?q", pa.array(["../g", "?y"])).to_pylist()
['http://a/b/g', 'http://a/b/c/d;p?y']
>>> row = urilex.arrow.parse(pa.array(["http://a:80/p?q"]))[0].as_py()
>>> (row["valid"], row["error"], row["host"], row["port"], row["fragment"])
(True, None, 'a', '80', None)
"""

from __future__ import annotations

from typing import Optional, Union

try:
    import pyarrow as pa
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError(
        "urilex.arrow needs pyarrow (>= 12): pip install 'urilex[arrow]'"
    ) from e

from . import _urilex

# Also any object with __arrow_c_array__ or __arrow_c_stream__ (see arrow.pyi).
ArrayLike = Union[pa.Array, pa.ChunkedArray, object]

COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


class _Exported:
    """Two capsules of the Arrow PyCapsule protocol, as a kernel returned them: an object
    ``pa.array`` imports without copying."""

    __slots__ = ("_capsules",)

    def __init__(self, capsules):
        self._capsules = capsules

    def __arrow_c_array__(self, requested_schema=None):
        return self._capsules


def _array(capsules) -> pa.Array:
    return pa.array(_Exported(capsules))


def _chunked(f, arr: ArrayLike, *rest):
    if not hasattr(arr, "__arrow_c_array__") and hasattr(arr, "__arrow_c_stream__"):
        # A stream of arrays (a Polars Series, ...): its chunks, each imported in place.
        arr = pa.chunked_array(arr)
    if isinstance(arr, pa.ChunkedArray):
        # No chunks: one empty one, so that the result still has the kernel's type.
        chunks = [f(c, *rest) for c in arr.chunks] or [f(pa.array([], type=arr.type), *rest)]
        return pa.chunked_array(chunks)
    return f(arr, *rest)


def parse(arr: ArrayLike) -> pa.StructArray:
    """Parses each URI reference: a struct with ``valid`` (bool), ``error`` (the message, null
    when valid) and the components ``scheme, userinfo, host, port, path, query, fragment``
    (null when absent, "" when present but empty). A null input gives a null struct."""
    return _chunked(lambda a: _array(_urilex.parse_batch(a)), arr)


def normalize(arr: ArrayLike) -> pa.Array:
    """RFC 3986 §6.2.2 normal form of each reference; null for null or invalid inputs."""
    return _chunked(lambda a: _array(_urilex.normalize_batch(a)), arr)


def host(arr: ArrayLike) -> pa.Array:
    """The host of each reference (IP-literals keep their brackets); null when absent,
    invalid or null."""
    return _chunked(lambda a: _array(_urilex.host_batch(a)), arr)


def resolve(bases: Union[str, ArrayLike], refs: ArrayLike) -> pa.Array:
    """Resolves ``refs`` against ``bases`` (RFC 3986 §5.2, strict): ``bases`` is one base
    string (prepared once) or an array of the same length as ``refs``. Null when either side
    is null or invalid, or the base has no scheme.

    A base or link with non-ASCII characters is read as an IRI (RFC 3987), as
    ``urilex.resolve`` reads it: the target is its URI, an internationalized host as its
    A-label.

    >>> import pyarrow as pa, urilex.arrow
    >>> urilex.arrow.resolve("https://es.wikipedia.org/wiki/A", pa.array(["Ñandú", "http://例え.jp/"])).to_pylist()
    ['https://es.wikipedia.org/wiki/%C3%91and%C3%BA', 'http://xn--r8jz45g.jp/']
    """
    if isinstance(bases, str):
        return _chunked(lambda r: _array(_urilex.resolve_scalar_batch(bases, r)), refs)
    if isinstance(bases, pa.ChunkedArray):
        bases = bases.combine_chunks()
    if isinstance(refs, pa.ChunkedArray):
        refs = refs.combine_chunks()
    return _array(_urilex.resolve_batch(bases, refs))


def whatwg_href(arr: ArrayLike, base: Optional[str] = None) -> pa.Array:
    """Each URL's href by the URL Standard (against ``base``, parsed once, if given): what a
    browser requests for each link. Null for a null row, or one that does not parse.

    >>> import pyarrow as pa, urilex.arrow
    >>> urilex.arrow.whatwg_href(pa.array(["HTTP://A/./b\\c", "a b", None])).to_pylist()
    ['http://a/b/c', None, None]
    >>> urilex.arrow.whatwg_href(pa.array(["../x", "//cdn/y"]), base="https://h/a/b").to_pylist()
    ['https://h/x', 'https://cdn/y']
    """
    return _chunked(lambda a: _array(_urilex.whatwg_href_batch(a, base)), arr)


def whatwg_parse(arr: ArrayLike, base: Optional[str] = None) -> pa.StructArray:
    """Each URL by the URL Standard (against ``base``, if given): a struct of the URL API's
    getters (``href, origin, protocol, username, password, host, hostname, port, pathname,
    search, hash``); null for a null row, or one that does not parse.

    >>> import pyarrow as pa, urilex.arrow
    >>> row = urilex.arrow.whatwg_parse(pa.array(["https://h:8443/p?q#f"]))[0].as_py()
    >>> (row["origin"], row["port"], row["search"])
    ('https://h:8443', '8443', '?q')
    """
    return _chunked(lambda a: _array(_urilex.whatwg_parse_batch(a, base)), arr)


def surt(
    arr: ArrayLike,
    *,
    include_scheme: bool = False,
    trailing_comma: bool = False,
    host_massage: bool = True,
    reverse_ipaddr: bool = True,
    canonicalizer: str = "ia",
) -> pa.Array:
    """The SURT of each URL, as ``urilex.surt`` gives it (the ``surt`` package's keys, with
    its options); null for a null row or one the package refuses.

    >>> import pyarrow as pa, urilex.arrow
    >>> urilex.arrow.surt(pa.array(["http://www.archive.org/goo/?a=2&b&a=1", "a.org/b c", None])).to_pylist()
    ['org,archive)/goo?a=1&a=2&b', 'org,a)/b%20c', None]
    """
    options = (include_scheme, trailing_comma, host_massage, reverse_ipaddr, canonicalizer)

    def kernel(a):
        return _array(
            _urilex.surt_batch(
                a,
                include_scheme=options[0],
                trailing_comma=options[1],
                host_massage=options[2],
                reverse_ipaddr=options[3],
                canonicalizer=options[4],
            )
        )

    return _chunked(kernel, arr)


def registrable_domain(arr: ArrayLike) -> pa.Array:
    """The registrable domain of each URL's host by the Public Suffix List, the host as a
    browser reads it (the URL Standard: lowercased, decoded, an internationalized name as its
    A-labels); null for a null row, a URL that does not parse, an IP address or a public suffix.

    >>> import pyarrow as pa, urilex.arrow
    >>> urilex.arrow.registrable_domain(pa.array(["https://www.Example.co.uk/a", "http://127.0.0.1/", None])).to_pylist()
    ['example.co.uk', None, None]
    """
    return _chunked(lambda a: _array(_urilex.registrable_domain_batch(a)), arr)


__all__ = [
    "parse",
    "normalize",
    "host",
    "resolve",
    "whatwg_href",
    "whatwg_parse",
    "surt",
    "registrable_domain",
]
