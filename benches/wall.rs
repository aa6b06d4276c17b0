//! Wall-time benchmarks (criterion) of urilex and its peers over the shared corpora.
//!
//! Run through `scripts/bench.sh` (which also runs `benches/instructions.rs` and renders
//! `bench-results/`), or alone with `cargo bench --bench wall`.
//!
//! Layout of results: `target/criterion/<op>/<peer>/<corpus>/new/estimates.json`, one iteration
//! = the whole corpus. Before measuring, the harness writes the accepted-input counts of every
//! (op, corpus, peer) to `target/urilex-bench/accepted.tsv` and prints them.

mod common;

use common::*;
use criterion::{criterion_group, BenchmarkId, Criterion, SamplingMode, Throughput};
use std::fmt::Write as _;
use std::time::Duration;

fn config() -> Criterion {
    // Modest times: the suite (both harnesses) must stay under ~15 minutes on 2 cores.
    // One iteration is a whole corpus (up to ~50k URLs), so 10 flat samples are plenty.
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(10)
        .without_plots()
}

/// Parsing (`parse`), and parsing then reading the host and the path (`host_path`): one group
/// each.
fn parse(c: &mut Criterion) {
    for (group, corpora, host_path) in [
        ("parse", &CORPORA[..], false),
        ("host_path", &HOST_PATH_CORPORA[..], true),
    ] {
        let mut g = c.benchmark_group(group);
        g.sampling_mode(SamplingMode::Flat);
        for &corpus in corpora {
            let lines = lines(corpus);
            g.throughput(Throughput::Bytes(bytes_of_lines(&lines)));
            macro_rules! bench {
                ($p:ident) => {
                    if <$p as Parse>::available() {
                        g.bench_with_input(
                            BenchmarkId::new(<$p as Parse>::NAME, corpus),
                            &lines,
                            |b, l| {
                                if host_path {
                                    b.iter(|| run_host_path::<$p>(l))
                                } else {
                                    b.iter(|| run_parse::<$p>(l))
                                }
                            },
                        );
                    }
                };
            }
            for_each_parser!(bench);
        }
        g.finish();
    }
}

/// Resolution with each peer's base parsed beforehand (`resolve`), and parsed (for urilex,
/// prepared) per pair (`resolve_per_pair`): one group each.
fn resolve(c: &mut Criterion) {
    for (group, per_pair) in [("resolve", false), ("resolve_per_pair", true)] {
        let mut g = c.benchmark_group(group);
        g.sampling_mode(SamplingMode::Flat);
        for set in PAIR_SETS {
            let pairs = pairs(set);
            g.throughput(Throughput::Bytes(bytes_of_pairs(&pairs)));
            let mut buf = String::with_capacity(4096);
            macro_rules! bench {
                ($p:ident) => {
                    let prepared = prepare::<$p>(&pairs);
                    g.bench_function(BenchmarkId::new(<$p as Resolve>::NAME, set), |b| {
                        if per_pair {
                            b.iter(|| run_resolve_per_pair::<$p>(&pairs, &mut buf))
                        } else {
                            b.iter(|| run_resolve::<$p>(&prepared, &mut buf))
                        }
                    });
                };
            }
            for_each_resolver!(bench);
        }
        g.finish();
    }
}

fn normalize(c: &mut Criterion) {
    let mut g = c.benchmark_group("normalize");
    g.sampling_mode(SamplingMode::Flat);
    for corpus in NORMALIZE_CORPORA {
        let lines = lines(corpus);
        g.throughput(Throughput::Bytes(bytes_of_lines(&lines)));
        let mut buf = String::with_capacity(4096);
        macro_rules! bench {
            ($p:ident) => {
                g.bench_with_input(
                    BenchmarkId::new(<$p as Normalize>::NAME, corpus),
                    &lines,
                    |b, l| b.iter(|| run_normalize::<$p>(l, &mut buf)),
                );
            };
        }
        for_each_normalizer!(bench);
    }
    g.finish();
}

/// Accepted-input counts, computed with the measured loops themselves.
fn accepted_counts() -> String {
    let mut out = String::from("op\tcorpus\tpeer\taccepted\ttotal\tbytes\n");
    for corpus in CORPORA {
        let lines = lines(corpus);
        let bytes = bytes_of_lines(&lines);
        macro_rules! count {
            ($p:ident) => {
                // A C or C++ peer not built here has no row.
                let n = run_parse::<$p>(&lines);
                if <$p as Parse>::available() {
                    let _ = writeln!(
                        out,
                        "parse\t{corpus}\t{}\t{n}\t{}\t{bytes}",
                        <$p as Parse>::NAME,
                        lines.len()
                    );
                }
                if HOST_PATH_CORPORA.contains(&corpus) && <$p as Parse>::available() {
                    let n = run_host_path::<$p>(&lines);
                    let _ = writeln!(
                        out,
                        "host_path\t{corpus}\t{}\t{n}\t{}\t{bytes}",
                        <$p as Parse>::NAME,
                        lines.len()
                    );
                }
            };
        }
        for_each_parser!(count);
        if NORMALIZE_CORPORA.contains(&corpus) {
            let mut buf = String::new();
            macro_rules! count {
                ($p:ident) => {
                    let n = run_normalize::<$p>(&lines, &mut buf);
                    let _ = writeln!(
                        out,
                        "normalize\t{corpus}\t{}\t{n}\t{}\t{bytes}",
                        <$p as Normalize>::NAME,
                        lines.len()
                    );
                };
            }
            for_each_normalizer!(count);
        }
    }
    for set in PAIR_SETS {
        let pairs = pairs(set);
        let bytes = bytes_of_pairs(&pairs);
        let mut buf = String::new();
        macro_rules! count {
            ($p:ident) => {
                let n = run_resolve::<$p>(&prepare::<$p>(&pairs), &mut buf);
                let _ = writeln!(
                    out,
                    "resolve\t{set}\t{}\t{n}\t{}\t{bytes}",
                    <$p as Resolve>::NAME,
                    pairs.len()
                );
                let n = run_resolve_per_pair::<$p>(&pairs, &mut buf);
                let _ = writeln!(
                    out,
                    "resolve_per_pair\t{set}\t{}\t{n}\t{}\t{bytes}",
                    <$p as Resolve>::NAME,
                    pairs.len()
                );
            };
        }
        for_each_resolver!(count);
    }
    out
}

criterion_group! {
    name = benches;
    config = config();
    targets = parse, resolve, normalize
}

fn main() {
    let counts = accepted_counts();
    println!("accepted inputs per (op, corpus, peer):\n{counts}");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/urilex-bench");
    if let Err(e) = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(dir.join("accepted.tsv"), &counts))
    {
        eprintln!("warning: cannot write {}: {e}", dir.display());
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
