"""urilex: fast, exact RFC 3986 URI references (a Rust core).

>>> import urilex
>>> u = urilex.parse("https://user@[::1]:8443/a/b?q=1#top")
>>> (u.scheme, u.userinfo, u.host, u.port, u.path, u.query, u.fragment)
('https', 'user', '[::1]', '8443', '/a/b', 'q=1', 'top')
>>> urilex.parse("../x?").query, urilex.parse("../x?").fragment   # empty vs absent
('', None)
>>> urilex.resolve("http://a/b/c/d;p?q", "../g?y#s")
'http://a/b/g?y#s'
>>> urilex.normalize("eXAMPLE://a/./b/../b/%63/%7bfoo%7d")
'example://a/b/c/%7Bfoo%7D'
>>> urilex.iri_to_uri("http://a/パス")
'http://a/%E3%83%91%E3%82%B9'
>>> urilex.resolve("https://es.wikipedia.org/wiki/Animal", "/wiki/Ñandú")   # IRIs too
'https://es.wikipedia.org/wiki/%C3%91and%C3%BA'
>>> urilex.normalize("HTTP://Example.COM:80", scheme_based=True)
'http://example.com/'
>>> u = urilex.parse("https://user:pw@h:8443/s?q=rust+uri&x=%C3%A9")
>>> u.port_int, u.query_pairs()
(8443, [('q', 'rust uri'), ('x', 'é')])
>>> u                                           # repr() never shows a password
urilex.Uri('https://user:***@h:8443/s?q=rust+uri&x=%C3%A9')
>>> try:
...     urilex.parse("http://example.com/a?b|c")
... except urilex.ParseError as e:
...     (e.kind, e.index, str(e))
('invalid_char', 22, "invalid character '|' at byte 22 in query")

The keys crawlers and web archives file URLs under: the SURT of a URL (as the Internet
Archive's ``surt`` package gives it), Google Safe Browsing's canonical form, and a host's
registrable domain and public suffix by the Public Suffix List:

>>> urilex.surt("http://www.archive.org/goo/?a=2&b&a=1")
'org,archive)/goo?a=1&a=2&b'
>>> urilex.surt("http://www.archive.org/", include_scheme=True, trailing_comma=True)
'http://(org,archive,)/'
>>> urilex.safe_browsing("http://3279880203/a/../b#frag")
'http://195.127.0.11/b'
>>> urilex.registrable_domain("www.example.co.uk"), urilex.public_suffix("www.example.co.uk")
('example.co.uk', 'co.uk')

Batch kernels over pyarrow arrays are in :mod:`urilex.arrow` (``pip install 'urilex[arrow]'``
brings pyarrow).
"""

from ._urilex import (
    ParseError,
    Uri,
    iri_to_uri,
    is_valid,
    normalize,
    parse,
    public_suffix,
    query_pairs,
    registrable_domain,
    resolve,
    safe_browsing,
    surt,
)

__all__ = [
    "ParseError",
    "Uri",
    "parse",
    "is_valid",
    "resolve",
    "normalize",
    "iri_to_uri",
    "query_pairs",
    "surt",
    "safe_browsing",
    "registrable_domain",
    "public_suffix",
]

# Docstrings for the functions the extension defines (kept here, beside the examples).
ParseError.__doc__ = """An invalid URI reference (a ValueError).

``index`` is the byte offset of the first offending byte, ``kind`` the error kind in
snake_case (``invalid_char``, ``invalid_percent_encoding``, ``colon_in_first_segment``,
``invalid_scheme``, ``invalid_port``, ``invalid_ipv6``, ``unexpected_end``, ...), and the
message is the Rust ``Display``."""

