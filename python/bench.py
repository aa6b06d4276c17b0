"""Throughput of urilex.arrow against per-row Python loops (not a test).

    python python/bench.py        # from the repository root's parent layout: ../shared beside it

Resolution over the Common Crawl (page, link) pairs: urilex.arrow.resolve (one call per
batch) vs ada_url.join_url and urllib.parse.urljoin in a Python loop; then
urilex.arrow.parse in MB/s over the concatenated corpora; then the crawler keys:
urilex.arrow.surt against the Internet Archive's ``surt`` package in a Python loop, and
urilex.arrow.registrable_domain against ``tldextract`` (its bundled list, no download) in a
loop. One core (the kernels are single-threaded).
"""

import csv
import os
import sys
import time
import urllib.parse
from pathlib import Path

import pyarrow as pa

# Run as a script, python/ would be first on sys.path and its urilex/ (without the built
# extension) would shadow the installed package.
sys.path = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
import urilex.arrow  # noqa: E402

SHARED = Path(__file__).resolve().parents[1].parent / "shared"


def best(f, repeat=5):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    with (SHARED / "corpora" / "commoncrawl_relative_10k.csv").open(encoding="utf-8", newline="") as f:
        pairs = [row for row in csv.reader(f) if len(row) == 2][1:]
    bases, refs = [p[0] for p in pairs], [p[1] for p in pairs]
    n = len(pairs)
    ab, ar = pa.array(bases), pa.array(refs)
    results = {"urilex.arrow.resolve": best(lambda: urilex.arrow.resolve(ab, ar))}
    try:
        import ada_url

        def ada_loop():
            for b, r in zip(bases, refs):
                try:
                    ada_url.join_url(b, r)
                except ValueError:
                    pass

        results["ada_url.join_url loop"] = best(ada_loop)
    except ImportError:
        print("ada_url not installed (pip install ada-url): skipped", file=sys.stderr)
    results["urllib.parse.urljoin loop"] = best(lambda: [urllib.parse.urljoin(b, r) for b, r in zip(bases, refs)])
    ours = results["urilex.arrow.resolve"]
    print(f"resolve, {n} Common Crawl (page, link) pairs, best of 5:")
    for name, t in results.items():
        print(f"  {name:28} {t * 1e3:8.2f} ms  {n / t / 1e6:7.2f} M pairs/s  {t / ours:6.1f}x urilex")

    lines = []
    for name in ("ada_kasztp.txt", "ada_node_files.txt", "ada_isaacs_files.txt",
                 "apache_referers.txt", "apache_request_targets.txt"):
        lines += (SHARED / "corpora" / name).read_text(encoding="utf-8").splitlines()
    arr = pa.array(lines)
    mb = arr.buffers()[2].size / 1e6
    t = best(lambda: urilex.arrow.parse(arr))
    tn = best(lambda: urilex.arrow.normalize(arr))
    th = best(lambda: urilex.arrow.host(arr))
    print(f"{len(lines)} lines of 5 corpora ({mb:.1f} MB), best of 5:")
    print(f"  urilex.arrow.parse     {t * 1e3:8.2f} ms  {mb / t:7.1f} MB/s")
    print(f"  urilex.arrow.normalize {tn * 1e3:8.2f} ms  {mb / tn:7.1f} MB/s")
    print(f"  urilex.arrow.host      {th * 1e3:8.2f} ms  {mb / th:7.1f} MB/s")
    keys(lines[:20_000] + refs[:10_000])
    # Wall times on a shared machine: say how loaded it was.
    print("load average (1, 5, 15 min): %.2f %.2f %.2f on %d cores" % (*os.getloadavg(), os.cpu_count()))


def keys(urls):
    """The crawler keys: urilex's kernels against the references in a loop."""
    arr = pa.array(urls)
    n = len(urls)
    results = {}
    try:
        import surt

        def surt_loop():
            for u in urls:
                try:
                    surt.surt(u)
                except Exception:
                    pass

        results["surt"] = (best(lambda: urilex.arrow.surt(arr)), best(surt_loop, repeat=3), "surt.surt loop")
    except ImportError:
        print("surt not installed (pip install surt): skipped", file=sys.stderr)
    try:
        import tldextract

        extract = tldextract.TLDExtract(suffix_list_urls=(), cache_dir=None)

        def tld_loop():
            for u in urls:
                extract(u).top_domain_under_public_suffix

        results["registrable_domain"] = (
            best(lambda: urilex.arrow.registrable_domain(arr)),
            best(tld_loop, repeat=3),
            "tldextract loop",
        )
    except ImportError:
        print("tldextract not installed (pip install tldextract): skipped", file=sys.stderr)
    print(f"crawler keys, {n} URLs (corpus lines and Common Crawl links), best of 5 (loops 3):")
    for name, (ours, theirs, label) in results.items():
        print(f"  urilex.arrow.{name:18} {ours * 1e3:8.2f} ms  {n / ours / 1e6:6.2f} M/s")
        print(f"  {label:31} {theirs * 1e3:8.2f} ms  {n / theirs / 1e6:6.2f} M/s  {theirs / ours:6.1f}x slower")


if __name__ == "__main__":
    main()
