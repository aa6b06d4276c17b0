"""URLs as the URL Standard (WHATWG) parses them: what browsers, and so crawlers, make of an
``href``. Backslashes are slashes in special URLs, tabs and newlines are dropped, a space
becomes ``%20``, ``0x7f.1`` is ``127.0.0.1`` and an internationalized host its A-label.

>>> import urilex.whatwg
>>> u = urilex.whatwg.parse("HTTP://EXAMPLE.com\\\\a b/../c?q=1 2#f")
>>> (u.href, u.hostname, u.pathname, u.search, u.hash)
('http://example.com/c?q=1%202#f', 'example.com', '/c', '?q=1%202', '#f')
>>> urilex.whatwg.parse("../img/a.png", base="https://h/p/q/r.html").href
'https://h/p/img/a.png'
>>> urilex.whatwg.parse("http://0x7f.1/").host
'127.0.0.1'
>>> urilex.whatwg.can_parse("http://a b/")
False
>>> try:
...     urilex.whatwg.parse("https://ex ample.com/")
... except urilex.ParseError as e:
...     e.kind
'domain-invalid-code-point'
"""

from __future__ import annotations

from typing import Optional

from ._urilex import Url, whatwg_can_parse as _can_parse, whatwg_parse as _parse


def parse(input: str, base: Optional[str] = None) -> Url:
    """Parses ``input`` (against ``base``, if given) by the URL Standard's basic URL parser.

    Raises :class:`urilex.ParseError` (``kind`` is the standard's name of the validation
    error that ended the parse) when it is no URL, or the base is none.

    >>> parse("/a?b", base="https://h/x").href
    'https://h/a?b'
    """
    return _parse(input, base)


def can_parse(input: str, base: Optional[str] = None) -> bool:
    """Whether ``input`` (against ``base``) parses: the URL API's ``URL.canParse``.

    >>> can_parse("/a", base="https://h/"), can_parse("/a")
    (True, False)
    """
    return _can_parse(input, base)


__all__ = ["Url", "parse", "can_parse"]
