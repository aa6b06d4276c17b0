from typing import Optional

class ParseError(ValueError):
    index: int
    kind: str

class Uri:
    scheme: Optional[str]
    userinfo: Optional[str]
    host: Optional[str]
    port: Optional[str]
    path: str
    query: Optional[str]
    fragment: Optional[str]

def parse(s: str) -> Uri: ...
def is_valid(s: str) -> bool: ...
def resolve(base: str, ref: str) -> str: ...
def normalize(s: str) -> str: ...
def iri_to_uri(s: str) -> str: ...
