//! Profiling entry point: one pass of one operation of one peer over one corpus, nothing else,
//! so that `valgrind --tool=callgrind` or `perf record` see only that work (plus loading the
//! input). `scripts/profile.sh` builds it with line tables and annotates the hot lines.
//!
//! Usage: `target/release/deps/profile-* <op> <peer> <corpus> [passes] [pair]`
//! e.g. `parse urilex ada_kasztp 1`; with `pair` (an index), a pair operation runs that one
//! pair of the set alone (`scripts/per_pair.sh` reads every pair so).

mod common;

use common::*;
use std::hint::black_box;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    if args.len() < 3 {
        eprintln!("usage: profile <parse|host_path|resolve|normalize|iri_parse|iri_to_uri|resolve_per_pair|parse_base|base_new|validate> <peer> <corpus> [passes] [pair]");
        return ExitCode::from(2);
    }
    let (op, peer, corpus) = (args[0].as_str(), args[1].as_str(), args[2].as_str());
    let passes: usize = args.get(3).and_then(|p| p.parse().ok()).unwrap_or(1);
    // One pair of a pair set alone (by its index), or all of them.
    let only: Option<usize> = args.get(4).and_then(|i| i.parse().ok());
    let pair_set = |corpus: &str| -> Vec<(&'static str, &'static str)> {
        let all = pairs(corpus);
        match only {
            Some(i) => {
                let one = all.get(i..=i).unwrap_or_default().to_vec();
                for (base, reference) in &one {
                    println!("pair {i}\t{base}\t{reference}");
                }
                one
            }
            None => all,
        }
    };
    let mut buf = String::with_capacity(4096);
    let mut accepted = None;
    match op {
        "parse" | "host_path" => {
            let lines = lines(corpus);
            macro_rules! one {
                ($p:ident) => {
                    if peer == <$p as Parse>::NAME {
                        let mut n = 0;
                        for _ in 0..passes {
                            n = if op == "parse" {
                                run_parse::<$p>(black_box(&lines))
                            } else {
                                run_host_path::<$p>(black_box(&lines))
                            };
                        }
                        accepted = Some((n, lines.len()));
                    }
                };
            }
            for_each_parser!(one);
        }
        "iri_parse" | "iri_to_uri" => {
            let lines = lines(corpus);
            macro_rules! one {
                ($p:ident) => {
                    if peer == <$p as IriOps>::NAME {
                        let mut n = 0;
                        for _ in 0..passes {
                            n = if op == "iri_parse" {
                                run_iri_parse::<$p>(black_box(&lines))
                            } else {
                                run_iri_to_uri::<$p>(black_box(&lines), &mut buf)
                            };
                        }
                        accepted = Some((n, lines.len()));
                    }
                };
            }
            for_each_iri_peer!(one);
        }
        "resolve" | "resolve_per_pair" => {
            let pairs = pair_set(corpus);
            macro_rules! one {
                ($p:ident) => {
                    if peer == <$p as Resolve>::NAME {
                        let prepared = prepare::<$p>(&pairs);
                        let mut n = 0;
                        for _ in 0..passes {
                            n = if op == "resolve" {
                                run_resolve::<$p>(black_box(&prepared), &mut buf)
                            } else {
                                run_resolve_per_pair::<$p>(black_box(&pairs), &mut buf)
                            };
                        }
                        accepted = Some((n, pairs.len()));
                    }
                };
            }
            for_each_resolver!(one);
        }
        // urilex alone: the verdict without the reference.
        "validate" if peer == "urilex" => {
            let lines = lines(corpus);
            let mut n = 0;
            for _ in 0..passes {
                n = common::run_validate(black_box(&lines));
            }
            accepted = Some((n, lines.len()));
        }
        // urilex alone: the cost of preparing a base (`base_new` less `parse_base`).
        "parse_base" | "base_new" if peer == "urilex" => {
            let pairs = pair_set(corpus);
            let mut n = 0;
            for _ in 0..passes {
                n = common::run_base_ops(op, black_box(&pairs));
            }
            accepted = Some((n, pairs.len()));
        }
        "normalize" => {
            let lines = lines(corpus);
            macro_rules! one {
                ($p:ident) => {
                    if peer == <$p as Normalize>::NAME {
                        let mut n = 0;
                        for _ in 0..passes {
                            n = run_normalize::<$p>(black_box(&lines), &mut buf);
                        }
                        accepted = Some((n, lines.len()));
                    }
                };
            }
            for_each_normalizer!(one);
        }
        _ => {}
    }
    match accepted {
        Some((n, total)) => {
            println!("{op} {peer} {corpus}: accepted {n} of {total} ({passes} passes)");
            ExitCode::SUCCESS
        }
        None => {
            eprintln!("no such operation/peer: {op} {peer}");
            ExitCode::from(2)
        }
    }
}
