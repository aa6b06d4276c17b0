//! `urilex`: bulk parse, check, resolve, normalize and extract RFC 3986 URI references.
//!
//! Every subcommand reads one URI per line from files or stdin, streams in constant memory,
//! and never stops at a bad line. With no arguments and no piped input, `urilex` runs the main
//! job on a sample compiled into the binary and prints a summary.
#![forbid(unsafe_code)]

mod line;
mod ops;
mod stream;
mod summary;
mod transform;

use std::fs::File;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use stream::{LineOp, RunError, Sinks, Stats};

const EXAMPLES: &str = "\
Examples:
  urilex                                   main job on the embedded sample: summary + throughput
  urilex < urls.txt                        the same summary over your own lines
  urilex parse --json urls.txt             one JSON object per line
  urilex check urls.txt                    LINE:BYTE: message per invalid line; exit 1 if any
  urilex resolve --base http://a/b/c/d links.txt
  urilex resolve pairs.tsv                 each line is base<TAB>reference
  urilex normalize --threads 4 big.txt     order of the output = order of the input
  urilex extract page.html                 URIs found in running text
  cat urls.txt | urilex check -            '-' (or no file) reads stdin

Exit status: 0 = done; 1 = some lines were invalid (check, resolve, normalize); 2 = usage or
I/O error. A closed output pipe (urilex parse big.txt | head) ends the run quietly.";

/// Fast, exact RFC 3986 URI references on the command line.
#[derive(Parser, Debug)]
#[command(name = "urilex", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    global: Global,
}

#[derive(Args, Debug, Clone, Copy)]
struct Global {
    /// Worker threads for large inputs (0 = one per core). Output order is the input order.
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
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Split each line into its components.
    ///
    /// Text output: `valid` and the present components as name=value, tab-separated (an absent
    /// component is left out, an empty one is `name=`), or `invalid`, the byte index, the
    /// error kind and the message.
    #[command(
        after_help = "Examples:\n  urilex parse urls.txt\n  echo 'http://[::1]:80/?q' | urilex parse --json"
    )]
    Parse {
        /// One JSON object per line: {"input", "valid", "error": {"index","kind","message"} |
        /// null, "scheme", "userinfo", "host", "port", "path", "query", "fragment"}, null for an
        /// absent component.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Print `LINE:BYTE: message` for each invalid line (BYTE counts from 0); exit 1 if any.
    #[command(
        after_help = "Examples:\n  urilex check urls.txt\n  urilex check a.txt b.txt    (prefixes FILE: when given several files)"
    )]
    Check {
        #[command(flatten)]
        input: Input,
    },
    /// Resolve references against a base (RFC 3986 section 5).
    ///
    /// One resolved URI per input line. A line that cannot be resolved gives an empty output
    /// line (so output lines stay aligned with input lines) and `LINE:BYTE: message` on
    /// stderr.
    #[command(
        after_help = "Examples:\n  urilex resolve --base 'http://a/b/c/d;p?q' refs.txt\n  printf 'http://a/b/c\\t../d\\n' | urilex resolve"
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
    /// Normalize each line (RFC 3986 section 6.2.2; with --scheme-based also 6.2.3).
    ///
    /// One normalized URI per input line; an invalid line gives an empty output line and
    /// `LINE:BYTE: message` on stderr.
    #[command(
        after_help = "Examples:\n  urilex normalize urls.txt\n  echo 'HTTP://Example.COM:80/a/./b/../%7euser' | urilex normalize"
    )]
    Normalize {
        /// Also apply scheme-based normalization (RFC 3986 section 6.2.3: drop a default
        /// port, empty path to "/" for http, https, ws, wss and ftp).
        #[arg(long)]
        scheme_based: bool,
        #[command(flatten)]
        input: Input,
    },
    /// Print the URIs found in running text (or HTML with --html), one per line.
    #[command(
        after_help = "Examples:\n  urilex extract notes.txt\n  urilex extract --html page.html"
    )]
    Extract {
        /// Read the input as HTML (attribute values, character references).
        #[arg(long)]
        html: bool,
        /// Prefix each URI with the number of the line it starts on.
        #[arg(short = 'n', long)]
        line_number: bool,
        #[command(flatten)]
        input: Input,
    },
    /// The main job's summary (counts, error kinds, throughput) over the given lines.
    #[command(
        after_help = "Examples:\n  urilex summary urls.txt\n  urilex summary    (stdin, or the embedded sample when stdin is a terminal or empty)"
    )]
    Summary {
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
    /// Input files, one URI per line; `-` or none reads stdin.
    #[arg(value_name = "FILE")]
    files: Vec<PathBuf>,
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    match dispatch(cli) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::from(1),
        Err(Fail::Closed) => ExitCode::SUCCESS,
        Err(Fail::Error(msg)) => {
            let _ = writeln!(io::stderr(), "urilex: {msg}");
            ExitCode::from(2)
        }
    }
}

/// Runs the command; `Ok(false)` when lines were invalid and the command reports that.
fn dispatch(cli: Cli) -> Result<bool, Fail> {
    let g = cli.global;
    let Some(command) = cli.command else {
        return summary_of_stdin_or_sample(g);
    };
    match command {
        Command::Parse { json: false, input } => run_op(&ops::Parse, &input, g).map(|_| true),
        Command::Parse { json: true, input } => run_op(&ops::ParseJson, &input, g).map(|_| true),
        Command::Check { input } => {
            let several = input.files.len() > 1;
            let mut all_valid = true;
            for file in sources(&input) {
                let prefix = if several {
                    format!("{}:", file.display())
                } else {
                    String::new()
                };
                let stats = run_file(&ops::Check { prefix }, &file, g)?;
                all_valid &= stats.invalid == 0;
            }
            Ok(all_valid)
        }
        Command::Resolve { base, mode, input } => resolve(base.as_deref(), mode, &input, g),
        Command::Normalize {
            scheme_based,
            input,
        } => {
            let level = if scheme_based {
                urilex::Normalization::SchemeBased
            } else {
                urilex::Normalization::Syntax
            };
            run_op(&transform::Normalize { level }, &input, g).map(|s| s.invalid == 0)
        }
        Command::Extract {
            html,
            line_number,
            input,
        } => extract(html, line_number, &input, g),
        Command::Summary { input } => {
            if input.files.is_empty() {
                return summary_of_stdin_or_sample(g);
            }
            for file in sources(&input) {
                let src = open(&file)?;
                let pb = progress(&file, g);
                summary::of_stream(src, &display_name(&file), pb.as_ref())?;
            }
            Ok(true)
        }
    }
}

#[cfg(feature = "resolve")]
fn resolve(base: Option<&str>, mode: ModeArg, input: &Input, g: Global) -> Result<bool, Fail> {
    let base = match base {
        Some(b) => Some(check_base(b)?),
        None => None,
    };
    let op = transform::Resolve {
        base,
        resolver: urilex::Resolver::new(mode.into()),
    };
    run_op(&op, input, g).map(|s| s.invalid == 0)
}

#[cfg(not(feature = "resolve"))]
fn resolve(_: Option<&str>, _: ModeArg, _: &Input, _: Global) -> Result<bool, Fail> {
    Err(Fail::Error(
        "resolve: this build has no resolution (the library's resolve module was not merged \
         yet; build the CLI with its `resolve` feature once it is)"
            .into(),
    ))
}

#[cfg(feature = "extract")]
fn extract(html: bool, line_number: bool, input: &Input, g: Global) -> Result<bool, Fail> {
    run_op(&transform::Extract { html, line_number }, input, g).map(|_| true)
}

#[cfg(not(feature = "extract"))]
fn extract(_: bool, _: bool, _: &Input, _: Global) -> Result<bool, Fail> {
    Err(Fail::Error(
        "extract: this build has no extraction (the library's extract module was not merged \
         yet; build the CLI with its `extract` feature once it is)"
            .into(),
    ))
}

#[cfg(feature = "resolve")]
/// Parses `--base`: it must be a URI with a scheme (RFC 3986 section 5.1).
fn check_base(base: &str) -> Result<urilex::Base<'_>, Fail> {
    let fail = |e: &dyn std::fmt::Display| Fail::Error(format!("--base {base:?}: {e}"));
    let uri = urilex::UriRef::parse(base).map_err(|e| fail(&e))?;
    // A base needs a scheme (RFC 3986 section 5.1): `Base::new` says so.
    urilex::Base::new(uri).map_err(|e| fail(&e))
}

/// `-` stands for stdin; no files at all means stdin.
fn sources(input: &Input) -> Vec<PathBuf> {
    if input.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        input.files.clone()
    }
}

fn display_name(file: &std::path::Path) -> String {
    if file.as_os_str() == "-" {
        "stdin".into()
    } else {
        file.display().to_string()
    }
}

fn open(file: &std::path::Path) -> Result<Box<dyn Read + Send>, Fail> {
    if file.as_os_str() == "-" {
        return Ok(Box::new(io::stdin()));
    }
    File::open(file)
        .map(|f| Box::new(f) as Box<dyn Read + Send>)
        .map_err(|e| Fail::Error(format!("{}: {e}", file.display())))
}

/// Runs `op` over every input; the stats add up over files.
fn run_op<O: LineOp>(op: &O, input: &Input, g: Global) -> Result<Stats, Fail> {
    let mut total = Stats::default();
    for file in sources(input) {
        let s = run_file(op, &file, g)?;
        total.lines += s.lines;
        total.invalid += s.invalid;
        total.bytes += s.bytes;
    }
    Ok(total)
}

fn run_file<O: LineOp>(op: &O, file: &std::path::Path, g: Global) -> Result<Stats, Fail> {
    let src = open(file)?;
    let pb = if g.no_progress {
        None
    } else {
        progress(file, g)
    };
    let threads = match g.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    // Output is written a whole chunk at a time; stdout's own line buffering passes such
    // writes straight through, so no BufWriter is needed.
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let stderr = io::stderr();
    let mut err = stderr.lock();
    let mut sinks = Sinks {
        out: &mut out,
        err: &mut err,
        progress: pb.as_ref(),
    };
    let result = stream::run(src, op, threads, &mut sinks);
    if let Some(pb) = &pb {
        pb.finish_and_clear();
    }
    let stats = result.map_err(|e| match Fail::from(e) {
        Fail::Error(m) => Fail::Error(format!("{}: {m}", display_name(file))),
        f => f,
    })?;
    out.flush().map_err(|e| Fail::from(RunError::Output(e)))?;
    Ok(stats)
}

/// A progress bar for a file of 16 MiB or more, when stderr is a terminal.
fn progress(file: &std::path::Path, g: Global) -> Option<ProgressBar> {
    const MIN: u64 = 16 << 20;
    if g.no_progress || file.as_os_str() == "-" || !io::stderr().is_terminal() {
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

/// The main job: a summary of piped stdin if there is any, else of the embedded sample.
///
/// "No piped input" covers a terminal on stdin, and also an empty or closed stdin (CI runs
/// `cargo run --release` with stdin at /dev/null or closed).
fn summary_of_stdin_or_sample(_g: Global) -> Result<bool, Fail> {
    let stdin = io::stdin();
    if !stdin.is_terminal() {
        let mut lock = stdin.lock();
        let has_input = matches!(lock.fill_buf(), Ok(buf) if !buf.is_empty());
        if has_input {
            summary::of_stream(lock, "stdin", None)?;
            return Ok(true);
        }
    }
    summary::of_sample()?;
    Ok(true)
}
