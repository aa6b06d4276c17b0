//! `urilex`: bulk parse, check, resolve, normalize and extract RFC 3986 URI references.
//!
//! Every subcommand reads one URI per line from files, stdin or its arguments, streams in
//! constant memory, and never stops at a bad line. With no arguments on a terminal (or as
//! `urilex summary --sample`), `urilex` runs the main job on a sample compiled into the binary
//! and prints a summary.
#![forbid(unsafe_code)]

use urilex_cli::{canon, edit, input, line, ops, stream, summary, template, transform};

use std::fs::File;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use input::Source;
use stream::{LineOp, RunError, Sinks, Stats};

const EXAMPLES: &str = "\
Examples:
  urilex summary --sample                  main job on the embedded sample (also: urilex, on a terminal)
  urilex parse 'http://a/b?c'              a URI as an argument (like trurl), or files, or stdin
  urilex parse --json urls.txt             one JSON object per line
  urilex check urls.txt                    LINE:BYTE: message per invalid line; exit 1 if any
  urilex get '{host}' access.log           one component per line
  urilex set scheme=https port=8443 urls.txt
  urilex set --query-set page=2 --query-remove 'utm_*' 'https://h/a?page=1&utm_source=x'
  urilex normalize --sort-query --drop-query 'utm_*' --drop-fragment frontier.txt
  urilex resolve --base http://a/b/c/d links.txt
  urilex extract --html page.html          URIs found in text or HTML
  cat urls.txt | urilex check -q -         '-' (or no file) reads stdin; -q: counts only

Arguments: '-' is stdin; an argument that names an existing file is read as lines; one that
starts with a scheme ('http:', 'mailto:') or '//' is a URI, valid or not; anything else is an
error that names it (a mistyped file name is no URI). --url URI takes any text as a URI
reference ('--url ../g', '--url example.com').

Exit status, the same for every subcommand:
  0  every input line was valid (extract and summary: the run finished)
  1  some input lines were invalid, or an edit or resolution was refused (each reported)
  2  usage error (unknown option, a missing file, a bad --base) or an I/O error
A closed output pipe (urilex parse big.txt | head) ends the run quietly, with status 0.";

/// Fast, exact RFC 3986 URI references on the command line.
#[derive(Parser, Debug)]
#[command(name = "urilex", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    global: Global,
}

#[derive(Args, Debug, Clone)]
struct Global {
    /// Worker threads for large inputs (0 = one per core; above 4 per core is clamped). Output
    /// order is the input order.
    #[arg(
        short = 'j',
        long,
        global = true,
        default_value_t = 1,
        value_name = "N"
    )]
    threads: usize,

    /// Never show the progress bar (shown on stderr for files of 16 MiB or more when stderr is
    /// a terminal).
    #[arg(long, global = true)]
    no_progress: bool,

    /// No per-line diagnostics: the exit status and one final count on stderr tell how many
    /// lines were bad.
    #[arg(short, long, global = true)]
    quiet: bool,

    /// Write the per-line diagnostics to FILE instead (a final count still goes to stderr).
    #[arg(long, global = true, value_name = "FILE")]
    errors: Option<PathBuf>,

    /// Read IRIs (RFC 3987: non-ASCII characters, as in the links of non-English pages): each
    /// line is validated as an IRI reference and mapped to its URI (RFC 3987 section 3.1:
    /// UTF-8 percent-encoded) before the subcommand sees it; output is URIs.
    #[arg(long, global = true)]
    iri: bool,

    /// With --iri, how an internationalized host is written: as A-labels (`xn--r8jz45g.jp`,
    /// UTS #46, what DNS, HTTP clients and browsers use), or percent-encoded as RFC 3987
    /// section 3.1 maps every non-ASCII character (`%E4%BE%8B%E3%81%88.jp`).
    #[arg(long, global = true, value_enum, default_value_t = IriHosts::ALabel, value_name = "FORM")]
    iri_hosts: IriHosts,

    /// The grammar lines are read by: RFC 3986; RFC 2396 as amended by RFC 2732 (java.net.URI's:
    /// opaque URIs such as `mailto:a@b?x` have no query, an authority that is no host[:port] is
    /// one registry name; `normalize` gives the normal form of RFC 2396 section 6; with parse,
    /// check and normalize); or the URL Standard, as browsers read an href (with parse, check,
    /// get, whose fields are then the URL API's getters, set, by the URL API's setters,
    /// normalize, which writes the href, and resolve).
    #[arg(long, global = true, value_enum, default_value_t = GrammarArg::Rfc3986)]
    grammar: GrammarArg,
}

/// `--iri-hosts`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum IriHosts {
    /// A-labels (punycode), through IDNA (the default).
    ALabel,
    /// Percent-encoded UTF-8.
    Percent,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
enum GrammarArg {
    /// RFC 3986 (the default).
    Rfc3986,
    /// RFC 2396 as amended by RFC 2732.
    Rfc2396,
    /// The URL Standard (WHATWG): what browsers make of an href (`\\` as `/`, a space as
    /// `%20`, IDN hosts as A-labels, `0x7f.1` as `127.0.0.1`).
    Whatwg,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Split each input into its components.
    ///
    /// Reads FILE|URI arguments or stdin, one URI per line. Writes one line per input: `valid`
    /// and the present components as name=value, tab-separated (an absent component is left
    /// out, an empty one is `name=`), or `invalid`, the byte index, the error kind and the
    /// message. Exit 1 if any input was invalid.
    #[command(
        after_help = "Examples:\n  urilex parse 'http://[::1]:80/?q'\n  urilex parse urls.txt\n  echo 'http://[::1]:80/?q' | urilex parse --json"
    )]
    Parse {
        /// One JSON object per line: {"input", "line", "valid", "error": {"index","kind",
        /// "message"} | null, "scheme", "userinfo", "host", "host_kind", "port", "path",
        /// "query", "fragment"}, null for an absent component; "line" is the 1-based input
        /// line, "host_kind" one of "reg-name", "ipv4", "ipv6", "ipvfuture" or null.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Report invalid inputs: `LINE:BYTE: message` on stdout for each (BYTE counts from 0);
    /// nothing for valid ones; exit 1 if any.
    #[command(
        after_help = "Examples:\n  urilex check urls.txt\n  urilex check a.txt b.txt    (prefixes FILE: when given several inputs)\n  urilex check -q urls.txt    (only the count, on stderr, and the exit status)"
    )]
    Check {
        #[command(flatten)]
        input: Input,
    },
    /// Print TEMPLATE for each input, with `{field}` replaced by that part of the URI.
    ///
    /// Fields: {scheme} {userinfo} {host} {port} {path} {query} {fragment} {authority} {url}
    /// {port_or_default} and {query:NAME} (the decoded value of the first NAME parameter); the
    /// crawler keys {surt} (as `urilex canon --surt`), {registrable_domain} and
    /// {public_suffix} (of the host, by the Public Suffix List). An absent component or key is
    /// empty; `{{` and `}}` are literal braces.
    ///
    /// Reads FILE|URI arguments or stdin, one URI per line. Writes one line per input; an
    /// invalid input gives an empty line and `LINE:BYTE: message` on stderr.
    #[command(
        after_help = "Examples:\n  urilex get '{host}' urls.txt | sort | uniq -c | sort -rn | head\n  urilex get '{scheme}://{host}:{port_or_default}' 'https://example.com/a'\n  urilex get '{query:q}' 'https://example.com/search?q=rust+uri'\n  urilex get '{registrable_domain}' crawl.txt | sort | uniq -c | sort -rn'"
    )]
    Get {
        /// The template.
        template: String,
        #[command(flatten)]
        input: Input,
    },
    /// Set or remove components of each input, through the validated setters.
    ///
    /// Leading COMPONENT=VALUE arguments (scheme, host, userinfo, port, path, query,
    /// fragment) are the edits; the other arguments are inputs. Reads FILE|URI arguments or
    /// stdin, one URI per line. Writes one line per input: the edited URI, or an empty line
    /// and `LINE:BYTE: message` on stderr when the input is invalid or an edit is refused.
    ///
    /// The query's parameters are edited one by one, after the components, in this order:
    /// --query-remove, --query-set, --query-append, --sort-query. Names and values are given
    /// as text and written form-encoded (application/x-www-form-urlencoded: a space as `+`,
    /// `&` as `%26`); names are compared decoded; parameters left alone keep their text.
    #[command(
        after_help = "Examples:\n  urilex set scheme=https 'http://example.com/a'\n  urilex set host=mirror.example.net --remove port urls.txt\n  urilex set --encode 'query=q=a b&c' 'http://h/'\n  urilex set --query-set 'q=rust uri' --query-remove 'utm_*' --sort-query 'https://h/s?utm_source=x&q=old&b=1'\n  urilex set --query-append tag=a --query-append tag=b 'https://h/s'"
    )]
    Set {
        /// COMPONENT=VALUE edits, then FILE|URI inputs.
        #[arg(value_name = "COMPONENT=VALUE|FILE|URI")]
        args: Vec<String>,
        /// Remove a component (repeatable).
        #[arg(long, value_enum, value_name = "COMPONENT")]
        remove: Vec<edit::Part>,
        /// Percent-encode each value for its component instead of refusing characters it
        /// cannot hold.
        #[arg(long)]
        encode: bool,
        /// Set the parameter NAME to VALUE: the first NAME parameter is replaced (the others
        /// of that name removed), or the pair appended when there is none (repeatable).
        #[arg(long, value_name = "NAME=VALUE")]
        query_set: Vec<String>,
        /// Append the parameter NAME=VALUE, whatever is there (repeatable).
        #[arg(long, value_name = "NAME=VALUE")]
        query_append: Vec<String>,
        /// Remove the parameters named NAME; a trailing `*` matches a prefix (`utm_*`)
        /// (repeatable).
        #[arg(long, value_name = "NAME[*]")]
        query_remove: Vec<String>,
        /// Sort the query's parameters by name (stable: equal names keep their order).
        #[arg(long)]
        sort_query: bool,
        /// Take this as a URI reference even if a file of that name exists (repeatable).
        #[arg(long = "url", value_name = "URI")]
        urls: Vec<String>,
    },
    /// Resolve references against a base (RFC 3986 section 5).
    ///
    /// Reads FILE|URI arguments or stdin: references (with --base), or `base<TAB>reference`
    /// lines. Writes one resolved URI per input line. A line that cannot be resolved gives an
    /// empty output line (so output lines stay aligned with input lines) and
    /// `LINE:BYTE: message` on stderr.
    #[command(
        after_help = "Examples:\n  urilex resolve --base 'http://a/b/c/d;p?q' refs.txt\n  urilex resolve --base 'http://a/b/c/d;p?q' ../g\n  printf 'http://a/b/c\\t../d\\n' | urilex resolve"
    )]
    Resolve {
        /// The base URI; without it, each line is `base<TAB>reference`.
        #[arg(long, value_name = "URI")]
        base: Option<String>,
        /// Resolution mode.
        #[arg(long, value_enum, default_value_t = ModeArg::Strict)]
        mode: ModeArg,
        #[command(flatten)]
        input: Input,
    },
    /// Normalize each input (RFC 3986 section 6.2.2; with --scheme-based also 6.2.3), and
    /// build canonical forms for deduplication.
    ///
    /// Reads FILE|URI arguments or stdin. Writes one normalized URI per input line; an invalid
    /// line gives an empty output line and `LINE:BYTE: message` on stderr.
    #[command(
        after_help = "Examples:\n  urilex normalize urls.txt\n  echo 'HTTP://Example.COM:80/a/./b/../%7euser' | urilex normalize\n  urilex normalize --scheme-based --sort-query --drop-query 'utm_*' --drop-fragment frontier.txt | sort -u"
    )]
    Normalize {
        /// Also apply scheme-based normalization (RFC 3986 section 6.2.3: drop a default
        /// port, empty path to "/" for http, https, ws, wss and ftp).
        #[arg(long)]
        scheme_based: bool,
        /// Sort the query's parameters by key (stable: equal keys keep their order).
        #[arg(long)]
        sort_query: bool,
        /// Drop the query parameters named NAME (decoded; a trailing `*` matches a prefix, as
        /// in `utm_*`). Repeatable.
        #[arg(long, value_name = "NAME")]
        drop_query: Vec<String>,
        /// Drop the fragment.
        #[arg(long)]
        drop_fragment: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Find the URIs in running text (or HTML with --html) and print them, one per line.
    ///
    /// Reads text (prose, logs, mail, Markdown) or HTML from FILE arguments or stdin, not one
    /// URI per line: URIs are found anywhere in it, including `<...>` forms that span lines
    /// (RFC 3986 Appendix C).
    #[command(
        after_help = "Examples:\n  urilex extract notes.txt\n  urilex extract -n mail.txt       (LINE: before each)\n  urilex extract --html page.html"
    )]
    Extract {
        /// Read the input as HTML (attribute values, character references).
        #[arg(long)]
        html: bool,
        /// Prefix each URI with the number of the line it starts on.
        #[arg(short = 'n', long)]
        line_number: bool,
        /// Resolve each URI found against this base (the page's URL) and print the absolute
        /// URI (RFC 3986 section 5); a link that does not resolve is printed as found.
        #[arg(long, value_name = "URL")]
        base: Option<String>,
        #[command(flatten)]
        input: Input,
    },
    /// Write each input's crawler key: its SURT (the key of web archives' CDX indexes, as the
    /// Internet Archive's `surt` package computes it) or its Google Safe Browsing canonical
    /// form.
    ///
    /// Reads FILE|URI arguments or stdin, one URL per line. Writes one key per input line; a
    /// line without one gives an empty line and `LINE:BYTE: message` on stderr. The keys take
    /// what their references take: a URL without a scheme, with spaces or `|`, still has one.
    #[command(
        after_help = "Examples:\n  urilex canon --surt 'http://www.archive.org/goo/?a=2&b&a=1'\n  urilex canon --surt crawl.txt | sort -u\n  urilex canon --safe-browsing 'http://3279880203/a/../b'"
    )]
    Canon {
        /// The SURT (the default).
        #[arg(long, conflicts_with = "safe_browsing")]
        surt: bool,
        /// Google Safe Browsing's canonical form.
        #[arg(long)]
        safe_browsing: bool,
        #[command(flatten)]
        input: Input,
    },
    /// The main job's summary (counts, error kinds, throughput) over the given lines.
    ///
    /// Reads FILE|URI arguments or stdin; with --sample, the sample compiled into the binary
    /// (4,200 URLs and request targets, 1,000 links with their pages). Empty input says so,
    /// and how to run the sample.
    #[command(after_help = "Examples:\n  urilex summary --sample\n  urilex summary urls.txt")]
    Summary {
        /// Summarize the embedded sample (the main job), not the input.
        #[arg(long)]
        sample: bool,
        #[command(flatten)]
        input: Input,
    },
}

/// `--mode` of `resolve`.
#[derive(ValueEnum, Clone, Copy, Debug)]
enum ModeArg {
    /// RFC 3986 section 5.2 as written.
    Strict,
    /// RFC 3986 section 5.2.2 non-strict: a reference with the base's scheme (`http:g`) is
    /// read as if it had none.
    NonStrict,
    /// RFC 2396 section 5.2 (its Appendix C results: `?y` -> `http://a/b/c/?y`).
    Rfc2396,
}

#[cfg(feature = "resolve")]
impl From<ModeArg> for urilex::Mode {
    fn from(m: ModeArg) -> Self {
        match m {
            ModeArg::Strict => urilex::Mode::Strict,
            ModeArg::NonStrict => urilex::Mode::NonStrict,
            ModeArg::Rfc2396 => urilex::Mode::Rfc2396,
        }
    }
}

#[derive(Args, Debug)]
struct Input {
    /// Files of lines (`-` is stdin) or URI references; none reads stdin.
    #[arg(value_name = "FILE|URI")]
    args: Vec<String>,
    /// Take this as a URI reference even if a file of that name exists (repeatable).
    #[arg(long = "url", value_name = "URI")]
    urls: Vec<String>,
}

/// How a run ended.
enum Fail {
    /// An error message for stderr; exit 2.
    Error(String),
    /// The output pipe closed: stop quietly.
    Closed,
}

impl From<RunError> for Fail {
    fn from(e: RunError) -> Self {
        match e {
            RunError::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => Fail::Closed,
            RunError::Output(e) => Fail::Error(format!("writing output: {e}")),
            RunError::Input(e) => Fail::Error(format!("reading input: {e}")),
        }
    }
}

/// What a finished run tells the exit status.
#[derive(Default)]
struct Outcome {
    stats: Stats,
    /// Whether invalid lines make the exit status 1 (`parse` reports them in its output).
    strict: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let g = cli.global.clone();
    match run(cli) {
        Ok(o) => {
            let invalid = o.stats.invalid;
            if invalid > 0 && (g.quiet || g.errors.is_some()) {
                let _ = writeln!(
                    io::stderr(),
                    "urilex: {invalid} of {} lines invalid",
                    o.stats.lines
                );
            }
            if o.strict && invalid > 0 {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(Fail::Closed) => ExitCode::SUCCESS,
        Err(Fail::Error(msg)) => {
            let _ = writeln!(io::stderr(), "urilex: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Where per-line diagnostics go: stderr, nowhere (`--quiet`), or `--errors FILE`.
enum Diagnostics {
    Stderr,
    Quiet,
    File(File),
}

impl Diagnostics {
    fn of(g: &Global) -> Result<Self, Fail> {
        if g.quiet {
            return Ok(Diagnostics::Quiet);
        }
        match &g.errors {
            None => Ok(Diagnostics::Stderr),
            Some(path) => File::create(path)
                .map(Diagnostics::File)
                .map_err(|e| Fail::Error(format!("--errors {}: {e}", path.display()))),
        }
    }
}

/// One run's settings.
struct Run {
    g: Global,
    threads: usize,
    diagnostics: Diagnostics,
}

fn run(cli: Cli) -> Result<Outcome, Fail> {
    let g = cli.global;
    line::read_iris(g.iri);
    line::iri_hosts_as_a_labels(g.iri_hosts == IriHosts::ALabel);
    if g.grammar == GrammarArg::Rfc2396 {
        let supported = matches!(
            cli.command,
            Some(Command::Parse { .. } | Command::Check { .. } | Command::Normalize { .. })
        );
        if !supported || g.iri {
            return Err(Fail::Error(
                "--grammar rfc2396 goes with parse, check and normalize, without --iri".into(),
            ));
        }
        line::read_rfc2396(true);
    }
    let mut r = Run {
        threads: threads(g.threads),
        diagnostics: Diagnostics::of(&g)?,
        g,
    };
    ops::write_diagnostics(!matches!(r.diagnostics, Diagnostics::Quiet));
    let Some(command) = cli.command else {
        // No subcommand: the main job. On a terminal with nothing piped, the sample;
        // otherwise the summary of what stdin holds (empty input, as in an IDE or CI with
        // `< /dev/null`: a note of what happened and how to run the sample).
        if io::stdin().is_terminal() {
            summary::of_sample()?;
        } else {
            summary::of_stream(io::stdin().lock(), "stdin", None)?;
        }
        return Ok(Outcome::default());
    };
    let strict = |stats: Stats| Outcome {
        stats,
        strict: true,
    };
    if r.g.grammar == GrammarArg::Whatwg {
        if r.g.iri {
            return Err(Fail::Error(
                "--grammar whatwg reads IRIs itself: leave out --iri".into(),
            ));
        }
        return whatwg_command(&mut r, command).map(strict);
    }
    match command {
        Command::Parse { json: false, input } => r.ops(&ops::Parse, &input).map(strict),
        Command::Parse { json: true, input } => r.ops(&ops::ParseJson, &input).map(strict),
        Command::Check { input } => {
            let sources = sources(&input)?;
            let several = sources.len() > 1;
            let mut total = Stats::default();
            for source in &sources {
                let prefix = if several {
                    format!("{}:", source.name())
                } else {
                    String::new()
                };
                // check's report is its output, and goes where diagnostics go when redirected.
                total.add(r.file(&ops::Check { prefix }, source, true)?);
            }
            Ok(strict(total))
        }
        Command::Get { template, input } => {
            let template = template::Template::parse(&template).map_err(Fail::Error)?;
            r.ops(&template::Get { template }, &input).map(strict)
        }
        Command::Set {
            args,
            remove,
            encode,
            query_set,
            query_append,
            query_remove,
            sort_query,
            urls,
        } => {
            let query = edit::QueryEdits::new(query_set, query_append, query_remove, sort_query)
                .map_err(Fail::Error)?;
            let edits = args
                .iter()
                .take_while(|a| edit::Part::assignment(a).is_some())
                .count();
            let mut assignments: Vec<(edit::Part, String)> = args[..edits]
                .iter()
                .filter_map(|a| edit::Part::assignment(a))
                .map(|(p, v)| (p, v.to_owned()))
                .collect();
            if assignments.is_empty() && remove.is_empty() && query.is_empty() {
                return Err(Fail::Error(
                    "set: give at least one COMPONENT=VALUE, --remove COMPONENT or --query-* edit"
                        .into(),
                ));
            }
            assignments.sort_by_key(|(p, _)| *p); // stable: the host before userinfo and port
            let op = edit::Set {
                assignments,
                remove,
                encode,
                query,
            };
            let input = Input {
                args: args[edits..].to_vec(),
                urls,
            };
            r.ops(&op, &input).map(strict)
        }
        Command::Resolve { base, mode, input } => {
            let base = base.map(|b| base_text(&b, r.g.iri)).transpose()?;
            resolve(&mut r, base.as_deref(), mode, &input)
        }
        Command::Normalize {
            scheme_based,
            sort_query,
            drop_query,
            drop_fragment,
            input,
        } => {
            let level = if scheme_based {
                urilex::Normalization::SchemeBased
            } else {
                urilex::Normalization::Syntax
            };
            let canon = edit::Canon {
                sort_query,
                drop_query,
                drop_fragment,
            };
            r.ops(&transform::Normalize { level, canon }, &input)
                .map(strict)
        }
        Command::Extract {
            html,
            line_number,
            base,
            input,
        } => {
            let base = base.map(|b| base_text(&b, r.g.iri)).transpose()?;
            extract(&mut r, html, line_number, base.as_deref(), &input)
        }
        Command::Canon {
            safe_browsing,
            input,
            ..
        } => {
            let key = if safe_browsing {
                canon::Key::SafeBrowsing
            } else {
                canon::Key::Surt
            };
            r.ops(&canon::Canon { key }, &input).map(strict)
        }
        Command::Summary { sample: true, .. } => {
            summary::of_sample()?;
            Ok(Outcome::default())
        }
        Command::Summary {
            sample: false,
            input,
        } => {
            for source in sources(&input)? {
                let src = source.open().map_err(Fail::Error)?;
                let pb = progress(&source, &r.g);
                summary::of_stream(src, &source.name(), pb.as_ref())?;
            }
            Ok(Outcome::default())
        }
    }
}

/// `--threads`: 0 is one per core; more than 4 per core is clamped (more threads only cost
/// memory and switches), with a note.
fn threads(asked: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match asked {
        0 => cores,
        n if n > 4 * cores => {
            let _ = writeln!(
                io::stderr(),
                "urilex: --threads {n} clamped to {} (4 per core, {cores} cores)",
                4 * cores
            );
            4 * cores
        }
        n => n,
    }
}

#[cfg(feature = "resolve")]
fn resolve(r: &mut Run, base: Option<&str>, mode: ModeArg, input: &Input) -> Result<Outcome, Fail> {
    let base = match base {
        Some(b) => Some(check_base(b)?),
        None => None,
    };
    let op = transform::Resolve {
        base,
        resolver: urilex::Resolver::new(mode.into()),
    };
    r.ops(&op, input).map(|stats| Outcome {
        stats,
        strict: true,
    })
}

#[cfg(not(feature = "resolve"))]
fn resolve(_: &mut Run, _: Option<&str>, _: ModeArg, _: &Input) -> Result<Outcome, Fail> {
    Err(Fail::Error(
        "resolve: this build has no resolution (build the CLI with its `resolve` feature)".into(),
    ))
}

/// A subcommand with `--grammar whatwg` (`urilex::whatwg`).
fn whatwg_command(r: &mut Run, command: Command) -> Result<Stats, Fail> {
    use urilex_cli::whatwg;
    match command {
        Command::Parse { json, input } => r.ops(&whatwg::Parse { json, base: None }, &input),
        Command::Check { input } => {
            let sources = sources(&input)?;
            let several = sources.len() > 1;
            let mut total = Stats::default();
            for source in &sources {
                let prefix = if several {
                    format!("{}:", source.name())
                } else {
                    String::new()
                };
                total.add(r.file(&whatwg::Check { prefix, base: None }, source, true)?);
            }
            Ok(total)
        }
        Command::Get { template, input } => {
            whatwg::Get::check_template(&template).map_err(Fail::Error)?;
            r.ops(
                &whatwg::Get {
                    template,
                    base: None,
                },
                &input,
            )
        }
        Command::Normalize { input, .. } => r.ops(
            &whatwg::Href {
                base: None,
                pairs: false,
            },
            &input,
        ),
        Command::Resolve { base, input, .. } => {
            if let Some(b) = &base {
                urilex::whatwg::Url::parse(b, None)
                    .map_err(|e| Fail::Error(format!("--base {b:?}: {e}")))?;
            }
            let pairs = base.is_none();
            r.ops(&whatwg::Href { base, pairs }, &input)
        }
        Command::Set {
            args,
            remove,
            query_set,
            query_append,
            query_remove,
            sort_query,
            urls,
            ..
        } => {
            if !(query_set.is_empty()
                && query_append.is_empty()
                && query_remove.is_empty()
                && !sort_query)
            {
                return Err(Fail::Error(
                    "--grammar whatwg: set the query whole (query=...); the --query-* edits are RFC 3986's".into(),
                ));
            }
            let edits = args
                .iter()
                .take_while(|a| edit::Part::assignment(a).is_some())
                .count();
            let assignments: Vec<(edit::Part, String)> = args[..edits]
                .iter()
                .filter_map(|a| edit::Part::assignment(a))
                .map(|(p, v)| (p, v.to_owned()))
                .collect();
            if assignments.is_empty() && remove.is_empty() {
                return Err(Fail::Error(
                    "set: give at least one COMPONENT=VALUE or --remove COMPONENT".into(),
                ));
            }
            let op = whatwg::Set {
                assignments,
                remove,
            };
            op.check().map_err(Fail::Error)?;
            let input = Input {
                args: args[edits..].to_vec(),
                urls,
            };
            r.ops(&op, &input)
        }
        #[cfg(feature = "extract")]
        Command::Extract {
            html,
            line_number,
            base,
            input,
        } => {
            let whatwg_base = base
                .map(|b| {
                    urilex::whatwg::Url::parse(&b, None)
                        .map_err(|e| Fail::Error(format!("--base {b:?}: {e}")))
                })
                .transpose()?;
            r.ops(
                &transform::Extract {
                    html,
                    line_number,
                    base: None,
                    whatwg_base,
                },
                &input,
            )
        }
        _ => Err(Fail::Error(
            "--grammar whatwg goes with parse, check, get, set, normalize, resolve and extract"
                .into(),
        )),
    }
}

#[cfg(feature = "extract")]
fn extract(
    r: &mut Run,
    html: bool,
    line_number: bool,
    base: Option<&str>,
    input: &Input,
) -> Result<Outcome, Fail> {
    let base = base.map(check_base).transpose()?;
    r.ops(
        &transform::Extract {
            html,
            line_number,
            base,
            whatwg_base: None,
        },
        input,
    )
    .map(|stats| Outcome {
        stats,
        strict: false,
    })
}

#[cfg(not(feature = "extract"))]
fn extract(_: &mut Run, _: bool, _: bool, _: Option<&str>, _: &Input) -> Result<Outcome, Fail> {
    Err(Fail::Error(
        "extract: this build has no extraction (build the CLI with its `extract` feature)".into(),
    ))
}

/// Parses `--base`: it must be a URI with a scheme (RFC 3986 section 5.1).
#[cfg_attr(not(any(feature = "resolve", feature = "extract")), allow(dead_code))]
fn check_base(base: &str) -> Result<urilex::Base<'_>, Fail> {
    let fail = |e: &dyn std::fmt::Display| Fail::Error(format!("--base {base:?}: {e}"));
    let uri = urilex::UriRef::parse(base).map_err(|e| fail(&e))?;
    // A base needs a scheme (RFC 3986 section 5.1): `Base::new` says so.
    urilex::Base::new(uri).map_err(|e| fail(&e))
}

/// The text of a `--base`: as given, or with `--iri` its URI (RFC 3987 section 3.1; the host
/// as `--iri-hosts` says).
fn base_text(base: &str, iri: bool) -> Result<String, Fail> {
    if iri && !base.is_ascii() {
        let iri = urilex::IriRef::parse(base)
            .map_err(|e| Fail::Error(format!("--base {base:?}: {e}")))?;
        let mut out = String::new();
        line::write_uri_of(&iri, &mut out);
        return Ok(out);
    }
    Ok(base.to_owned())
}

/// The inputs of a subcommand (see [`input::sources`]).
fn sources(input: &Input) -> Result<Vec<Source>, Fail> {
    input::sources(&input.args, &input.urls).map_err(Fail::Error)
}

impl Run {
    /// Runs `op` over every input; the stats add up.
    fn ops<O: LineOp>(&mut self, op: &O, input: &Input) -> Result<Stats, Fail> {
        let mut total = Stats::default();
        for source in sources(input)? {
            total.add(self.file(op, &source, false)?);
        }
        Ok(total)
    }

    /// Runs `op` over one input. `report_is_output`: the op's output is its diagnostics
    /// (`check`), so it goes where diagnostics go when they are redirected or silenced.
    fn file<O: LineOp>(
        &mut self,
        op: &O,
        source: &Source,
        report_is_output: bool,
    ) -> Result<Stats, Fail> {
        let src = source.open().map_err(Fail::Error)?;
        let pb = progress(source, &self.g);
        // Output is written a whole chunk at a time; stdout's own line buffering passes such
        // writes straight through, so no BufWriter is needed.
        // Not locked for the run: with `--threads` the workers write (`Sinks` is `Send`).
        let (mut stdout, mut stderr) = (io::stdout(), io::stderr());
        let (mut null, mut null2) = (io::sink(), io::sink());
        let redirected = !matches!(self.diagnostics, Diagnostics::Stderr);
        let diagnostics: &mut (dyn Write + Send) = match &mut self.diagnostics {
            Diagnostics::Stderr => &mut stderr,
            Diagnostics::Quiet => &mut null,
            Diagnostics::File(f) => f,
        };
        let (out, err): (&mut (dyn Write + Send), &mut (dyn Write + Send)) =
            if report_is_output && redirected {
                (diagnostics, &mut null2)
            } else {
                (&mut stdout, diagnostics)
            };
        let mut sinks = Sinks {
            out,
            err,
            progress: pb.as_ref(),
        };
        let result = stream::run(src, op, self.threads, &mut sinks);
        if let Some(pb) = &pb {
            pb.finish_and_clear();
        }
        let stats = result.map_err(|e| match Fail::from(e) {
            Fail::Error(m) => Fail::Error(format!("{}: {m}", source.name())),
            f => f,
        })?;
        sinks
            .out
            .flush()
            .map_err(|e| Fail::from(RunError::Output(e)))?;
        Ok(stats)
    }
}

/// A progress bar for a file of 16 MiB or more, when stderr is a terminal.
fn progress(source: &Source, g: &Global) -> Option<ProgressBar> {
    const MIN: u64 = 16 << 20;
    let file = source.path()?;
    if g.no_progress || !io::stderr().is_terminal() {
        return None;
    }
    let len = std::fs::metadata(file).ok()?.len();
    if len < MIN {
        return None;
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} [{bar:24}] {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
    ) {
        pb.set_style(style.progress_chars("=> "));
    }
    Some(pb)
}
