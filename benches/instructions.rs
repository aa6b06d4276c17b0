//! Instruction-count benchmarks (iai-callgrind) over the same loops and inputs as `wall.rs`.
//!
//! Needs valgrind and `iai-callgrind-runner` of exactly the version of the `iai-callgrind`
//! dev-dependency; `scripts/bench.sh` installs it. One benchmark = one pass over one corpus;
//! loading the corpus (and parsing resolution bases) happens in the `setup` function, which
//! iai-callgrind keeps out of the counts.
//!
//! Results: `target/iai/urilex/instructions/<group>/<op>_<peer>/<corpus>/summary.json` when run
//! with `--save-summary=json`.

mod common;

use common::*;
use iai_callgrind::{
    library_benchmark, library_benchmark_group, main, Callgrind, LibraryBenchmarkConfig,
};
use std::hint::black_box;

fn setup_lines(name: &str) -> Vec<&'static str> {
    lines(name)
}

macro_rules! parse_bench {
    ($fname:ident, $run:ident, $p:ident) => {
        #[library_benchmark]
        #[bench::ada_kasztp(args = ("ada_kasztp"), setup = setup_lines)]
        #[bench::ada_node_files(args = ("ada_node_files"), setup = setup_lines)]
        #[bench::ada_isaacs_files(args = ("ada_isaacs_files"), setup = setup_lines)]
        #[bench::apache_referers(args = ("apache_referers"), setup = setup_lines)]
        #[bench::apache_request_targets(args = ("apache_request_targets"), setup = setup_lines)]
        #[bench::wpt_urltestdata_inputs(args = ("wpt_urltestdata_inputs"), setup = setup_lines)]
        #[bench::query_forms(args = ("query_forms"), setup = setup_lines)]
        fn $fname(lines: Vec<&'static str>) -> usize {
            let n = $run::<$p>(&lines);
            // Freeing the input is not part of the operation measured.
            std::mem::forget(lines);
            black_box(n)
        }
    };
}

macro_rules! host_path_bench {
    ($fname:ident, $p:ident) => {
        #[library_benchmark]
        #[bench::ada_kasztp(args = ("ada_kasztp"), setup = setup_lines)]
        #[bench::ada_node_files(args = ("ada_node_files"), setup = setup_lines)]
        #[bench::apache_referers(args = ("apache_referers"), setup = setup_lines)]
        fn $fname(lines: Vec<&'static str>) -> usize {
            let n = run_host_path::<$p>(&lines);
            std::mem::forget(lines);
            black_box(n)
        }
    };
}

macro_rules! normalize_bench {
    ($fname:ident, $p:ident) => {
        #[library_benchmark]
        #[bench::ada_kasztp(args = ("ada_kasztp"), setup = setup_lines)]
        #[bench::apache_referers(args = ("apache_referers"), setup = setup_lines)]
        fn $fname(lines: Vec<&'static str>) -> usize {
            let mut buf = String::with_capacity(4096);
            let n = run_normalize::<$p>(&lines, &mut buf);
            std::mem::forget(lines);
            std::mem::forget(buf);
            black_box(n)
        }
    };
}

macro_rules! resolve_bench {
    ($fname:ident, $setup:ident, $p:ident) => {
        fn $setup(set: &str) -> Prepared<$p> {
            prepare::<$p>(&pairs(set))
        }
        #[library_benchmark]
        #[bench::commoncrawl_relative_10k(args = ("commoncrawl_relative_10k"), setup = $setup)]
        #[bench::rfc3986_5_4(args = ("rfc3986_5_4"), setup = $setup)]
        fn $fname(prepared: Prepared<$p>) -> usize {
            let mut buf = String::with_capacity(4096);
            let n = run_resolve::<$p>(&prepared, &mut buf);
            std::mem::forget(prepared);
            std::mem::forget(buf);
            black_box(n)
        }
    };
}

macro_rules! resolve_per_pair_bench {
    ($fname:ident, $p:ident) => {
        #[library_benchmark]
        #[bench::commoncrawl_relative_10k(args = ("commoncrawl_relative_10k"), setup = pairs)]
        #[bench::rfc3986_5_4(args = ("rfc3986_5_4"), setup = pairs)]
        fn $fname(pairs: Vec<(&'static str, &'static str)>) -> usize {
            let mut buf = String::with_capacity(4096);
            let n = run_resolve_per_pair::<$p>(&pairs, &mut buf);
            std::mem::forget(pairs);
            std::mem::forget(buf);
            black_box(n)
        }
    };
}

// Function names are `<op>_<peer>`; scripts/bench_report.py maps them back to crate names.
parse_bench!(parse_urilex, run_parse, Urilex);
parse_bench!(parse_urilex_each, run_parse, UrilexEach);
parse_bench!(parse_urilex_within, run_parse, UrilexWithin);
parse_bench!(parse_fluent_uri, run_parse, FluentUri);
parse_bench!(parse_oxiri, run_parse, Oxiri);
parse_bench!(parse_iri_string, run_parse, IriString);
parse_bench!(parse_url, run_parse, Url);
parse_bench!(parse_http, run_parse, Http);
parse_bench!(parse_ada_url, run_parse, Ada);
parse_bench!(parse_urilex_whatwg, run_parse, UrilexWhatwg);
parse_bench!(parse_ada_url_can_parse, run_parse, AdaCanParse);
parse_bench!(
    parse_urilex_whatwg_can_parse,
    run_parse,
    UrilexWhatwgCanParse
);
parse_bench!(parse_uriparse, run_parse, Uriparse);
parse_bench!(parse_urilex_rfc2396, run_parse, UrilexRfc2396);
parse_bench!(parse_uriparser, run_parse, Uriparser);
parse_bench!(parse_boost_url, run_parse, BoostUrl);
parse_bench!(parse_floor_sse2, run_parse, FloorSse2);
parse_bench!(parse_floor_avx2, run_parse, FloorAvx2);

host_path_bench!(host_path_urilex, Urilex);
host_path_bench!(host_path_urilex_each, UrilexEach);
host_path_bench!(host_path_urilex_within, UrilexWithin);
host_path_bench!(host_path_fluent_uri, FluentUri);
host_path_bench!(host_path_oxiri, Oxiri);
host_path_bench!(host_path_iri_string, IriString);
host_path_bench!(host_path_url, Url);
host_path_bench!(host_path_http, Http);
host_path_bench!(host_path_ada_url, Ada);
host_path_bench!(host_path_uriparse, Uriparse);

resolve_bench!(resolve_urilex, setup_resolve_urilex, Urilex);
resolve_bench!(resolve_fluent_uri, setup_resolve_fluent_uri, FluentUri);
resolve_bench!(resolve_oxiri, setup_resolve_oxiri, Oxiri);
resolve_bench!(resolve_iri_string, setup_resolve_iri_string, IriString);
resolve_bench!(resolve_url, setup_resolve_url, Url);
resolve_bench!(resolve_ada_url, setup_resolve_ada_url, Ada);
resolve_bench!(
    resolve_urilex_whatwg,
    setup_resolve_urilex_whatwg,
    UrilexWhatwg
);
resolve_bench!(resolve_uriparse, setup_resolve_uriparse, Uriparse);
resolve_bench!(
    resolve_urilex_general,
    setup_resolve_urilex_general,
    UrilexGeneral
);

resolve_per_pair_bench!(resolve_per_pair_urilex, Urilex);
resolve_per_pair_bench!(resolve_per_pair_urilex_general, UrilexGeneral);
resolve_per_pair_bench!(resolve_per_pair_fluent_uri, FluentUri);
resolve_per_pair_bench!(resolve_per_pair_oxiri, Oxiri);
resolve_per_pair_bench!(resolve_per_pair_iri_string, IriString);
resolve_per_pair_bench!(resolve_per_pair_url, Url);
resolve_per_pair_bench!(resolve_per_pair_ada_url, Ada);
resolve_per_pair_bench!(resolve_per_pair_uriparse, Uriparse);

normalize_bench!(normalize_urilex, Urilex);
normalize_bench!(normalize_fluent_uri, FluentUri);
normalize_bench!(normalize_iri_string, IriString);
normalize_bench!(normalize_url, Url);
normalize_bench!(normalize_ada_url, Ada);
normalize_bench!(normalize_uriparse, Uriparse);

library_benchmark_group!(
    name = parse;
    benchmarks = parse_urilex, parse_urilex_each, parse_urilex_within, parse_fluent_uri, parse_oxiri, parse_iri_string, parse_url,
        parse_http, parse_ada_url, parse_urilex_whatwg, parse_ada_url_can_parse, parse_urilex_whatwg_can_parse, parse_uriparse, parse_urilex_rfc2396, parse_uriparser,
        parse_boost_url, parse_floor_sse2, parse_floor_avx2
);

library_benchmark_group!(
    name = host_path;
    benchmarks = host_path_urilex, host_path_urilex_each, host_path_urilex_within, host_path_fluent_uri, host_path_oxiri, host_path_iri_string,
        host_path_url, host_path_http, host_path_ada_url, host_path_uriparse
);

library_benchmark_group!(
    name = resolve;
    benchmarks = resolve_urilex, resolve_fluent_uri, resolve_oxiri, resolve_iri_string, resolve_url,
        resolve_ada_url, resolve_urilex_whatwg, resolve_uriparse, resolve_urilex_general
);

library_benchmark_group!(
    name = resolve_per_pair;
    benchmarks = resolve_per_pair_urilex, resolve_per_pair_urilex_general,
        resolve_per_pair_fluent_uri, resolve_per_pair_oxiri, resolve_per_pair_iri_string,
        resolve_per_pair_url, resolve_per_pair_ada_url, resolve_per_pair_uriparse
);

library_benchmark_group!(
    name = normalize;
    benchmarks = normalize_urilex, normalize_fluent_uri, normalize_iri_string, normalize_url, normalize_ada_url,
        normalize_uriparse
);

main!(
    // Only instruction counts are reported; the cache simulation would triple the run time.
    config = LibraryBenchmarkConfig::default().tool(Callgrind::with_args(["--cache-sim=no"]));
    library_benchmark_groups = parse, host_path, resolve, resolve_per_pair, normalize
);
