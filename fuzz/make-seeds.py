#!/usr/bin/env python3
"""Writes fuzz/seeds/<target>/ from ../shared/conformance and ../shared/corpora.

Deterministic (every k-th record, short inputs only), so a re-run gives the same files.
Run from the repository root: python3 fuzz/make-seeds.py
"""
import hashlib, json, os, shutil

SHARED = os.path.join(os.path.dirname(__file__), "..", "..", "shared")
OUT = os.path.join(os.path.dirname(__file__), "seeds")


def records(name):
    with open(os.path.join(SHARED, "conformance", name), encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def lines(name):
    with open(os.path.join(SHARED, "corpora", name), "rb") as f:
        return f.read().split(b"\n")


def pick(items, n, maxlen=120):
    """n items spread evenly over the short ones, without duplicates."""
    items = [i for i in dict.fromkeys(items) if 0 < len(i) <= maxlen]
    step = max(1, len(items) // n)
    return items[::step][:n]


def write(target, blobs):
    d = os.path.join(OUT, target)
    os.makedirs(d, exist_ok=True)
    for b in blobs:
        if isinstance(b, str):
            b = b.encode()
        with open(os.path.join(d, hashlib.sha1(b).hexdigest()[:16]), "wb") as f:
            f.write(b)


shutil.rmtree(OUT, ignore_errors=True)
parse = [r["input"] for r in records("parse.jsonl")]
whatwg = [r["input"] for r in records("whatwg.jsonl")]
corpus = [l.decode("utf-8", "replace") for n in
          ["ada_kasztp.txt", "apache_referers.txt", "apache_request_targets.txt"]
          for l in lines(n)[:2000]]
uris = pick(parse, 50) + pick(whatwg, 20) + pick(corpus, 10)
write("parse", uris + [b"http://h/\xff", b"//u:p@h/\x80?", b"[\xc3("])
res = [r for r in records("resolve.jsonl") if "spec" not in r]
# differential: a base, NUL, a reference (a lone string is compared with itself)
write("differential", pick(parse, 30) + pick(whatwg, 10)
      + pick([r["base"] + "\0" + r["ref"] for r in res], 30, maxlen=160))
norm = [r["input"] for r in records("normalize.jsonl") if "input" in r]
pairs = [r["a"] + "\0" + r["b"] for r in records("normalize.jsonl") if r.get("op") == "equivalent"]
write("normalize", pick(norm, 30) + pick(pairs, 15))
write("pct", ["caf%C3%A9", "a b/c?d#e", "%", "%2", "%zz", "100%", "\u00e9\u4e2d", "+&=;",
              "[::1]", "user:pa@ss", "\x00\x01\x7f"] + [b"\xff\xfe%41"])
# uribuf: start URI, NUL, then NUL-separated edits (opcode byte % 14, value); see invariants.rs.
ops = [b"\x00example.com", b"\x04example.com", b"\x06" + b"8080", b"\x09/a/b", b"\x0aq=1",
       b"\x0cfrag", b"\x02user:pw", b"\x05", b"\x01", b"\x09a:b", b"\x04[::1]", b"\x08"]
starts = [b"http://h/p?q#f", b"/p", b"a:b", b"", b"//x//y", b"urn:a:b", b"ftp://u@h:21/"]
write("uribuf", [s + b"\0" + b"\0".join(ops[i:] + ops[:i]) for i, s in enumerate(starts)]
      + [s + b"\0" + o for s in starts[:3] for o in ops])
write("resolve", pick([r["base"] + "\0" + r["ref"] for r in res], 40))
write("extract", ["see http://example.com/a?b.", "<a href=\"/x?y\">x</a> (https://h/p)",
                  "mailto:a@b.c, urn:isbn:0451450523; <http://[::1]:8/>", "http://",
                  "text http://a/\u00e9 more", "&lt;http://a/b&amp;c&gt;", "\"http://a/\"",
                  "ftp://f/ http://g/ https://h/"] + pick(corpus, 10))
# Queries of form data (this repository's benches/data/query_forms.txt), long enough for
# the 32-byte blocks of src/kernels/avx2.rs, some with a fragment after a NUL, and edge cases.
with open(os.path.join(os.path.dirname(__file__), "..", "benches", "data", "query_forms.txt"), "rb") as f:
    forms = [l.split(b"?", 1)[1] for l in f.read().split(b"\n") if b"?" in l]
write("form_data", forms[::500] + [forms[1] + b"\0" + forms[2][:40], b"a=%4", b"%41%4" * 9,
      b"q=" + b"x" * 29 + b"%4", b"[]" * 20, b"a=b&c=d" * 6 + b"\0frag%2", b"\x7f" + b"a" * 40])
write("rfc2396", ["mailto:a@b?subject=x", "http://a:b@c:d/", "http://u@h:-1/", "foo:?q", "x:",
                  "http://[::FFFF:129.144.52.38]:80/index.html", "ftp://u;t=a@1.2.3.4:21/a;p/b;q=1",
                  "http://999.1.1.1./", "g;x=1/../y", "?y", "#s", "http://h/{x}", "//a@b@c/",
                  "news:comp.infosystems.www.servers.unix", "http://[v7.x]/", "s:/a?b[1]#c]"]
      + pick(corpus, 10))
