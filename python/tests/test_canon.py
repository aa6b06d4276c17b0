"""The crawler keys against their references, on every line of every corpus: SURT against the
Internet Archive's ``surt`` package (0.3.1), registrable domains against ``tldextract`` (its
bundled Public Suffix List snapshot, no download), through the scalar functions and the Arrow
kernels."""

import ipaddress
import json
import subprocess
from pathlib import Path

import pyarrow as pa
import pytest
import surt as surt_package
import surt.GoogleURLCanonicalizer
import tldextract

import urilex
import urilex.arrow
import urilex.whatwg

from conftest import REPO, SHARED

CORPORA = [
    "ada_kasztp.txt",
    "ada_isaacs_files.txt",
    "ada_node_files.txt",
    "apache_referers.txt",
    "apache_request_targets.txt",
    "wpt_urltestdata_inputs.txt",
]


def corpus_lines():
    """Every line of the corpora, and both URLs of each Common Crawl (page, link) pair, as
    text (lines that are not UTF-8 aside: the keys take strings)."""
    lines = []
    for name in CORPORA:
        raw = (SHARED / "corpora" / name).read_bytes().split(b"\n")
        lines += [l.decode("utf-8") for l in raw if _utf8(l) and b"\r" not in l]
    for row in (SHARED / "corpora" / "commoncrawl_relative_10k.csv").read_text().splitlines():
        lines += row.split(",")
    return lines


def _utf8(b):
    try:
        b.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def reference_surt(url, **options):
    try:
        return surt_package.surt(url, **options)
    except Exception:
        return None


@pytest.fixture(scope="module")
def lines():
    ls = corpus_lines()
    assert len(ls) > 100_000
    return ls


def test_surt_equals_the_package_on_every_corpus_line(lines):
    ours = urilex.arrow.surt(pa.array(lines)).to_pylist()
    differ = [(l, o, reference_surt(l)) for l, o in zip(lines, ours) if o != reference_surt(l)]
    assert differ == []
    # The scalar function gives what the kernel gives, and raises where the package raises.
    for line, key in zip(lines[:20_000], ours):
        if key is None:
            with pytest.raises(urilex.ParseError):
                urilex.surt(line)
        else:
            assert urilex.surt(line) == key


@pytest.mark.parametrize(
    "options",
    [
        {"include_scheme": True},
        {"trailing_comma": True},
        {"host_massage": False},
        {"reverse_ipaddr": False},
        {"canonicalizer": "google"},
        {"canonicalizer": "none", "include_scheme": True},
    ],
)
def test_surt_options_are_the_packages(lines, options):
    theirs = dict(options)
    if "include_scheme" in theirs:
        theirs["with_scheme"] = theirs.pop("include_scheme")
    if theirs.get("canonicalizer") == "google":
        theirs["canonicalizer"] = surt.GoogleURLCanonicalizer.canonicalize
    elif theirs.get("canonicalizer") == "none":
        theirs["canonicalizer"] = lambda url, **_: url
    sample = lines[::7]
    ours = urilex.arrow.surt(pa.array(sample), **options).to_pylist()
    for line, key in zip(sample, ours):
        assert key == reference_surt(line, **theirs), line


def test_surt_errors_and_nulls():
    with pytest.raises(urilex.ParseError) as e:
        urilex.surt("http://example.com:99999/")
    assert (e.value.kind, e.value.index) == ("invalid_port", 19)
    with pytest.raises(urilex.ParseError) as e:
        urilex.surt("http://example.com:x/")
    assert e.value.kind == "port_not_a_number"
    with pytest.raises(ValueError):
        urilex.surt("http://a/", canonicalizer="other")
    assert urilex.surt("") == "-"
    got = urilex.arrow.surt(pa.chunked_array([["http://a.org/", None], ["http://a:x/"]]))
    assert got.to_pylist() == ["org,a)/", None, None]
    assert urilex.arrow.surt(pa.array([], type=pa.large_string())).to_pylist() == []


def test_safe_browsing():
    assert urilex.safe_browsing("http://host/%25%32%35") == "http://host/%25"
    assert urilex.safe_browsing("www.google.com") == "http://www.google.com/"
    assert urilex.safe_browsing("http://0x7f.1/a/./b/../c") == "http://127.0.0.1/a/c"
    with pytest.raises(urilex.ParseError) as e:
        urilex.safe_browsing("http://.../")
    assert e.value.kind == "no_host"


def psl_rules():
    """The list urilex compiles in: the `psl` crate's rules file, from cargo's sources (so that
    tldextract reads the same list, not its own snapshot of another date)."""
    meta = subprocess.run(
        ["cargo", "metadata", "--format-version", "1", "--manifest-path", "python/Cargo.toml"],
        cwd=REPO,
        capture_output=True,
        check=True,
        text=True,
    ).stdout
    (psl,) = [p for p in json.loads(meta)["packages"] if p["name"] == "psl"]
    rules = Path(psl["manifest_path"]).parent / "data" / "rules.txt"
    assert rules.exists(), rules
    return rules


def test_registrable_domain_equals_tldextract_on_every_corpus_host(lines):
    extract = tldextract.TLDExtract(suffix_list_urls=(psl_rules().as_uri(),), cache_dir=None)
    hosts = set()
    for line in lines:
        try:
            url = urilex.whatwg.parse(line)
        except urilex.ParseError:
            continue
        if url.hostname:
            hosts.add(url.hostname)
    assert len(hosts) > 20_000
    for host in hosts:
        ours = urilex.registrable_domain(host)
        theirs = extract(host)
        if theirs.suffix:
            # tldextract keeps the host's case; the list's tests want it lowercased.
            assert ours == (theirs.top_domain_under_public_suffix.lower() or None), host
            assert urilex.public_suffix(host) == theirs.suffix.lower(), host
        elif _is_ip(host):
            assert ours is None, host
        else:
            # An unlisted TLD: tldextract finds nothing; the list's rule "*" makes the last
            # label the suffix (none for an empty label, as the list's tests want).
            lower = host.translate(ASCII_LOWER)
            labels = lower[:-1].split(".") if lower.endswith(".") else lower.split(".")
            want = ".".join(labels[-2:]) if len(labels) > 1 and all(labels) else None
            assert ours == want, host


ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _is_ip(host):
    try:
        ipaddress.ip_address(host.strip("[]"))
        return True
    except ValueError:
        return False


def test_registrable_domain_kernel_is_that_of_the_browsers_host(lines):
    # The kernel's shortcut for plain hosts against the URL Standard's parser, every line.
    ours = urilex.arrow.registrable_domain(pa.array(lines)).to_pylist()
    for line, domain in zip(lines, ours):
        try:
            host = urilex.whatwg.parse(line).hostname
        except urilex.ParseError:
            host = None
        assert domain == (urilex.registrable_domain(host) if host else None), line


def test_registrable_domain_kernel_reads_hosts_as_browsers_do():
    urls = pa.array(
        ["https://www.Example.co.uk/a", "http://BÜCHER.de/", "http://127.0.0.1/", "a b", None]
    )
    assert urilex.arrow.registrable_domain(urls).to_pylist() == [
        "example.co.uk",
        "xn--bcher-kva.de",
        None,
        None,
        None,
    ]
    assert urilex.registrable_domain("co.uk") is None
    assert urilex.public_suffix("user.github.io") == "github.io"
