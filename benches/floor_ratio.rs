//! urilex against the classification floor (issue 18), interleaved: per corpus, the floor's
//! loop and urilex's three entries (`UriRef::parse` a line, `parse_each`, `parse_each_within`)
//! run in turn, round after round, and each keeps its best round.
//!
//! Why not criterion's figures: `benches/wall.rs` measures each loop for two seconds, one
//! after the other, and this shared machine has slow phases of tens of seconds. A phase that
//! falls on urilex and not on the floor, or the other way round, moved the ratio of one corpus
//! by up to 1.5x between two runs of one commit (bench-results/floor.md). Here every side
//! sees the same phases, many short rounds each, and the best of each (the least disturbed)
//! stands for it: the ratio of two bests is what the code costs, not when it ran.
//!
//! Run by `scripts/bench.sh` (pinned to one core where `taskset` is there), or alone:
//! `cargo bench --bench floor_ratio [-- rounds]`. Writes
//! `target/urilex-bench/floor_ratio.tsv` (corpus, side, best ns per line, its ratio to
//! floor-sse2) for `scripts/bench_report.py`, and prints it.

mod common;

use common::*;
use std::fmt::Write as _;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// A side: its name and its loop over the lines (returning the accepted count).
type Side = (&'static str, fn(&[&str]) -> usize);

const SIDES: [Side; 5] = [
    ("floor-sse2", run_parse::<FloorSse2>),
    ("floor-avx2", run_parse::<FloorAvx2>),
    ("urilex", run_parse::<Urilex>),
    ("urilex-each", run_parse::<UrilexEach>),
    ("urilex-within", run_parse::<UrilexWithin>),
];

/// How long one round of one side lasts, about: long enough for the timer's resolution and a
/// corpus's caches to be warm, short enough that a slow phase spoils few rounds.
const ROUND: Duration = Duration::from_millis(20);

fn main() {
    let rounds: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(15);
    let mut tsv = String::from("corpus\tside\tns_per_line\tvs_floor_sse2\n");
    println!("urilex against the floor, interleaved, best of {rounds} rounds (ns a line)");
    for corpus in CORPORA {
        let lines = lines(corpus);
        // Passes of a corpus in one round: the floor's loop, the fastest side, sets them.
        let start = Instant::now();
        black_box(run_parse::<FloorAvx2>(black_box(&lines)));
        let once = start.elapsed().max(Duration::from_micros(1));
        let passes = (ROUND.as_nanos() / once.as_nanos()).max(1) as usize;
        let mut best = [f64::INFINITY; SIDES.len()];
        for round in 0..rounds {
            // Each round starts with another side, so that none is always first after a switch.
            for k in 0..SIDES.len() {
                let i = (round + k) % SIDES.len();
                let run = SIDES[i].1;
                let start = Instant::now();
                for _ in 0..passes {
                    black_box(run(black_box(&lines)));
                }
                let ns = start.elapsed().as_nanos() as f64 / (passes * lines.len()) as f64;
                best[i] = best[i].min(ns);
            }
        }
        let floor = best[0];
        let mut line = format!("{corpus:24}");
        for (i, (name, _)) in SIDES.iter().enumerate() {
            let ratio = best[i] / floor;
            writeln!(tsv, "{corpus}\t{name}\t{:.2}\t{ratio:.3}", best[i]).unwrap();
            write!(line, "  {name} {:.2} ({ratio:.2}x)", best[i]).unwrap();
        }
        println!("{line}");
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/urilex-bench");
    std::fs::create_dir_all(&dir).expect("create target/urilex-bench");
    std::fs::write(dir.join("floor_ratio.tsv"), tsv).expect("write floor_ratio.tsv");
}
