//! urilex against the classification floor (issue 18), interleaved: per corpus, the floor's
//! loop and urilex's three entries (`UriRef::parse` a line, `parse_each`, `parse_each_within`)
//! run in turn, round after round; a side's ratio to the floor is the median, over the third
//! of the rounds in which the SSE2 floor ran fastest, of its time in a round over the
//! floor's in the same round, and its time the best of its rounds.
//!
//! Why not criterion's figures: `benches/wall.rs` measures each loop for two seconds, one
//! after the other, and this shared machine has slow phases of tens of seconds. A phase that
//! falls on urilex and not on the floor, or the other way round, moved the ratio of one corpus
//! by up to 1.5x between two runs of one commit (bench-results/floor.md). Here every side
//! sees the same phases, in many short rounds. Why the median of each round's ratio rather
//! than the ratio of two bests (as until 2026-11-29): a slow phase of a second or more that
//! spoils every round of one side but not of another left the ratio of their bests as wrong
//! as criterion's (the request targets' floor took 11.1 ns a line at best in one run where
//! it takes 6.9-7.3 in others: urilex 1.22x there), while within one round of 0.1 s the two
//! sides run in the same phase, and the median leaves out the rounds a phase cut across.
//! Why the quietest third: a slow phase is not a constant factor. The floor, many vector
//! instructions a cycle, loses more to another job on the core than urilex does, whose time
//! goes more to latencies and branches; in the run of 03:14 UTC at a93f31e, where the floor
//! never ran at its speed (the request targets' at 9.9 ns at best), the median of every
//! round put urilex at 1.11x-1.14x there, against 1.32x-1.50x in the quiet runs on either
//! side of it. The rounds where the floor ran fastest are the quiet ones, and the ratio of
//! record is the one of a quiet machine: the floor's best time, printed beside it, says
//! whether a run had any.
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
        .unwrap_or(45);
    let mut tsv = String::from("corpus\tside\tns_per_line\tvs_floor_sse2\n");
    println!(
        "urilex against the floor, interleaved, {rounds} rounds: best ns a line, and the \
         median ratio to floor-sse2 in the rounds where it ran fastest"
    );
    for corpus in CORPORA {
        let lines = lines(corpus);
        // Passes of a corpus in one round: the floor's loop, the fastest side, sets them.
        let start = Instant::now();
        black_box(run_parse::<FloorAvx2>(black_box(&lines)));
        let once = start.elapsed().max(Duration::from_micros(1));
        let passes = (ROUND.as_nanos() / once.as_nanos()).max(1) as usize;
        let mut times = vec![[0f64; SIDES.len()]; rounds];
        for (round, time) in times.iter_mut().enumerate() {
            // Each round starts with another side, so that none is always first after a switch.
            for k in 0..SIDES.len() {
                let i = (round + k) % SIDES.len();
                let run = SIDES[i].1;
                let start = Instant::now();
                for _ in 0..passes {
                    black_box(run(black_box(&lines)));
                }
                time[i] = start.elapsed().as_nanos() as f64 / (passes * lines.len()) as f64;
            }
        }
        // The third of the rounds where the SSE2 floor (side 0) ran fastest.
        times.sort_by(|a, b| a[0].total_cmp(&b[0]));
        let quiet = &times[..rounds.div_ceil(3)];
        let mut line = format!("{corpus:24}");
        for (i, (name, _)) in SIDES.iter().enumerate() {
            let best = times.iter().map(|t| t[i]).fold(f64::INFINITY, f64::min);
            let ratio = median(quiet.iter().map(|t| t[i] / t[0]).collect());
            writeln!(tsv, "{corpus}\t{name}\t{best:.2}\t{ratio:.3}").unwrap();
            write!(line, "  {name} {best:.2} ({ratio:.2}x)").unwrap();
        }
        println!("{line}");
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/urilex-bench");
    std::fs::create_dir_all(&dir).expect("create target/urilex-bench");
    std::fs::write(dir.join("floor_ratio.tsv"), tsv).expect("write floor_ratio.tsv");
}

/// The median of `values` (the mean of the middle two for an even count).
fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values[mid]
    } else {
        (values[mid - 1] + values[mid]) / 2.0
    }
}
