"""Batch kernels over pyarrow string arrays: null in, null out.

Each accepts a ``pyarrow`` ``string`` or ``large_string`` Array or ChunkedArray (chunk by
chunk), reads its buffers without copying, and runs in Rust with the GIL released.

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

from typing import Union

import pyarrow as pa

from . import _urilex

ArrayLike = Union[pa.Array, pa.ChunkedArray]

COMPONENTS = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def _args(arr: pa.Array):
    """(validity, offsets, data, offset, length, large) of a string array, buffers as
    (address, size); the caller keeps ``arr`` alive for the kernel's call."""
    if pa.types.is_string(arr.type):
        large = False
    elif pa.types.is_large_string(arr.type):
        large = True
    else:
        raise TypeError(f"expected a string or large_string array, got {arr.type}")
    validity, offsets, data = arr.buffers()
    addr = lambda b: None if b is None else (b.address, b.size)  # noqa: E731
    none = (0, 0)
    return (
        addr(validity) if arr.null_count else None,
        addr(offsets) or none,
        addr(data) or none,
        arr.offset,
        len(arr),
        large,
    )


def _string_array(out) -> pa.Array:
    validity, offsets, data, nulls, large = out
    typ = pa.large_string() if large else pa.string()
    n = len(offsets) // (8 if large else 4) - 1
    bufs = [None if validity is None else pa.py_buffer(validity), pa.py_buffer(offsets), pa.py_buffer(data)]
    return pa.Array.from_buffers(typ, n, bufs, null_count=nulls)


def _chunked(f, arr: ArrayLike, *rest):
    if isinstance(arr, pa.ChunkedArray):
        chunks = [f(c, *rest) for c in arr.chunks]
        return pa.chunked_array(chunks, type=chunks[0].type if chunks else pa.string())
    return f(arr, *rest)


def _parse(arr: pa.Array) -> pa.StructArray:
    valid, cols = _urilex.parse_batch(_args(arr))
    strings = [_string_array(c) for c in cols]
    n = len(arr)
    valid_arr = pa.Array.from_buffers(pa.bool_(), n, [None, pa.py_buffer(valid)])
    fields = ["valid", "error", *COMPONENTS]
    mask = arr.is_null() if arr.null_count else None
    return pa.StructArray.from_arrays([valid_arr, *strings], names=fields, mask=mask)


def parse(arr: ArrayLike) -> pa.StructArray:
    """Parses each URI reference: a struct with ``valid`` (bool), ``error`` (the message, null
    when valid) and the components ``scheme, userinfo, host, port, path, query, fragment``
    (null when absent, "" when present but empty). A null input gives a null struct."""
    return _chunked(_parse, arr)


def normalize(arr: ArrayLike) -> pa.Array:
    """RFC 3986 §6.2.2 normal form of each reference; null for null or invalid inputs."""
    return _chunked(lambda a: _string_array(_urilex.normalize_batch(_args(a))), arr)


def host(arr: ArrayLike) -> pa.Array:
    """The host of each reference (IP-literals keep their brackets); null when absent,
    invalid or null."""
    return _chunked(lambda a: _string_array(_urilex.host_batch(_args(a))), arr)


def resolve(bases: Union[str, ArrayLike], refs: ArrayLike) -> pa.Array:
    """Resolves ``refs`` against ``bases`` (RFC 3986 §5.2, strict): ``bases`` is one base
    string (prepared once) or an array of the same length as ``refs``. Null when either side
    is null or invalid, or the base has no scheme."""
    if isinstance(bases, str):
        return _chunked(lambda r: _string_array(_urilex.resolve_scalar_batch(bases, _args(r))), refs)
    if isinstance(bases, pa.ChunkedArray):
        bases = bases.combine_chunks()
    if isinstance(refs, pa.ChunkedArray):
        refs = refs.combine_chunks()
    if len(bases) != len(refs):
        raise ValueError("bases and refs must have the same length")
    return _string_array(_urilex.resolve_batch(_args(bases), _args(refs)))


__all__ = ["parse", "normalize", "host", "resolve"]
