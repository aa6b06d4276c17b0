from typing import Optional

class ParseError(ValueError):
    """An invalid URI reference: ``index`` is the byte offset of the first offending byte,
    ``kind`` the error kind in snake_case (``invalid_char``, ``invalid_port``, ...)."""

    index: int
    kind: str

class Uri:
    """A parsed URI reference (RFC 3986): components as attributes, None when the delimiter
    is absent, "" when present but empty. ``str()`` is the text; ``repr()`` hides a password."""

    scheme: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    port: Optional[str]
    path: str
    query: Optional[str]
    fragment: Optional[str]
    @property
    def port_int(self) -> Optional[int]:
        """The port as a number: None when absent, empty, or above 65535."""
    @property
    def authority(self) -> Optional[str]:
        """``userinfo@host:port`` without its ``//``; None without an authority."""
    @property
    def port_or_default(self) -> Optional[int]:
        """The explicit port, else the scheme's default (http 80, https 443, ...)."""
    @property
    def is_relative(self) -> bool:
        """Whether the reference has no scheme (RFC 3986 section 4.2)."""
    def query_pairs(self) -> list[tuple[str, str]]:
        """The query's pairs decoded as form data (``+`` is a space), in order."""
    def normalized(self, scheme_based: bool = False) -> str:
        """The normal form (RFC 3986 section 6.2.2; with scheme_based, also 6.2.3)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

def parse(s: str) -> Uri:
    """Parses a URI reference; raises ParseError for an invalid one."""

def is_valid(s: str) -> bool:
    """Whether ``s`` is a URI reference; never raises."""

def resolve(base: str, ref: str) -> str:
    """Resolves ``ref`` against ``base`` (RFC 3986 section 5.2). Either may be an IRI: the
    target is then its URI (non-ASCII as percent-encoded UTF-8, the host as its A-label)."""

def normalize(s: str, scheme_based: bool = False) -> str:
    """The normal form (RFC 3986 section 6.2.2; with scheme_based, also 6.2.3)."""

def iri_to_uri(s: str, idna: bool = False) -> str:
    """The URI of an IRI (RFC 3987 section 3.1); with idna, the host as its A-label."""

def query_pairs(query: str) -> list[tuple[str, str]]:
    """A query's ``name=value`` pairs decoded as form data, in order."""

def surt(
    url: str,
    *,
    include_scheme: bool = False,
    trailing_comma: bool = False,
    host_massage: bool = True,
    reverse_ipaddr: bool = True,
    canonicalizer: str = "ia",
) -> str:
    """The SURT of ``url``, as the ``surt`` package computes it; raises ParseError where it
    raises."""

def safe_browsing(url: str) -> str:
    """Google Safe Browsing's canonical form of ``url``; raises ParseError without a host."""

def registrable_domain(host: str) -> Optional[str]:
    """The registrable domain of ``host`` by the Public Suffix List, or None."""

def public_suffix(host: str) -> Optional[str]:
    """The public suffix of ``host`` by the Public Suffix List, or None."""
