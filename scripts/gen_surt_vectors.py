#!/usr/bin/env python3
"""Writes tests/fixtures/canon/surt.jsonl: inputs and the keys the Internet Archive's `surt`
package gives them, so that `cargo test` checks urilex::canon against the reference without
Python. Each line: {"input", "options", "surt"} (`surt` null where the package raises).

    target/py-venv/bin/pip install surt==0.3.1
    target/py-venv/bin/python scripts/gen_surt_vectors.py

The inputs: hand-picked corner cases, then strings drawn (seeded) from pieces that exercise
each step of the reference (schemes, hosts, ports, dot segments, escapes, session ids).
"""
import json
import random

import surt
import surt.GoogleURLCanonicalizer

CHOSEN = [
    "http://www.archive.org/goo/?a=2&b&a=1",
    "http://archive.org/goo/",
    "http://archive.org/goo/?",
    "http://archive.org/goo/?b&a",
    "http://archive.org/goo/?a=2&b&a=1",
    "http://archive.org/index.html#frag",
    "https://www.example.com:443/A/B/?Q=1#top",
    "http://www.example.com:80/",
    "http://www.example.com:8080/",
    "http://user:pass@www.example.com/",
    "http://www2.example.com/",
    "http://www12.example.com/",
    "http://wwwexample.com/",
    "http://3279880203/blah",
    "http://010.1.1.1/",
    "http://1.2.3/",
    "http://1.2.3.999/",
    "http://[::1]:8080/",
    "http://[FE80::1%25ETH0]/",
    "http://example.com:/",
    "http://example.com::/",
    "http:////////////////www.vikings.com",
    "http://https://order.1and1.com",
    "http://https/order.1and1.com",
    "https://http://https://x/",
    "archive.org",
    "archive.org/index.html",
    "//archive.org/",
    "mailto:foo@example.com",
    "dns:archive.org",
    "filedesc:foo.arc.gz",
    "warcinfo:foo.warc.gz",
    "  http://www.example.com/  ",
    "http://www.example.com/foo\tbar\rbaz",
    "http://www.example.com/%2525252525252525",
    "http://www.example.com/a/./b/../c//d/",
    "http://www.example.com/..",
    "http://ex%41mple.com/",
    "http://www.example.com...../",
    "http://a..b...c..../",
    "http://www.example.com/?JSESSIONID=0123456789abcdef0123456789ABCDEF&x=1",
    "http://www.example.com/?a=1&phpsessid=0123456789abcdef0123456789ABCDEF",
    "http://www.example.com/?cfid=123&cftoken=456&z=1",
    "http://www.example.com/?ASPSESSIONIDabcdefgh=abcdefghijklmnopqrstuvwx",
    "http://www.example.com/x/(abcdefghijklmnopqrstuvwx)/page.aspx",
    "http://www.example.com/x/(s(abcdefghijklmnopqrstuvwx))/page.aspx?a=1",
    "http://faß.example/",
    "http://食狮.公司.cn/",
    "http://xn--85x722f.com.cn/",
    "http://example.com/é?ü#ö",
    "http://example.com/a b|c{d}",
    "http://example.com:65536/",
    "http://example.com:port/",
    "",
    "-",
    " ",
]

PIECES = ["http://", "https://", "HTTP://", "ftp://", "dns:", "//", "/", "?", "#", "&", "=",
          "%", "%25", "%2e", "%2E", "%41", "%zz", "%3F", "%2F", "%23", "..", ".", "www.",
          "www2.", "WWW.", ":", ":80", ":443", ":0", ":65536", "@", "user:pw@", "[", "]",
          "[::1]", "a", "B", "1", "0", "9", "255", "256", "0x7f", "010", "jsessionid=",
          "0123456789abcdef0123456789abcdef", "sid=", "cfid=1&cftoken=2", "(",
          "(a(abcdefghijklmnopqrstuvwx))/", "(abcdefghijklmnopqrstuvwx)/", "x.aspx", " ",
          "\t", "\\", "|", "é", "ß", "食狮", ".com", ".co.uk", "example", "filedesc", "-",
          "+", "~", "\x0b", "\x0c", "\x01", "\x7f"]

OPTIONS = [
    {},
    {"with_scheme": True},
    {"trailing_comma": True},
    {"host_massage": False},
    {"reverse_ipaddr": False},
    {"with_scheme": True, "trailing_comma": True, "reverse_ipaddr": False},
    {"canonicalizer": "google"},
    {"canonicalizer": "none", "with_scheme": True},
]

CANONICALIZERS = {
    "google": surt.GoogleURLCanonicalizer.canonicalize,
    "none": lambda url, **_: url,
}


def key(url, options):
    options = dict(options)
    if "canonicalizer" in options:
        options["canonicalizer"] = CANONICALIZERS[options["canonicalizer"]]
    try:
        return surt.surt(url, **options)
    except Exception:
        return None


def main():
    rng = random.Random(2026)
    inputs = list(CHOSEN)
    while len(inputs) < 3000:
        s = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 9)))
        if "\n" not in s and "\r" not in s:
            inputs.append(s)
    with open("tests/fixtures/canon/surt.jsonl", "w", encoding="utf-8") as out:
        for i, url in enumerate(inputs):
            options = OPTIONS[i % len(OPTIONS)] if i >= len(CHOSEN) else {}
            rec = {"input": url, "options": options, "surt": key(url, options)}
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        # The chosen ones under every option set, too.
        for url in CHOSEN:
            for options in OPTIONS[1:]:
                rec = {"input": url, "options": options, "surt": key(url, options)}
                out.write(json.dumps(rec, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
