//! The command line's line reader and every line operation on arbitrary bytes (`urilex`'s
//! library, `cli/src/lib.rs`): nothing panics, and each operation that writes a line per input
//! line (parse, parse --json, get, set, normalize, resolve) writes exactly as many as the
//! reader counted, `check` one per invalid line; the same for the operations of `--grammar
//! whatwg` (`cli/src/whatwg.rs`). The first byte chooses the global flags (`--iri`,
//! `--iri-hosts`, `--grammar rfc2396`) and one thread or two.
#![no_main]

use std::io::Cursor;

use urilex::{Base, Normalization, Resolver, UriRef};
use urilex_cli::edit::{Canon, Part, QueryEdits, Set};
use urilex_cli::stream::{self, LineOp, Sinks, Stats};
use urilex_cli::template::{Get, Template};
use urilex_cli::transform::{Extract, Normalize, Resolve};
use urilex_cli::{canon as keys, line, ops};

/// Runs `op` over `input`; its output and the reader's count.
fn run<O: LineOp>(op: &O, input: &[u8], threads: usize) -> (Vec<u8>, Stats) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut sinks = Sinks {
        out: &mut out,
        err: &mut err,
        progress: None,
    };
    let stats = stream::run(Cursor::new(input), op, threads, &mut sinks).expect("in memory");
    (out, stats)
}

fn newlines(out: &[u8]) -> u64 {
    out.iter().filter(|&&b| b == b'\n').count() as u64
}

/// Runs an operation that writes one line per input line, and checks that it did.
fn one_per_line<O: LineOp>(name: &str, op: &O, input: &[u8], threads: usize) {
    let (out, stats) = run(op, input, threads);
    assert_eq!(
        newlines(&out),
        stats.lines,
        "{name}: one output line per input line"
    );
    assert!(stats.invalid <= stats.lines, "{name}");
}

/// The operations of `--grammar whatwg`.
fn whatwg_ops(input: &[u8], threads: usize) {
    use urilex_cli::whatwg;
    let base = || Some("http://a/b/c".to_string());
    for json in [false, true] {
        one_per_line(
            "whatwg parse",
            &whatwg::Parse { json, base: None },
            input,
            threads,
        );
    }
    one_per_line(
        "whatwg normalize",
        &whatwg::Href {
            base: None,
            pairs: false,
        },
        input,
        threads,
    );
    one_per_line(
        "whatwg resolve",
        &whatwg::Href {
            base: base(),
            pairs: false,
        },
        input,
        threads,
    );
    one_per_line(
        "whatwg resolve pairs",
        &whatwg::Href {
            base: None,
            pairs: true,
        },
        input,
        threads,
    );
    let get = whatwg::Get {
        template: "{href}|{origin}|{hostname}|{port}|{{".into(),
        base: None,
    };
    one_per_line("whatwg get", &get, input, threads);
    let set = whatwg::Set {
        assignments: vec![
            (Part::Scheme, "https".into()),
            (Part::Port, "8443".into()),
            (Part::Userinfo, "u:p".into()),
        ],
        remove: vec![Part::Fragment, Part::Query],
    };
    one_per_line("whatwg set", &set, input, threads);
    run(
        &whatwg::Check {
            prefix: String::new(),
            base: None,
        },
        input,
        threads,
    );
    let op = Extract {
        html: true,
        line_number: false,
        base: None,
        whatwg_base: urilex::whatwg::Url::parse("http://a/b/c", None).ok(),
    };
    run(&op, input, threads);
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (flags, input) = match data.split_first() {
        Some((&f, rest)) => (f, rest),
        None => (0, data),
    };
    let threads = if flags & 8 != 0 { 2 } else { 1 };
    ops::write_diagnostics(flags & 16 != 0);
    line::read_iris(flags & 1 != 0);
    line::iri_hosts_as_a_labels(flags & 2 != 0);

    // The grammars of --grammar: RFC 2396 for parse, check and normalize alone.
    line::read_rfc2396(flags & 4 != 0);
    one_per_line("parse", &ops::Parse, input, threads);
    one_per_line("parse --json", &ops::ParseJson, input, threads);
    let (out, stats) = run(
        &ops::Check {
            prefix: String::new(),
        },
        input,
        threads,
    );
    if flags & 16 != 0 {
        assert_eq!(
            newlines(&out),
            stats.invalid,
            "check: one line per invalid line"
        );
    }
    for level in [Normalization::Syntax, Normalization::SchemeBased] {
        let canon = Canon {
            sort_query: flags & 32 != 0,
            drop_query: vec!["utm_*".into()],
            drop_fragment: flags & 64 != 0,
        };
        one_per_line("normalize", &Normalize { level, canon }, input, threads);
    }
    line::read_rfc2396(false);

    let template = Template::parse("{scheme}|{host}|{port_or_default}|{query:q}|{url}|{surt}|{registrable_domain}|{public_suffix}|{{").unwrap();
    one_per_line("get", &Get { template }, input, threads);
    let set = Set {
        assignments: vec![(Part::Scheme, "https".into()), (Part::Port, "8443".into())],
        remove: vec![Part::Fragment],
        encode: flags & 128 != 0,
        query: QueryEdits::new(
            vec!["q=a b".into()],
            vec!["t=é".into()],
            vec!["utm_*".into()],
            true,
        )
        .unwrap(),
    };
    one_per_line("set", &set, input, threads);
    let base = Base::new(UriRef::parse("http://a/b/c/d;p?q").unwrap()).unwrap();
    for base in [Some(base), None] {
        let op = Resolve {
            base,
            resolver: Resolver::default(),
        };
        one_per_line("resolve", &op, input, threads);
    }
    for html in [false, true] {
        let op = Extract {
            html,
            line_number: flags & 32 != 0,
            base: Some(base),
            whatwg_base: None,
        };
        run(&op, input, threads);
    }
    whatwg_ops(input, threads);
    for key in [keys::Key::Surt, keys::Key::SafeBrowsing] {
        one_per_line("canon", &keys::Canon { key }, input, threads);
    }
});
