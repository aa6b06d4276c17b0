#!/usr/bin/env python3
"""Writes benches/data/query_forms.txt: 5,000 URLs with long form-data queries, the shapes a
crawler meets on search result pages, submitted GET forms, tracking links and API calls:
`key=value` pairs joined by `&`, values form-encoded (`+` for a space, `%HH` for the rest, as
HTML forms send them), array keys (`filter%5Bcolor%5D`), e-mail addresses, tokens with `-` and
`_`, timestamps with `:`, and `;`, `,`, `~`, `@`, `!`, `*` where real queries have them. Most
bytes of a query here are outside the letters, digits and `-./` that a simple run skip takes
sixteen at a time (issue 18). Deterministic: a fixed seed, so a re-run gives the same file.
Run from the repository root."""
import random
import string
from urllib.parse import quote, quote_plus

rng = random.Random(9112)
hosts = ["www.example.com", "shop.example.co.uk", "search.example.org", "api.example.net",
         "www.google.com", "www.bing.com", "duckduckgo.com", "www.amazon.de", "forms.example.edu",
         "tracker.example.io", "m.example.jp", "news.example.fr"]
paths = ["/search", "/s", "/results", "/index.php", "/cgi-bin/query.cgi", "/api/v2/items",
         "/catalog/list", "/forms/submit", "/r", "/click", "/watch", "/en-us/find", "/"]
words = ["red", "blue", "shoes", "running shoes", "café au lait", "naïve", "C++ tutorial",
         "what is a URI?", "50% off", "a&b", "rock'n'roll", "1+1=2", "price<100", "#hashtag",
         "new york", "über", "tokyo 東京", "e-mail", "pro_tips", "size: 42", "\"quoted\"",
         "weather", "2024-11-25", "hello world", "foo/bar", "x=y", "~user", "100 items"]
keys = ["q", "query", "search_term", "utm_source", "utm_medium", "utm_campaign", "utm_content",
        "session_id", "sid", "page", "per_page", "sort", "order_by", "lang", "hl", "gl",
        "client", "ref", "fbclid", "gclid", "redirect_uri", "return_to", "email", "user[name]",
        "filter[color]", "filter[size][]", "ids[]", "ts", "callback", "fields", "format"]


def token(n):
    return "".join(rng.choice(string.ascii_letters + string.digits + "-_") for _ in range(n))


def value(key):
    r = rng.random()
    if key.startswith("utm_") or key in ("ref", "client", "format", "sort", "order_by"):
        return rng.choice(["newsletter", "cpc", "email_2024", "summer-sale", "asc", "desc",
                           "json", "firefox-b-d", "relevance", "price_asc", "twitter.com"])
    if key in ("session_id", "sid", "fbclid", "gclid"):
        return token(rng.randint(16, 48))
    if key in ("page", "per_page", "ids[]"):
        return str(rng.randint(1, 500))
    if key == "ts":
        return quote_plus(f"2024-{rng.randint(1, 12):02}-{rng.randint(1, 28):02}T"
                          f"{rng.randint(0, 23):02}:{rng.randint(0, 59):02}:00Z", safe=":")
    if key == "email":
        return quote_plus(f"{token(rng.randint(4, 10)).lower()}@example.com")
    if key in ("redirect_uri", "return_to", "callback"):
        inner = f"https://{rng.choice(hosts)}{rng.choice(paths)}?{pair()}&{pair()}"
        return quote(inner, safe="") if r < 0.7 else quote(inner, safe=":/")
    if key == "fields":
        return ",".join(rng.sample(["id", "name", "price", "stock", "tags", "url"], 3))
    n = rng.randint(1, 3)
    text = " ".join(rng.choice(words) for _ in range(n))
    return quote_plus(text, safe="~!*'();:@,") if r < 0.8 else quote(text, safe="~!*'();:@,")


def pair():
    key = rng.choice(keys)
    return f"{quote_plus(key, safe='')}={value(key)}"


def url():
    n = rng.randint(3, 14)
    query = "&".join(pair() for _ in range(n))
    if rng.random() < 0.1:
        query = query.replace("&", ";", rng.randint(1, 2))
    tail = f"#{rng.choice(['results', 'top', 'page=2', 'section-3'])}" if rng.random() < 0.15 else ""
    return f"{rng.choice(['https', 'https', 'http'])}://{rng.choice(hosts)}{rng.choice(paths)}?{query}{tail}"


with open("benches/data/query_forms.txt", "w", encoding="ascii") as f:
    for _ in range(5000):
        f.write(url() + "\n")
