#!/usr/bin/env python3
"""Render bench-results/ from one run of scripts/bench.sh (python3 standard library only).

Inputs (all under target/):
  urilex-bench/accepted.tsv                 accepted counts (written by benches/wall.rs)
  criterion/**/new/{benchmark,estimates}.json  wall time per whole-corpus iteration
  iai/**/summary.json                        instruction counts (iai-callgrind --save-summary)
  urilex-bench/floor_ratio.tsv              urilex against the floor, interleaved (benches/floor_ratio.rs)
Outputs:
  bench-results/README.md   tables + targets + how the figures were made
  bench-results/bench.svg   horizontal bar chart: ns/URL and instructions/URL per peer and corpus
"""

import glob
import json
import os
import platform
import re
import subprocess
import sys
from html import escape

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
TARGET = os.path.join(ROOT, "target")
OUT = os.path.join(ROOT, "bench-results")

OPS = ["parse", "host_path", "resolve", "resolve_per_pair", "normalize"]
OP_TITLES = {
    "parse": "Parse (validate + locate components), per URL",
    "host_path": "Parse + read host and path, per URL",
    "resolve": "Resolve into a reused buffer (base parsed beforehand), per pair",
    "resolve_per_pair": "Resolve into a reused buffer, the base parsed per pair (text in, text out; urilex: `UriRef::parse_uri` + `join_into`), per pair",
    "normalize": "Parse + normalize into a reused buffer, per URL",
}
PEER_ORDER = ["urilex", "urilex-each", "urilex-within", "urilex-general", "fluent-uri", "oxiri", "iri-string", "url", "http", "ada-url", "urilex-whatwg", "ada-url-can-parse", "urilex-whatwg-can-parse", "uriparse",
              "uriparser", "boost-url", "urilex-rfc2396", "urilex-target", "urilex-surt", "urilex-safe-browsing",
              "floor-sse2", "floor-avx2"]
PEER_NOTES = {
    "oxiri": "RFC 3987 IRIs (accepts non-ASCII); host_path reads the authority (no host accessor)",
    "url": "WHATWG URL Standard: absolute URLs only, parsing normalizes",
    "ada-url": "WHATWG URL Standard (C++); resolve re-parses the base string on each call",
    "http": "request-target grammar; copies the input into `Bytes`",
    "uriparser": "RFC 3986 (C, uriparser 0.9 from Debian, through benches/cpeers); parse reads the host",
    "boost-url": "RFC 3986 (C++, Boost.URL 1.81 parse_uri_reference, through benches/cpeers); parse reads the host",
    "urilex-each": "urilex's batch entry, UriRef::parse_each: the same parser, one loop for all the lines, the parser inlined in it",
    "urilex-within": "urilex's batch entry for inputs in one buffer, UriRef::parse_each_within: the lines as slices of the corpus file, each line's first 64 bytes read from the file whatever its length",
    "urilex-rfc2396": "urilex by the RFC 2396 grammar (java.net.URI's); host() runs its server rule",
    "urilex-target": "urilex's HTTP request-target parser (origin-form or absolute-form)",
    "urilex-whatwg": "urilex by the WHATWG URL Standard (urilex::whatwg): the same work as ada-url and url, an href built from each input",
    "ada-url-can-parse": "ada's can_parse: whether the URL Standard parses each input (no URL kept)",
    "urilex-whatwg-can-parse": "urilex::whatwg::can_parse, the same question (a URL in serialized form is answered without building its href)",
    "urilex-surt": "not a normal form but a crawler key: the SURT (urilex::canon::surt_into, the surt package's keys) of each line, beside urilex's normalize of the same lines",
    "urilex-safe-browsing": "not a normal form but a crawler key: Google Safe Browsing's canonical form (urilex::canon::safe_browsing) of each line",
    "floor-sse2": "not a parser: every byte classified 16 at a time (SSE2), the floor a one-pass parser approaches",
    "floor-avx2": "not a parser: the same, 32 bytes at a time where the CPU has AVX2 (urilex's form-data runs use AVX2 too)",
}


def die(msg):
    print("bench_report.py: " + msg, file=sys.stderr)
    sys.exit(1)


def read_accepted():
    path = os.path.join(TARGET, "urilex-bench", "accepted.tsv")
    if not os.path.exists(path):
        die(path + " missing: run scripts/bench.sh")
    rows = {}
    with open(path) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            rec = dict(zip(header, line.rstrip("\n").split("\t")))
            rows[(rec["op"], rec["corpus"], rec["peer"])] = {
                "accepted": int(rec["accepted"]),
                "total": int(rec["total"]),
                "bytes": int(rec["bytes"]),
            }
    return rows


def read_floor_ratio():
    """The interleaved measure of urilex against the floor: corpus -> side -> (ns, ratio to
    floor-sse2); empty if benches/floor_ratio.rs did not run."""
    path = os.path.join(TARGET, "urilex-bench", "floor_ratio.tsv")
    out = {}
    if not os.path.exists(path):
        return out
    with open(path) as f:
        f.readline()
        for line in f:
            corpus, side, ns, ratio = line.rstrip("\n").split("\t")
            out.setdefault(corpus, {})[side] = (float(ns), float(ratio))
    return out


FLOOR_LIMIT = 1.5
FLOOR_ENTRIES = ["urilex", "urilex-each", "urilex-within"]


def floor_section(floor):
    """Issue 18's wall-time target: each of urilex's entries at most 1.5x floor-sse2's time."""
    L = ["## urilex against the floor, interleaved", ""]
    L.append("`benches/floor_ratio.rs`, pinned to one core: per corpus, the floor's loops and urilex's three")
    L.append("entries run in turn, round after round (about 20 ms each, 0.1 s a round). ns a line: each side's")
    L.append("best round; the ratio: the median, over the third of the rounds where floor-sse2 ran fastest (the")
    L.append("quiet ones), of the side's time over floor-sse2's in the same round, so that a slow phase of the")
    L.append("shared machine, which slows the floor more than urilex, neither spoils nor flatters it.")
    L.append(f"The target is at most {FLOOR_LIMIT}x floor-sse2 for every entry on every corpus.")
    L.append("")
    L.append("| corpus | floor-sse2 | floor-avx2 | " + " | ".join(FLOOR_ENTRIES) + " | ≤ 1.5x |")
    L.append("|---|---:|---:|" + "---:|" * len(FLOOR_ENTRIES) + "---|")
    for corpus, sides in floor.items():
        cell = lambda side: (f"{sides[side][0]:.2f} ({sides[side][1]:.2f}x)" if side in sides else "–")
        met = all(sides[e][1] <= FLOOR_LIMIT for e in FLOOR_ENTRIES if e in sides)
        L.append(f"| {corpus} | {cell('floor-sse2')} | {cell('floor-avx2')} | "
                 + " | ".join(cell(e) for e in FLOOR_ENTRIES) + f" | {'met' if met else 'NOT met'} |")
    L.append("")
    return L


def read_criterion():
    """(op, corpus, peer) -> median ns per iteration (one iteration = the whole corpus)."""
    out = {}
    for bj in glob.glob(os.path.join(TARGET, "criterion", "**", "new", "benchmark.json"), recursive=True):
        with open(bj) as f:
            b = json.load(f)
        with open(os.path.join(os.path.dirname(bj), "estimates.json")) as f:
            e = json.load(f)
        out[(b["group_id"], b["value_str"], b["function_id"])] = e["median"]["point_estimate"]
    return out


def total_ir(summary, path):
    """The total `Ir` (instructions executed) of one iai-callgrind summary.json (schema v6)."""
    try:
        ir = summary["profiles"][0]["summaries"]["total"]["summary"]["Callgrind"]["Ir"]["metrics"]["Left"]
        return ir["Int"]
    except (KeyError, IndexError, TypeError):
        die("unexpected summary.json layout (iai-callgrind version changed?): " + path)


def read_iai():
    """(op, corpus, peer) -> instructions (Ir) for one pass over the corpus."""
    out = {}
    for sj in glob.glob(os.path.join(TARGET, "iai", "**", "summary.json"), recursive=True):
        with open(sj) as f:
            s = json.load(f)
        func = s.get("function_name")
        corpus = s.get("id")
        if not func or not corpus:
            continue
        op = next((o for o in sorted(OPS, key=len, reverse=True) if func.startswith(o + "_")), None)
        if op is None:
            continue
        peer = func[len(op) + 1:].replace("_", "-")
        out[(op, corpus, peer)] = total_ir(s, sj)
    return out


def sh(cmd):
    try:
        return subprocess.run(cmd, shell=True, cwd=ROOT, capture_output=True, text=True).stdout.strip()
    except OSError:
        return "?"


def machine():
    cpu = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    started_path = os.path.join(TARGET, "urilex-bench", "started")
    started = open(started_path).read().strip() if os.path.exists(started_path) else "?"
    versions = {}
    lock = open(os.path.join(ROOT, "Cargo.lock")).read()
    for name in ["fluent-uri", "oxiri", "iri-string", "url", "http", "ada-url", "uriparse", "criterion", "iai-callgrind"]:
        m = re.search(r'name = "%s"\nversion = "([^"]+)"' % re.escape(name), lock)
        versions[name] = m.group(1) if m else "?"
    return {
        "date": started,
        "cpu": cpu,
        "nproc": sh("nproc"),
        "os": platform.platform(),
        "loadavg": open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"],
        "rustc": sh("rustc -V"),
        "valgrind": sh("valgrind --version"),
        "commit": sh("git rev-parse --short HEAD") + (" (dirty)" if sh("git status --porcelain -- src benches build.rs tables Cargo.toml") else ""),
        "versions": versions,
    }


def fmt(x, digits=0):
    if x is None:
        return "–"
    return f"{x:,.{digits}f}"


def build_rows(accepted, wall, instr):
    rows = []
    for (op, corpus, peer), acc in accepted.items():
        n = acc["total"]
        ns = wall.get((op, corpus, peer))
        ir = instr.get((op, corpus, peer))
        rows.append({
            "op": op, "corpus": corpus, "peer": peer, "n": n, "bytes": acc["bytes"],
            "accepted": acc["accepted"],
            "ns_per": ns / n if ns is not None else None,
            "ir_per": ir / n if ir is not None else None,
            "ir_per_byte": ir / acc["bytes"] if ir is not None and acc["bytes"] else None,
            "mb_s": acc["bytes"] / ns * 1e3 if ns else None,
        })
    order = {p: i for i, p in enumerate(PEER_ORDER)}
    corpus_order = {}
    for r in rows:
        corpus_order.setdefault((r["op"], r["corpus"]), len(corpus_order))
    rows.sort(key=lambda r: (OPS.index(r["op"]), corpus_order[(r["op"], r["corpus"])], order.get(r["peer"], 99)))
    return rows


def get(rows, op, corpus, peer):
    return next((r for r in rows if (r["op"], r["corpus"], r["peer"]) == (op, corpus, peer)), None)


def targets(rows):
    """Issue 5 targets: urilex instructions/URL at most 1/4 of the named peer's, confirmed by the
    criterion ratio of the same run."""
    checks = [
        ("parse", "ada_kasztp", "fluent-uri", 0.25),
        ("parse", "ada_node_files", "fluent-uri", 0.25),
        ("resolve", "commoncrawl_relative_10k", "oxiri", 0.25),
        # Issue 18: the base parsed per pair.
        ("resolve_per_pair", "commoncrawl_relative_10k", "oxiri", 0.35),
        ("resolve_per_pair", "rfc3986_5_4", "oxiri", 0.35),
        ("normalize", "ada_kasztp", "fluent-uri", 0.25),
        ("normalize", "apache_referers", "fluent-uri", 0.25),
    ]
    out = []
    for op, corpus, peer, limit in checks:
        u, p = get(rows, op, corpus, "urilex"), get(rows, op, corpus, peer)
        if u is None or p is None or u["ir_per"] is None or p["ir_per"] is None:
            out.append((op, corpus, peer, limit, None, None, "not measured (urilex side missing)"))
            continue
        ir_ratio = u["ir_per"] / p["ir_per"]
        ns_ratio = u["ns_per"] / p["ns_per"] if u["ns_per"] and p["ns_per"] else None
        ok = ir_ratio <= limit
        out.append((op, corpus, peer, limit, ir_ratio, ns_ratio, "met" if ok else "NOT met"))
    return out


def markdown(rows, m, tgt, floor):
    L = []
    L.append("# urilex benchmark results")
    L.append("")
    L.append("Generated by `scripts/bench.sh` (do not edit by hand). One run, both harnesses:")
    L.append("wall time from criterion (`benches/wall.rs`, median of 10 samples, one sample = whole")
    L.append("corpus), instructions from callgrind via iai-callgrind (`benches/instructions.rs`, one")
    L.append("pass per corpus; input loading is not counted). Both run the same loops over the same inputs.")
    L.append("")
    L.append(f"- date (UTC): {m['date']}")
    L.append(f"- machine: {m['cpu']}, {m['nproc']} CPUs (shared, noisy: trust instruction counts first), {m['os']}")
    L.append(f"- load average (1/5/15 min) when the report was written: {' '.join(m['loadavg'])}"
             " (other jobs share the machine; wall times carry that noise, instruction counts do not)")
    L.append(f"- toolchain: {m['rustc']}; {m['valgrind']}; profile `bench` (LTO, 1 codegen unit)")
    L.append(f"- urilex commit: {m['commit']}")
    L.append("- peers: " + ", ".join(f"{k} {v}" for k, v in m["versions"].items()))
    L.append("- command: `scripts/bench.sh`")
    L.append("")
    L.append("![ns/URL and instructions/URL per peer and corpus](bench.svg)")
    L.append("")
    L.append("## Targets")
    L.append("")
    L.append("| operation | corpus | vs | urilex/peer instructions | urilex/peer wall time | target (instructions) | |")
    L.append("|---|---|---|---:|---:|---:|---|")
    for op, corpus, peer, limit, irr, nsr, verdict in tgt:
        L.append(f"| {op} | {corpus} | {peer} | {fmt(irr, 3)} | {fmt(nsr, 3)} | ≤ {limit} | {verdict} |")
    L.append("")
    if floor:
        L.extend(floor_section(floor))
    L.append("`accepted` is how many inputs the peer accepted: peers implement different grammars")
    L.append("(RFC 3986, RFC 3987, WHATWG, HTTP), so equal speed on different accepted sets is not")
    L.append("equal work. A rejected input costs only what the peer spent before rejecting it.")
    L.append("")
    for op in OPS:
        op_rows = [r for r in rows if r["op"] == op]
        if not op_rows:
            continue
        L.append(f"## {OP_TITLES[op]}")
        L.append("")
        unit = "pair" if op.startswith("resolve") else "URL"
        L.append(f"| corpus | peer | accepted | ns/{unit} | MB/s | instr/{unit} | instr/byte | instr vs urilex |")
        L.append("|---|---|---:|---:|---:|---:|---:|---:|")
        for r in op_rows:
            u = get(rows, op, r["corpus"], "urilex")
            rel = (r["ir_per"] / u["ir_per"]) if u and u["ir_per"] and r["ir_per"] else None
            name = f"**{r['peer']}**" if r["peer"] == "urilex" else r["peer"]
            L.append(
                f"| {r['corpus']} ({r['n']:,}) | {name} | {r['accepted']:,} | {fmt(r['ns_per'], 1)} | "
                f"{fmt(r['mb_s'], 0)} | {fmt(r['ir_per'], 0)} | {fmt(r['ir_per_byte'], 1)} | "
                f"{fmt(rel, 2) + '×' if rel is not None else '–'} |"
            )
        L.append("")
    L.append("## Notes on peers")
    L.append("")
    for p, note in PEER_NOTES.items():
        L.append(f"- {p}: {note}.")
    L.append("- resolve: `rfc3986_5_4` is the 42 references of RFC 3986 §5.4.1–5.4.2 against `http://a/b/c/d;p?q`; "
             "MB/s counts reference bytes. Peers returning an owned result have it copied into the buffer.")
    L.append("- normalize: url and ada-url apply WHATWG normalization, which is not RFC 3986 §6.")
    L.append("")
    return "\n".join(L)


def svg(rows):
    """Two panels (ns/unit, instructions/unit); one block per (op, corpus); bars scaled to the
    block maximum so every block is readable; value printed at the end of each bar."""
    palette = {"urilex": "#d62728", "fluent-uri": "#1f77b4", "oxiri": "#2ca02c", "iri-string": "#9467bd",
               "url": "#8c564b", "http": "#e377c2", "ada-url": "#7f7f7f", "uriparse": "#bcbd22",
               "urilex-each": "#ff7f0e", "urilex-within": "#c49c94", "urilex-rfc2396": "#ff9896", "urilex-target": "#ffbb78",
               "uriparser": "#17becf", "boost-url": "#aec7e8", "floor-sse2": "#000000", "floor-avx2": "#555555"}
    bar_h, gap, head_h = 12, 2, 20
    label_w, panel_w, pad = 170, 300, 70
    width = label_w + 2 * (panel_w + pad) + 10
    blocks = []
    for r in rows:
        key = (r["op"], r["corpus"])
        if not blocks or blocks[-1][0] != key:
            blocks.append((key, []))
        blocks[-1][1].append(r)
    height = 40 + sum(head_h + len(b) * (bar_h + gap) + 6 for _, b in blocks)
    S = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
         f'font-family="sans-serif" font-size="11">',
         f'<rect width="{width}" height="{height}" fill="white"/>']
    x1, x2 = label_w, label_w + panel_w + pad
    S.append(f'<text x="{x1}" y="18" font-weight="bold">wall time (ns per URL / pair)</text>')
    S.append(f'<text x="{x2}" y="18" font-weight="bold">instructions per URL / pair (callgrind)</text>')
    y = 34
    for (op, corpus), brs in blocks:
        S.append(f'<text x="4" y="{y + 13}" font-weight="bold">{escape(op)} · {escape(corpus)}</text>')
        y += head_h
        max_ns = max((r["ns_per"] or 0) for r in brs) or 1
        max_ir = max((r["ir_per"] or 0) for r in brs) or 1
        for r in brs:
            S.append(f'<text x="{label_w - 6}" y="{y + bar_h - 2}" text-anchor="end">'
                     f'{escape(r["peer"])} ({r["accepted"]:,}/{r["n"]:,})</text>')
            color = palette.get(r["peer"], "#333")
            for x0, val, mx, digits in ((x1, r["ns_per"], max_ns, 1), (x2, r["ir_per"], max_ir, 0)):
                if val is None:
                    S.append(f'<text x="{x0 + 2}" y="{y + bar_h - 2}" fill="#999">n/a</text>')
                    continue
                w = max(1.0, panel_w * val / mx)
                S.append(f'<rect x="{x0}" y="{y}" width="{w:.1f}" height="{bar_h}" fill="{color}"/>')
                S.append(f'<text x="{x0 + w + 3:.1f}" y="{y + bar_h - 2}">{fmt(val, digits)}</text>')
            y += bar_h + gap
        y += 6
    S.append("</svg>")
    return "\n".join(S) + "\n"


def main():
    accepted = read_accepted()
    wall = read_criterion()
    instr = read_iai()
    if not wall:
        die("no criterion results under target/criterion")
    if not instr:
        die("no iai-callgrind summaries under target/iai (run with --save-summary=json)")
    rows = build_rows(accepted, wall, instr)
    missing = [(r["op"], r["corpus"], r["peer"]) for r in rows if r["ns_per"] is None or r["ir_per"] is None]
    for m_ in missing:
        print("bench_report.py: warning: no figure for %s/%s/%s" % m_, file=sys.stderr)
    m = machine()
    tgt = targets(rows)
    floor = read_floor_ratio()
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "README.md"), "w") as f:
        f.write(markdown(rows, m, tgt, floor))
    with open(os.path.join(OUT, "bench.svg"), "w") as f:
        f.write(svg(rows))
    with open(os.path.join(OUT, "results.json"), "w") as f:
        json.dump({"machine": m, "rows": rows, "floor_ratio": floor}, f, indent=1, sort_keys=True)
    print("wrote bench-results/README.md, bench.svg, results.json")
    for op, corpus, peer, limit, irr, nsr, verdict in tgt:
        print(f"target {op}/{corpus} vs {peer}: instr ratio {fmt(irr, 3)}, wall ratio {fmt(nsr, 3)} (target ≤ {limit}): {verdict}")
    for corpus, sides in floor.items():
        ratios = ", ".join(f"{e} {sides[e][1]:.2f}x" for e in FLOOR_ENTRIES if e in sides)
        print(f"floor {corpus}: {ratios} (target ≤ {FLOOR_LIMIT}x)")


if __name__ == "__main__":
    main()
