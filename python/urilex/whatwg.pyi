from typing import List, Optional, Tuple

class Url:
    """A URL by the URL Standard: the URL API's getters as attributes, each a string ("" when
    empty). ``str()`` is the href; ``repr()`` hides a password."""

    href: str
    origin: str
    protocol: str
    username: str
    password: str
    host: str
    hostname: str
    port: str
    pathname: str
    search: str
    hash: str
    def search_params(self) -> List[Tuple[str, str]]:
        """The query's form-urlencoded pairs, decoded."""
    def join(self, input: str) -> "Url":
        """Parses ``input`` against this URL as the base."""

def parse(input: str, base: Optional[str] = None) -> Url: ...
def can_parse(input: str, base: Optional[str] = None) -> bool: ...
