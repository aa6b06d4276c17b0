//! Streaming input: whole-line chunks read into reused buffers, processed on one thread or on
//! several with the output written in input order.
//!
//! Memory stays bounded for any input size: at most [`IN_FLIGHT_PER_THREAD`] chunks per worker
//! exist at once, each about [`CHUNK`] bytes (a single line longer than that makes its chunk as
//! long as the line, which no line-oriented tool can avoid).

use std::collections::BTreeMap;
use std::io::{self, Read, Write};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::{Condvar, Mutex, PoisonError};

use indicatif::ProgressBar;

use crate::line::Line;

/// Target size of one chunk of input. Big enough that per-chunk costs (a channel message, a
/// `write` system call) vanish next to the per-line work, small enough to keep memory flat.
pub const CHUNK: usize = 1 << 20;

/// Chunks in flight per worker thread (reading, queued, processed, waiting to be written).
const IN_FLIGHT_PER_THREAD: usize = 3;

/// Reads a byte stream as chunks that end at a line boundary.
pub struct ChunkReader<R> {
    src: R,
    /// The partial last line of the previous read, moved to the front of the next chunk.
    carry: Vec<u8>,
    eof: bool,
    target: usize,
    cut: Cut,
}

/// Where a chunk may end: the length of the chunk to take from a buffer that holds at least
/// one `\n`, or `None` to read on.
pub type Cut = fn(&[u8]) -> Option<usize>;

/// The usual cut: after the last `\n`.
pub fn cut_after_last_newline(buf: &[u8]) -> Option<usize> {
    memchr::memrchr(b'\n', buf).map(|i| i + 1)
}

impl<R: Read> ChunkReader<R> {
    /// Reads `src` in chunks of about `target` bytes.
    pub fn new(src: R, target: usize) -> Self {
        Self::with_cut(src, target, cut_after_last_newline)
    }

    /// Reads `src` in chunks of about `target` bytes, ending where `cut` says.
    pub fn with_cut(src: R, target: usize, cut: Cut) -> Self {
        ChunkReader {
            src,
            carry: Vec::new(),
            eof: false,
            target: target.max(1),
            cut,
        }
    }

    /// Replaces `chunk`'s contents with the next run of whole lines: every line ends with
    /// `\n` except possibly the last line of the input. Returns `false` (and an empty chunk)
    /// at the end of the input.
    ///
    /// A read shorter than asked for (a pipe with nothing more waiting) ends the chunk as soon
    /// as it holds a whole line, so `tail -f log | urilex check` answers line by line.
    pub fn next_chunk(&mut self, chunk: &mut Chunk) -> io::Result<bool> {
        chunk.len = 0;
        let buf = &mut chunk.storage;
        let mut len = self.carry.len();
        if buf.len() < len {
            buf.resize(len, 0);
        }
        buf[..len].copy_from_slice(&self.carry);
        self.carry.clear();
        // Bytes before `searched` are known to hold no '\n' (only the partial carried line).
        let mut searched = len;
        loop {
            if self.eof {
                chunk.len = len;
                return Ok(len > 0);
            }
            let want = self.target.saturating_sub(len).max(64 * 1024);
            // The storage only grows, so its bytes are zeroed once, not once per chunk.
            if buf.len() < len + want {
                buf.resize(len + want, 0);
            }
            let n = loop {
                match self.src.read(&mut buf[len..len + want]) {
                    Ok(n) => break n.min(want),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                }
            };
            len += n;
            if n == 0 {
                self.eof = true;
                continue;
            }
            let full = len >= self.target || n < want;
            if !full {
                continue;
            }
            // Only the new bytes are searched for a first '\n', so a line of any length costs
            // linear time.
            let fresh_newline = memchr::memchr(b'\n', &buf[searched..len]).is_some();
            searched = len;
            if !fresh_newline {
                continue;
            }
            let data = &buf[..len];
            let cut = match (self.cut)(data) {
                Some(cut) => Some(cut),
                // A custom cut found no place: give up on it past a few chunks' worth.
                None if len >= 4 * self.target => cut_after_last_newline(data),
                None => None,
            };
            if let Some(cut) = cut.filter(|&c| c > 0 && c <= len) {
                self.carry.extend_from_slice(&buf[cut..len]);
                chunk.len = cut;
                return Ok(true);
            }
        }
    }
}

/// A chunk of input in reusable storage.
#[derive(Default)]
pub struct Chunk {
    storage: Vec<u8>,
    len: usize,
}

impl Chunk {
    /// The chunk's bytes.
    pub fn as_slice(&self) -> &[u8] {
        self.storage.get(..self.len).unwrap_or_default()
    }
}

/// Counts for a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Lines read.
    pub lines: u64,
    /// Lines reported as invalid.
    pub invalid: u64,
    /// Bytes read.
    pub bytes: u64,
}

impl Stats {
    /// Adds another run's counts.
    pub fn add(&mut self, other: Stats) {
        self.lines += other.lines;
        self.invalid += other.invalid;
        self.bytes += other.bytes;
    }
}

/// A per-line job. `line` excludes its `\n` (and a `\r` before it). Appends its output to
/// `out` and any diagnostics to `err`; returns `false` for an invalid line.
pub trait LineOp: Sync {
    /// Where chunks of input may end (after the last `\n` unless the job needs more).
    fn cut(&self) -> Cut {
        cut_after_last_newline
    }

    /// Whether what the op writes depends on the lines' numbers. When it does not (`check`,
    /// `normalize` and `resolve` under `--quiet`: they number only their diagnostics), the
    /// workers of `--threads` do not count each chunk's lines before working on it, nor wait
    /// for the chunks before it to be counted; the op is then given 0 for the first line.
    fn numbered(&self) -> bool {
        true
    }

    /// Processes one line; `lineno` is 1-based.
    fn line(&self, lineno: u64, line: Line<'_>, out: &mut String, err: &mut String) -> bool;

    /// Processes a chunk of whole lines, the first numbered `first`.
    fn chunk(&self, first: u64, chunk: &[u8], out: &mut String, err: &mut String) -> Stats {
        // One UTF-8 check for the whole chunk (lines split at '\n' are then text too); a
        // chunk with a bad byte somewhere is checked line by line.
        by_lines(self, first, chunk, utf8(chunk), out, err)
    }
}

/// [`LineOp::chunk`], line by line: `text` is the chunk as text if it is UTF-8.
pub fn by_lines<O: LineOp + ?Sized>(
    op: &O,
    first: u64,
    chunk: &[u8],
    text: Option<&str>,
    out: &mut String,
    err: &mut String,
) -> Stats {
    let mut stats = Stats {
        bytes: chunk.len() as u64,
        ..Stats::default()
    };
    for span in line_spans(chunk) {
        let line = Line {
            bytes: &chunk[span.clone()],
            text: text.and_then(|t| t.get(span)),
        };
        if !op.line(first + stats.lines, line, out, err) {
            stats.invalid += 1;
        }
        stats.lines += 1;
    }
    stats
}

/// [`LineOp::chunk`] for an op with its own loop over text (`check`, `normalize`, `resolve`):
/// if the chunk is UTF-8 and the op's `common` case holds, `all(text, stats, out, err)`
/// processes its lines as text ([`text_lines`], without [`Line`]: 26 to 36 instructions a
/// line fewer than the general loop), counting them and the invalid ones in `stats`; else
/// the general loop, [`by_lines`], takes the chunk.
pub fn by_text<O: LineOp + ?Sized>(
    op: &O,
    first: u64,
    chunk: &[u8],
    common: bool,
    out: &mut String,
    err: &mut String,
    all: impl FnOnce(&str, &mut Stats, &mut String, &mut String),
) -> Stats {
    let text = utf8(chunk);
    let Some(text) = text.filter(|_| common) else {
        return by_lines(op, first, chunk, text, out, err);
    };
    let mut stats = Stats {
        bytes: text.len() as u64,
        ..Stats::default()
    };
    all(text, &mut stats, out, err);
    stats
}

/// `chunk` as text, if it is UTF-8: a chunk's one check, by `simdutf8` (32 bytes at a time
/// where the CPU has AVX2, detected at run time): 3.6% of `check`'s time (`perf record`,
/// one thread, 1.02 GB), where `std`'s took 5.8% in one build and 9.2% in another that had
/// only moved it by 16 bytes; `check` 0.401 -> 0.386 s, `--threads 2` 0.208 -> 0.204.
pub fn utf8(chunk: &[u8]) -> Option<&str> {
    simdutf8::basic::from_utf8(chunk).ok()
}

/// The lines of a text chunk, as [`lines`] cuts them.
pub fn text_lines(text: &str) -> impl Iterator<Item = &str> {
    line_spans(text.as_bytes()).map(move |r| text.get(r).unwrap_or_default())
}

/// The lines of a chunk, without their `\n` or `\r\n`. A final line without `\n` counts; the
/// empty remainder after a final `\n` does not.
pub fn lines(chunk: &[u8]) -> impl Iterator<Item = &[u8]> {
    line_spans(chunk).map(move |r| &chunk[r])
}

/// Where the line of [`line_spans`] that ends at `end` is over: past its `\n` or `\r\n`,
/// or at the end of the chunk.
pub fn after_line(chunk: &[u8], end: usize) -> usize {
    let ending = match chunk.get(end) {
        Some(b'\r') => 2,
        Some(_) => 1,
        None => 0,
    };
    (end + ending).min(chunk.len())
}

/// How many [`lines`] `chunk` holds: its `\n`s, and a last line without one. One vector
/// pass (`memchr_iter`): 0.1 s per GB, where finding each line took 0.27 s.
pub fn line_count(chunk: &[u8]) -> usize {
    let unterminated = chunk.last().is_some_and(|&b| b != b'\n');
    memchr::memchr_iter(b'\n', chunk).count() + usize::from(unterminated)
}

/// The byte ranges of [`lines`].
pub fn line_spans(chunk: &[u8]) -> impl Iterator<Item = std::ops::Range<usize>> + '_ {
    let mut ends = LineEnds::new(chunk);
    let mut start = 0;
    std::iter::from_fn(move || {
        if start >= chunk.len() {
            return None;
        }
        let (end, next) = match ends.next() {
            Some(i) => (i, i + 1),
            None => (chunk.len(), chunk.len()),
        };
        let line = start..end;
        start = next;
        match chunk.get(end.wrapping_sub(1)) {
            Some(b'\r') if end > line.start => Some(line.start..end - 1),
            _ => Some(line),
        }
    })
}

/// The indexes of the `\n`s of a chunk, in order: a bit mask per 64 bytes (four vector
/// compares), walked bit by bit. A `memchr` call per line cost some 65 instructions on lines
/// of 50 bytes (a tenth of `normalize`'s work per line); this costs a few per line and a
/// dozen per block.
struct LineEnds<'a> {
    chunk: &'a [u8],
    /// Where the block of `mask` starts.
    block: usize,
    /// The `\n`s of that block not yet returned (bit k for byte `block + k`).
    mask: u64,
}

impl<'a> LineEnds<'a> {
    fn new(chunk: &'a [u8]) -> Self {
        LineEnds {
            chunk,
            block: 0,
            mask: newlines(chunk),
        }
    }
}

impl Iterator for LineEnds<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.mask == 0 {
            self.block += 64;
            let rest = self.chunk.get(self.block..).filter(|r| !r.is_empty())?;
            self.mask = newlines(rest);
        }
        let at = self.block + self.mask.trailing_zeros() as usize;
        self.mask &= self.mask - 1;
        Some(at)
    }
}

/// Bit k set where byte k of the first 64 bytes of `bytes` is `\n`.
#[inline]
fn newlines(bytes: &[u8]) -> u64 {
    use wide::u8x16;
    match bytes.first_chunk::<64>() {
        Some(block) => {
            let nl = u8x16::splat(b'\n');
            let mut mask = 0;
            for (i, part) in block.chunks_exact(16).enumerate() {
                let v = u8x16::new(part.try_into().unwrap_or([0; 16]));
                mask |= u64::from(v.cmp_eq(nl).move_mask() as u16) << (16 * i);
            }
            mask
        }
        // The last bytes of a chunk, once per chunk: byte by byte.
        None => bytes
            .iter()
            .enumerate()
            .filter(|&(_, &b)| b == b'\n')
            .fold(0, |m, (k, _)| m | 1 << k),
    }
}

/// Why a run stopped early.
#[derive(Debug)]
pub enum RunError {
    /// Reading the input failed.
    Input(io::Error),
    /// Writing the output failed (a closed pipe shows up here as `BrokenPipe`).
    Output(io::Error),
}

/// Where output and diagnostics go, with the progress bar (if any) moved out of the way.
/// `Send`, so that with `--threads` the worker that finishes a chunk can write it.
pub struct Sinks<'a> {
    /// Output.
    pub out: &'a mut (dyn Write + Send),
    /// Diagnostics.
    pub err: &'a mut (dyn Write + Send),
    /// The progress bar, advanced by the bytes of each chunk written.
    pub progress: Option<&'a ProgressBar>,
}

impl Sinks<'_> {
    fn emit(&mut self, out: &str, err: &str, bytes: u64) -> Result<(), RunError> {
        if !err.is_empty() {
            match self.progress {
                Some(pb) => pb.suspend(|| self.err.write_all(err.as_bytes())),
                None => self.err.write_all(err.as_bytes()),
            }
            .map_err(RunError::Output)?;
        }
        self.out
            .write_all(out.as_bytes())
            .map_err(RunError::Output)?;
        if let Some(pb) = self.progress {
            pb.inc(bytes);
        }
        Ok(())
    }
}

/// Runs `op` over every line of `src` with `threads` workers (1 = on this thread), writing
/// output in input order.
pub fn run<R, O>(src: R, op: &O, threads: usize, sinks: &mut Sinks<'_>) -> Result<Stats, RunError>
where
    R: Read + Send,
    O: LineOp,
{
    if threads <= 1 {
        run_single(src, op, sinks)
    } else {
        run_parallel(src, op, threads, sinks)
    }
}

fn run_single<R: Read, O: LineOp>(
    src: R,
    op: &O,
    sinks: &mut Sinks<'_>,
) -> Result<Stats, RunError> {
    let mut reader = ChunkReader::with_cut(src, CHUNK, op.cut());
    let (mut buf, mut out, mut err) = (Chunk::default(), String::new(), String::new());
    let mut total = Stats::default();
    while reader.next_chunk(&mut buf).map_err(RunError::Input)? {
        out.clear();
        err.clear();
        let chunk = buf.as_slice();
        let stats = op.chunk(total.lines + 1, chunk, &mut out, &mut err);
        total.add(stats);
        sinks.emit(&out, &err, stats.bytes)?;
    }
    Ok(total)
}

/// Buffers that travel together: the input chunk and the output written for it.
#[derive(Default)]
struct Bufs {
    input: Chunk,
    out: String,
    err: String,
}

/// The numbers of the lines across workers: chunk `seq`'s first line is known once the lines
/// of every chunk before it are counted. Each worker counts its own chunk's lines after it
/// lets go of the [`Feed`], so that reading stays all the feed's lock holds (on 2 cores, with
/// a reader thread then, this measured the same as counting on the reader: `check --threads
/// 2` 0.53 s per GB either way; with more workers a serial count would be the bound), and
/// waits only for the counts of the chunks before it, which other workers
/// took earlier and count first thing. (The lowest chunk not yet counted is always being
/// counted, so no one waits forever.)
#[derive(Default)]
struct Numbering {
    /// The next chunk to be numbered, and its first line's number.
    next: Mutex<(u64, u64)>,
    turn: Condvar,
}

impl Numbering {
    /// The number of chunk `seq`'s first line, once the chunks before it are numbered; the
    /// chunk holds `lines` lines. `None` if another worker panicked holding the lock.
    fn first_line(&self, seq: u64, lines: u64) -> Option<u64> {
        let mut next = self.next.lock().ok()?;
        while next.0 != seq {
            next = self.turn.wait(next).ok()?;
        }
        let first = next.1 + 1;
        *next = (seq + 1, next.1 + lines);
        self.turn.notify_all();
        Some(first)
    }
}

/// A chunk worked on: its number, its counts and its buffers (its output in them).
struct Done {
    seq: u64,
    stats: Stats,
    bufs: Bufs,
}

/// The output of `--threads`, written in input order by the workers themselves: the one that
/// finishes the next chunk to write writes it, and every chunk after it that is done; a chunk
/// done early waits here. No thread of its own, as for the input ([`Feed`]): a writer thread
/// beside two workers was woken for every chunk, and took a core from one of them for it:
/// `check --threads 2` on 1.02 GB made 1,400 involuntary context switches, now a dozen, and
/// took 0.218 s, now 0.208 (best of five, interleaved).
struct Writer<'s, 'a> {
    sinks: &'s mut Sinks<'a>,
    /// Chunks done, by number, that wait for the chunks before them.
    pending: BTreeMap<u64, Done>,
    /// The number of the next chunk to write.
    next: u64,
    /// The counts of the chunks written.
    total: Stats,
    /// Where written chunks' buffers go back to the feed. `None` once writing failed: a
    /// worker waiting there for buffers then finds the input finished, and so does every
    /// worker after it.
    recycle: Option<SyncSender<Bufs>>,
    error: Option<RunError>,
}

impl Writer<'_, '_> {
    /// Takes chunk `done` and writes every chunk that can be written now, in order; `false`
    /// once writing has failed (the run is over).
    fn take(&mut self, done: Done) -> bool {
        let Some(recycle) = &self.recycle else {
            return false;
        };
        self.pending.insert(done.seq, done);
        while let Some(Done { stats, bufs, .. }) = self.pending.remove(&self.next) {
            if let Err(e) = self.sinks.emit(&bufs.out, &bufs.err, stats.bytes) {
                self.error = Some(e);
                self.recycle = None;
                self.pending.clear();
                return false;
            }
            self.total.add(stats);
            self.next += 1;
            // The reader may have finished; then the buffers are simply dropped.
            let _ = recycle.try_send(bufs);
        }
        true
    }
}

/// The input, read by the workers in turn: the one that holds it reads the next chunk, takes
/// its number, and lets go before working on it. No thread of its own: a reader thread beside
/// two workers made three busy threads for two cores. On 1.02 GB, two threads: `check` 0.44
/// s with the reader thread, 0.38 s without (1.84x one thread's 0.70 s), `resolve` 0.94 ->
/// 0.85 s.
struct Feed<R> {
    reader: ChunkReader<R>,
    /// The number of the next chunk.
    seq: u64,
    /// Buffer sets that the writer is done with; after the first `in_flight` chunks, every
    /// chunk waits for one, which bounds memory however slow the writer or one worker is.
    recycle: Receiver<Bufs>,
    in_flight: u64,
    /// The input is read to its end, or failed (`error`), or the writer stopped.
    finished: bool,
    error: Option<io::Error>,
}

impl<R: Read> Feed<R> {
    /// The next chunk and its number, or `None` at the end (or after a failure, kept in
    /// `error`, or when the writer stopped).
    fn next(&mut self) -> Option<(u64, Bufs)> {
        if self.finished {
            return None;
        }
        let bufs = if self.seq < self.in_flight {
            Some(Bufs::default())
        } else {
            self.recycle.recv().ok()
        };
        let Some(mut bufs) = bufs else {
            self.finished = true; // the writer stopped
            return None;
        };
        match self.reader.next_chunk(&mut bufs.input) {
            Ok(true) => {
                self.seq += 1;
                Some((self.seq - 1, bufs))
            }
            Ok(false) => {
                self.finished = true;
                None
            }
            Err(e) => {
                self.error = Some(e);
                self.finished = true;
                None
            }
        }
    }
}

/// Workers: each reads a chunk from the shared [`Feed`] in turn, works on it, and hands it
/// to the shared [`Writer`], which sends written chunks' buffers back to the feed.
fn run_parallel<R, O>(
    src: R,
    op: &O,
    threads: usize,
    sinks: &mut Sinks<'_>,
) -> Result<Stats, RunError>
where
    R: Read + Send,
    O: LineOp,
{
    let in_flight = threads * IN_FLIGHT_PER_THREAD;
    let (recycle_tx, recycle_rx) = sync_channel::<Bufs>(in_flight);
    let feed = Mutex::new(Feed {
        reader: ChunkReader::with_cut(src, CHUNK, op.cut()),
        seq: 0,
        recycle: recycle_rx,
        in_flight: in_flight as u64,
        finished: false,
        error: None,
    });
    let numbering = Numbering::default();
    let writer = Mutex::new(Writer {
        sinks,
        pending: BTreeMap::new(),
        next: 0,
        total: Stats::default(),
        recycle: Some(recycle_tx),
        error: None,
    });
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (feed, numbering, writer) = (&feed, &numbering, &writer);
            scope.spawn(move || work(op, feed, numbering, writer));
        }
    });
    // A worker that panicked (a bug) has made the scope panic already: no lock is poisoned
    // here.
    let writer = writer.into_inner().unwrap_or_else(PoisonError::into_inner);
    if let Some(e) = writer.error {
        return Err(e);
    }
    match feed
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
        .error
    {
        Some(e) => Err(RunError::Input(e)),
        None => Ok(writer.total),
    }
}

fn work<R: Read, O: LineOp>(
    op: &O,
    feed: &Mutex<Feed<R>>,
    numbering: &Numbering,
    writer: &Mutex<Writer<'_, '_>>,
) {
    loop {
        // The lock is held while the chunk is read, not while it is worked on.
        let next = match feed.lock() {
            Ok(mut feed) => feed.next(),
            Err(_) => return,
        };
        let Some((seq, mut bufs)) = next else {
            return;
        };
        let first = match op.numbered() {
            true => {
                let lines = line_count(bufs.input.as_slice()) as u64;
                let Some(first) = numbering.first_line(seq, lines) else {
                    return;
                };
                first
            }
            false => 0,
        };
        bufs.out.clear();
        bufs.err.clear();
        let stats = op.chunk(first, bufs.input.as_slice(), &mut bufs.out, &mut bufs.err);
        let taken = match writer.lock() {
            Ok(mut writer) => writer.take(Done { seq, stats, bufs }),
            Err(_) => false,
        };
        if !taken {
            return;
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A reader that hands out at most `step` bytes per call, like a pipe.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.1.min(buf.len()).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    fn chunks(input: &[u8], target: usize, step: usize) -> Vec<Vec<u8>> {
        let mut r = ChunkReader::new(Trickle(input, step), target);
        let mut out = Vec::new();
        let mut buf = Chunk::default();
        while r.next_chunk(&mut buf).unwrap() {
            out.push(buf.as_slice().to_vec());
        }
        out
    }

    #[test]
    fn chunks_end_at_line_boundaries_and_lose_nothing() {
        let input: Vec<u8> = (0..5000)
            .flat_map(|i| format!("line {i} {}\n", "x".repeat(i % 97)).into_bytes())
            .chain(b"no newline at end".iter().copied())
            .collect();
        for (target, step) in [(1, 1), (10, 7), (4096, 100_000), (1 << 20, 65_536)] {
            let cs = chunks(&input, target, step);
            assert_eq!(cs.concat(), input, "target {target} step {step}");
            for c in &cs[..cs.len() - 1] {
                assert_eq!(c.last(), Some(&b'\n'));
            }
        }
    }

    #[test]
    fn a_line_longer_than_a_chunk_stays_whole() {
        let long = vec![b'a'; 300_000];
        let input = [&b"x\n"[..], &long, b"\ny\n"].concat();
        let cs = chunks(&input, 1000, 4096);
        assert_eq!(cs.concat(), input);
        assert!(cs.iter().any(|c| c.len() > 300_000));
    }

    #[test]
    fn lines_strip_crlf_and_keep_a_last_line_without_newline() {
        let got: Vec<&[u8]> = lines(b"a\r\n\nb\rc\nd").collect();
        assert_eq!(got, [&b"a"[..], b"", b"b\rc", b"d"]);
        assert_eq!(lines(b"").count(), 0);
        assert_eq!(lines(b"\n").count(), 1);
    }

    /// `op.chunk` of `chunk` (its first line numbered 3) against the general loop,
    /// [`by_lines`]: an op's own loop must give the same output, diagnostics and counts.
    pub(crate) fn chunk_as_by_lines<O: LineOp>(op: &O, chunk: &[u8]) -> Stats {
        let (mut out, mut err) = (String::new(), String::new());
        let stats = op.chunk(3, chunk, &mut out, &mut err);
        let (mut want_out, mut want_err) = (String::new(), String::new());
        let text = std::str::from_utf8(chunk).ok();
        let want = by_lines(op, 3, chunk, text, &mut want_out, &mut want_err);
        assert_eq!(
            (stats, &out, &err),
            (want, &want_out, &want_err),
            "{chunk:?}"
        );
        stats
    }

    /// A generator of `len` bytes drawn from `alphabet` (xorshift, fixed seed: the tests
    /// see the same inputs on every run).
    pub(crate) fn random_bytes(alphabet: &'static [u8]) -> impl FnMut(usize) -> Vec<u8> {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        move |len| {
            (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    alphabet[(seed % alphabet.len() as u64) as usize]
                })
                .collect()
        }
    }

    #[test]
    fn lines_agree_with_a_split_on_newlines() {
        // Chunks of every length up to past three blocks of 64, from bytes where '\n' and
        // '\r' are frequent, against the definition: split at '\n', the empty remainder
        // after a final '\n' dropped, one '\r' at the end of each line stripped (of a last
        // line without '\n' too).
        let mut random = random_bytes(b"ab\n\r/");
        for len in 0..200 {
            for _ in 0..50 {
                let chunk = random(len);
                let mut want: Vec<&[u8]> = chunk.split(|&b| b == b'\n').collect();
                if chunk.last() == Some(&b'\n') || chunk.is_empty() {
                    want.pop();
                }
                let want: Vec<&[u8]> = want
                    .into_iter()
                    .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
                    .collect();
                let got: Vec<&[u8]> = lines(&chunk).collect();
                assert_eq!(got, want, "{chunk:?}");
                assert_eq!(line_count(&chunk), got.len(), "{chunk:?}");
            }
        }
    }

    #[test]
    fn utf8_agrees_with_std() {
        // Text of sequences of every length, valid ones most often, each broken one (a
        // surrogate, an overlong form, a stray byte, a cut sequence) rarely, so that many
        // inputs are valid and the others are broken anywhere, across vector blocks: the same
        // verdict as `std`'s.
        let pieces: [&[u8]; 12] = [
            b"a",
            b"/",
            b"\n",
            b"a",
            "\u{e9}".as_bytes(),
            "\u{20ac}".as_bytes(),
            "\u{1f600}".as_bytes(),
            b"ab",
            b"\xED\xA0\x80",
            b"\xFF",
            b"\xC0\xAF",
            b"\xE2\x82",
        ];
        // '0' (the piece "a") 100 times in 111: a broken piece one time in 28.
        let alphabet: Vec<u8> = [b'0'; 100].iter().chain(b"123456789ab").copied().collect();
        let mut pick = random_bytes(alphabet.leak());
        let mut long = [0; 2];
        for len in 0..200 {
            for _ in 0..40 {
                let picks = pick(len);
                let bytes: Vec<u8> = picks
                    .iter()
                    .flat_map(|&p| pieces[(p as char).to_digit(12).unwrap_or(0) as usize])
                    .copied()
                    .collect();
                assert_eq!(utf8(&bytes), std::str::from_utf8(&bytes).ok(), "{bytes:?}");
                if bytes.len() > 64 {
                    long[usize::from(utf8(&bytes).is_some())] += 1;
                }
            }
        }
        // Both verdicts, past a block of 64 bytes.
        assert!(long[0] > 100 && long[1] > 100, "{long:?}");
    }

    #[test]
    fn line_count_is_the_count_of_lines() {
        for chunk in [
            &b""[..],
            b"\n",
            b"\n\n",
            b"a",
            b"a\n",
            b"a\r\n\nb\rc\nd",
            b"a\nb\n",
            b"\r",
            b"\r\n",
        ] {
            assert_eq!(line_count(chunk), lines(chunk).count(), "{chunk:?}");
        }
    }
}
