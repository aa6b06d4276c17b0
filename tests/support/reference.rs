//! A slow, obviously correct recognizer for RFC 3986, written rule by rule from Appendix A.
//!
//! It is the oracle the table-driven parser is checked against, so it is built for being read
//! next to the ABNF, not for speed:
//!
//! - every rule is a function over a *set of parser states* (input position + the component
//!   spans captured so far). A rule maps each state to every way it can continue, so
//!   alternatives (`/`), options (`[ ]`) and repetitions (`*`, `n*m`) explore all branches and
//!   backtracking is never needed by hand: scheme vs path, `userinfo@` vs `host:port`, and the
//!   nine IPv6address alternatives all fall out of the search;
//! - terminals are the single-byte predicates of `support::abnf` and literal strings, matched
//!   case-insensitively as RFC 5234 §2.3 says (only `"v"` of IPvFuture has a letter); an
//!   alternation of single-byte terminals (`unreserved / sub-delims / ":"`) is tested as one
//!   byte predicate, which is the same language and keeps the search small;
//! - a complete parse is a state at the end of the input. The grammar is unambiguous at the
//!   component level, so all complete parses must agree on the components; `parse` checks that.
//!
//! The error position follows the parser's contract: the length of the longest prefix of the
//! input that is still a prefix of some valid input. A prefix is viable exactly when some
//! partial derivation consumes all of it, i.e. when a terminal is tried at its end (every rule
//! of the grammar derives at least one string, so such a derivation can always be completed).

use std::cell::Cell;

use super::abnf;
use urilex::{ErrorKind, ParseError};

/// The four entry rules of RFC 3986.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// `URI-reference = URI / relative-ref` (§4.1)
    UriReference,
    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]` (§3)
    Uri,
    /// `absolute-URI = scheme ":" hier-part [ "?" query ]` (§4.3)
    AbsoluteUri,
    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]` (§4.2)
    RelativeRef,
}

/// Which alternative of `host` (§3.2.2) a host is: first match wins, so a host that matches
/// IPv4address is an IPv4 address even though it also matches reg-name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostKind {
    Ipv4,
    Ipv6,
    IpvFuture,
    RegName,
}

/// The components of a valid input: `None` when the delimiter is absent, `Some("")` when it
/// is present and the component empty (§5.3 keeps the two apart).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub scheme: Option<String>,
    pub authority: Option<String>,
    pub userinfo: Option<String>,
    pub host: Option<String>,
    pub port: Option<String>,
    pub path: String,
    pub query: Option<String>,
    pub fragment: Option<String>,
    pub host_kind: Option<HostKind>,
    /// Byte ranges (without delimiters) in the order scheme, authority, userinfo, host, port,
    /// path, query, fragment.
    pub spans: [Option<(usize, usize)>; 8],
}

type Span = Option<(usize, usize)>;

/// Component spans captured along one derivation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
struct Caps {
    scheme: Span,
    authority: Span,
    userinfo: Span,
    host: Span,
    port: Span,
    path: Span,
    query: Span,
    fragment: Span,
}

/// A set of parser states: (position, captures so far). Kept sorted and deduplicated.
type St = Vec<(usize, Caps)>;

struct G<'a> {
    s: &'a [u8],
    /// RFC 3987's grammar: `ucschar` joins `unreserved` (iunreserved) and `iprivate` the query.
    iri: bool,
    /// Set when a terminal is tried at the end of the input (see the module docs).
    hit_end: Cell<bool>,
    /// The furthest position any state reached: the end of the longest viable prefix.
    furthest: Cell<usize>,
}

fn norm(mut st: St) -> St {
    st.sort_unstable();
    st.dedup();
    st
}

fn union(mut a: St, b: St) -> St {
    a.extend(b);
    norm(a)
}

impl G<'_> {
    // ---- terminals and combinators (RFC 5234 §3) ----

    /// One byte satisfying `pred`.
    fn byte(&self, st: St, pred: impl Fn(u8) -> bool) -> St {
        if st.is_empty() {
            return st;
        }
        st.into_iter()
            .filter_map(|(i, c)| match self.s.get(i) {
                Some(&b) if pred(b) => {
                    self.furthest.set(self.furthest.get().max(i + 1));
                    Some((i + 1, c))
                }
                Some(_) => None,
                None => {
                    self.hit_end.set(true);
                    None
                }
            })
            .collect()
    }

    /// One character, all its UTF-8 bytes, satisfying `pred` (RFC 3987's `ucschar` and
    /// `iprivate`; nothing in RFC 3986's grammar).
    fn char(&self, st: St, pred: impl Fn(u32) -> bool) -> St {
        if !self.iri {
            return Vec::new();
        }
        st.into_iter()
            .filter_map(|(i, c)| {
                let Some(&lead) = self.s.get(i) else {
                    self.hit_end.set(true);
                    return None;
                };
                let len = match lead {
                    0xC0..=0xDF => 2,
                    0xE0..=0xEF => 3,
                    0xF0..=0xF7 => 4,
                    _ => return None,
                };
                let ch = std::str::from_utf8(self.s.get(i..i + len)?)
                    .ok()?
                    .chars()
                    .next()?;
                pred(ch as u32).then(|| {
                    self.furthest.set(self.furthest.get().max(i + len));
                    (i + len, c)
                })
            })
            .collect()
    }

    /// `ucschar` (RFC 3987 §2.2), which `iunreserved` adds to `unreserved`, without the bidi
    /// formatting characters that §4.1 says IRIs MUST NOT contain.
    fn ucschar(&self, st: St) -> St {
        self.char(st, |c| abnf::ucschar(c) && !abnf::bidi_formatting(c))
    }

    /// A quoted string: case-insensitive (RFC 5234 §2.3).
    fn lit(&self, st: St, text: &str) -> St {
        text.bytes()
            .fold(st, |st, t| self.byte(st, |b| b.eq_ignore_ascii_case(&t)))
    }

    /// `[ rule ]`
    fn opt(&self, st: St, f: impl Fn(St) -> St) -> St {
        if st.is_empty() {
            return st;
        }
        union(st.clone(), f(st))
    }

    /// `*rule`: every state reachable by zero or more applications.
    fn star(&self, st: St, f: impl Fn(St) -> St) -> St {
        let mut all = norm(st);
        let mut frontier = all.clone();
        while !frontier.is_empty() {
            frontier = norm(f(frontier));
            frontier.retain(|x| !all.contains(x));
            all.extend_from_slice(&frontier);
        }
        norm(all)
    }

    /// `min*max rule`
    fn rep(&self, st: St, min: usize, max: usize, f: impl Fn(St) -> St) -> St {
        let mut cur = norm(st);
        for _ in 0..min {
            cur = norm(f(cur));
        }
        let mut all = cur.clone();
        for _ in min..max {
            cur = norm(f(cur));
            all = union(all, cur.clone());
        }
        all
    }

    /// `1*rule`
    fn plus(&self, st: St, f: impl Fn(St) -> St) -> St {
        let once = f(st);
        self.star(once, f)
    }

    /// Alternatives `a / b / ...`: the union of all.
    fn alt(&self, st: St, fs: &[&dyn Fn(St) -> St]) -> St {
        if st.is_empty() {
            return st;
        }
        let mut out = Vec::new();
        for f in fs {
            out.extend(f(st.clone()));
        }
        norm(out)
    }

    /// Runs `f` and records, for each resulting state, the span it consumed in `field`.
    fn cap(&self, st: St, field: fn(&mut Caps) -> &mut Span, f: impl Fn(St) -> St) -> St {
        let mut out = Vec::new();
        for (start, caps) in st {
            for (end, mut c) in f(vec![(start, caps)]) {
                *field(&mut c) = Some((start, end));
                out.push((end, c));
            }
        }
        norm(out)
    }

    // ---- §4.1, §3, §4.3, §4.2 ----

    /// `URI-reference = URI / relative-ref`
    fn uri_reference(&self, st: St) -> St {
        self.alt(st, &[&|s| self.uri(s), &|s| self.relative_ref(s)])
    }

    /// `URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]`
    fn uri(&self, st: St) -> St {
        let st = self.absolute_uri(st);
        self.opt_fragment(st)
    }

    /// `absolute-URI = scheme ":" hier-part [ "?" query ]`
    fn absolute_uri(&self, st: St) -> St {
        let st = self.cap(st, |c| &mut c.scheme, |s| self.scheme(s));
        let st = self.lit(st, ":");
        let st = self.hier_part(st);
        self.opt_query(st)
    }

    /// `relative-ref = relative-part [ "?" query ] [ "#" fragment ]`
    fn relative_ref(&self, st: St) -> St {
        let st = self.relative_part(st);
        let st = self.opt_query(st);
        self.opt_fragment(st)
    }

    /// `[ "?" query ]`
    fn opt_query(&self, st: St) -> St {
        self.opt(st, |s| {
            let s = self.lit(s, "?");
            self.cap(s, |c| &mut c.query, |s| self.query(s))
        })
    }

    /// `[ "#" fragment ]`
    fn opt_fragment(&self, st: St) -> St {
        self.opt(st, |s| {
            let s = self.lit(s, "#");
            self.cap(s, |c| &mut c.fragment, |s| self.fragment(s))
        })
    }

    /// ```text
    /// hier-part = "//" authority path-abempty
    ///           / path-absolute
    ///           / path-rootless
    ///           / path-empty
    /// ```
    fn hier_part(&self, st: St) -> St {
        self.alt(
            st,
            &[
                &|s| self.authority_and_path(s),
                &|s| self.cap(s, |c| &mut c.path, |s| self.path_absolute(s)),
                &|s| self.cap(s, |c| &mut c.path, |s| self.path_rootless(s)),
                &|s| self.cap(s, |c| &mut c.path, |s| self.path_empty(s)),
            ],
        )
    }

    /// ```text
    /// relative-part = "//" authority path-abempty
    ///               / path-absolute
    ///               / path-noscheme
    ///               / path-empty
    /// ```
    fn relative_part(&self, st: St) -> St {
        self.alt(
            st,
            &[
                &|s| self.authority_and_path(s),
                &|s| self.cap(s, |c| &mut c.path, |s| self.path_absolute(s)),
                &|s| self.cap(s, |c| &mut c.path, |s| self.path_noscheme(s)),
                &|s| self.cap(s, |c| &mut c.path, |s| self.path_empty(s)),
            ],
        )
    }

    /// `"//" authority path-abempty`
    fn authority_and_path(&self, st: St) -> St {
        let st = self.lit(st, "//");
        let st = self.cap(st, |c| &mut c.authority, |s| self.authority(s));
        self.cap(st, |c| &mut c.path, |s| self.path_abempty(s))
    }

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1)
    fn scheme(&self, st: St) -> St {
        let st = self.byte(st, abnf::alpha);
        self.star(st, |s| {
            self.byte(s, |b| {
                abnf::alpha(b) || abnf::digit(b) || matches!(b, b'+' | b'-' | b'.')
            })
        })
    }

    // ---- §3.2 authority ----

    /// `authority = [ userinfo "@" ] host [ ":" port ]`
    fn authority(&self, st: St) -> St {
        let st = self.opt(st, |s| {
            let s = self.cap(s, |c| &mut c.userinfo, |s| self.userinfo(s));
            self.lit(s, "@")
        });
        let st = self.cap(st, |c| &mut c.host, |s| self.host(s));
        self.opt(st, |s| {
            let s = self.lit(s, ":");
            self.cap(s, |c| &mut c.port, |s| self.port(s))
        })
    }

    /// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )`
    fn userinfo(&self, st: St) -> St {
        self.star(st, |s| {
            self.alt(
                s,
                &[
                    &|s| {
                        self.byte(s, |b| {
                            abnf::unreserved(b) || abnf::sub_delims(b) || b == b':'
                        })
                    },
                    &|s| self.pct_encoded(s),
                    &|s| self.ucschar(s), // iuserinfo
                ],
            )
        })
    }

    /// `host = IP-literal / IPv4address / reg-name`
    fn host(&self, st: St) -> St {
        self.alt(
            st,
            &[&|s| self.ip_literal(s), &|s| self.ipv4address(s), &|s| {
                self.reg_name(s)
            }],
        )
    }

    /// `port = *DIGIT`
    fn port(&self, st: St) -> St {
        self.star(st, |s| self.byte(s, abnf::digit))
    }

    /// `IP-literal = "[" ( IPv6address / IPvFuture  ) "]"`
    fn ip_literal(&self, st: St) -> St {
        let st = self.lit(st, "[");
        let st = self.alt(st, &[&|s| self.ipv6address(s), &|s| self.ipvfuture(s)]);
        self.lit(st, "]")
    }

    /// `IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )`
    fn ipvfuture(&self, st: St) -> St {
        let st = self.lit(st, "v");
        let st = self.plus(st, |s| self.byte(s, abnf::hexdig));
        let st = self.lit(st, ".");
        self.plus(st, |s| {
            self.byte(s, |b| {
                abnf::unreserved(b) || abnf::sub_delims(b) || b == b':'
            })
        })
    }

    /// `h16 ":"`
    fn h16c(&self, st: St) -> St {
        let st = self.h16(st);
        self.lit(st, ":")
    }

    /// `[ *n( h16 ":" ) h16 ]`
    fn opt_head(&self, st: St, n: usize) -> St {
        self.opt(st, |s| {
            let s = self.rep(s, 0, n, |s| self.h16c(s));
            self.h16(s)
        })
    }

    /// ```text
    /// IPv6address =                            6( h16 ":" ) ls32
    ///             /                       "::" 5( h16 ":" ) ls32
    ///             / [               h16 ] "::" 4( h16 ":" ) ls32
    ///             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
    ///             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
    ///             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
    ///             / [ *4( h16 ":" ) h16 ] "::"              ls32
    ///             / [ *5( h16 ":" ) h16 ] "::"              h16
    ///             / [ *6( h16 ":" ) h16 ] "::"
    /// ```
    fn ipv6address(&self, st: St) -> St {
        self.alt(
            st,
            &[
                &|s| {
                    let s = self.rep(s, 6, 6, |s| self.h16c(s));
                    self.ls32(s)
                },
                &|s| {
                    let s = self.lit(s, "::");
                    let s = self.rep(s, 5, 5, |s| self.h16c(s));
                    self.ls32(s)
                },
                &|s| {
                    let s = self.opt(s, |s| self.h16(s));
                    let s = self.lit(s, "::");
                    let s = self.rep(s, 4, 4, |s| self.h16c(s));
                    self.ls32(s)
                },
                &|s| {
                    let s = self.opt_head(s, 1);
                    let s = self.lit(s, "::");
                    let s = self.rep(s, 3, 3, |s| self.h16c(s));
                    self.ls32(s)
                },
                &|s| {
                    let s = self.opt_head(s, 2);
                    let s = self.lit(s, "::");
                    let s = self.rep(s, 2, 2, |s| self.h16c(s));
                    self.ls32(s)
                },
                &|s| {
                    let s = self.opt_head(s, 3);
                    let s = self.lit(s, "::");
                    let s = self.h16c(s);
                    self.ls32(s)
                },
                &|s| {
                    let s = self.opt_head(s, 4);
                    let s = self.lit(s, "::");
                    self.ls32(s)
                },
                &|s| {
                    let s = self.opt_head(s, 5);
                    let s = self.lit(s, "::");
                    self.h16(s)
                },
                &|s| {
                    let s = self.opt_head(s, 6);
                    self.lit(s, "::")
                },
            ],
        )
    }

    /// `h16 = 1*4HEXDIG`
    fn h16(&self, st: St) -> St {
        self.rep(st, 1, 4, |s| self.byte(s, abnf::hexdig))
    }

    /// `ls32 = ( h16 ":" h16 ) / IPv4address`
    fn ls32(&self, st: St) -> St {
        self.alt(
            st,
            &[
                &|s| {
                    let s = self.h16c(s);
                    self.h16(s)
                },
                &|s| self.ipv4address(s),
            ],
        )
    }

    /// `IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet`
    fn ipv4address(&self, st: St) -> St {
        let st = self.dec_octet(st);
        let st = self.lit(st, ".");
        let st = self.dec_octet(st);
        let st = self.lit(st, ".");
        let st = self.dec_octet(st);
        let st = self.lit(st, ".");
        self.dec_octet(st)
    }

    /// ```text
    /// dec-octet = DIGIT                 ; 0-9
    ///           / %x31-39 DIGIT         ; 10-99
    ///           / "1" 2DIGIT            ; 100-199
    ///           / "2" %x30-34 DIGIT     ; 200-249
    ///           / "25" %x30-35          ; 250-255
    /// ```
    fn dec_octet(&self, st: St) -> St {
        self.alt(
            st,
            &[
                &|s| self.byte(s, abnf::digit),
                &|s| {
                    let s = self.byte(s, |b| matches!(b, 0x31..=0x39));
                    self.byte(s, abnf::digit)
                },
                &|s| {
                    let s = self.lit(s, "1");
                    self.rep(s, 2, 2, |s| self.byte(s, abnf::digit))
                },
                &|s| {
                    let s = self.lit(s, "2");
                    let s = self.byte(s, |b| matches!(b, 0x30..=0x34));
                    self.byte(s, abnf::digit)
                },
                &|s| {
                    let s = self.lit(s, "25");
                    self.byte(s, |b| matches!(b, 0x30..=0x35))
                },
            ],
        )
    }

    /// `reg-name = *( unreserved / pct-encoded / sub-delims )`
    fn reg_name(&self, st: St) -> St {
        self.star(st, |s| {
            self.alt(
                s,
                &[
                    &|s| self.byte(s, |b| abnf::unreserved(b) || abnf::sub_delims(b)),
                    &|s| self.pct_encoded(s),
                    &|s| self.ucschar(s), // ireg-name
                ],
            )
        })
    }

    // ---- §3.3 path ----

    /// `path-abempty = *( "/" segment )`
    fn path_abempty(&self, st: St) -> St {
        self.star(st, |s| self.slash_segment(s))
    }

    /// `"/" segment`
    fn slash_segment(&self, st: St) -> St {
        let st = self.lit(st, "/");
        self.segment(st)
    }

    /// `path-absolute = "/" [ segment-nz *( "/" segment ) ]`
    fn path_absolute(&self, st: St) -> St {
        let st = self.lit(st, "/");
        self.opt(st, |s| {
            let s = self.segment_nz(s);
            self.star(s, |s| self.slash_segment(s))
        })
    }

    /// `path-noscheme = segment-nz-nc *( "/" segment )`
    fn path_noscheme(&self, st: St) -> St {
        let st = self.segment_nz_nc(st);
        self.star(st, |s| self.slash_segment(s))
    }

    /// `path-rootless = segment-nz *( "/" segment )`
    fn path_rootless(&self, st: St) -> St {
        let st = self.segment_nz(st);
        self.star(st, |s| self.slash_segment(s))
    }

    /// `path-empty = 0<pchar>`
    fn path_empty(&self, st: St) -> St {
        st
    }

    /// `segment = *pchar`
    fn segment(&self, st: St) -> St {
        self.star(st, |s| self.pchar(s))
    }

    /// `segment-nz = 1*pchar`
    fn segment_nz(&self, st: St) -> St {
        self.plus(st, |s| self.pchar(s))
    }

    /// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )`
    fn segment_nz_nc(&self, st: St) -> St {
        self.plus(st, |s| {
            self.alt(
                s,
                &[
                    &|s| {
                        self.byte(s, |b| {
                            abnf::unreserved(b) || abnf::sub_delims(b) || b == b'@'
                        })
                    },
                    &|s| self.pct_encoded(s),
                    &|s| self.ucschar(s), // isegment-nz-nc
                ],
            )
        })
    }

    /// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"`
    fn pchar(&self, st: St) -> St {
        self.alt(
            st,
            &[
                &|s| {
                    self.byte(s, |b| {
                        abnf::unreserved(b) || abnf::sub_delims(b) || matches!(b, b':' | b'@')
                    })
                },
                &|s| self.pct_encoded(s),
                &|s| self.ucschar(s), // ipchar
            ],
        )
    }

    // ---- §3.4, §3.5, §2.1 ----

    /// `query = *( pchar / "/" / "?" )`; RFC 3987's
    /// `iquery = *( ipchar / iprivate / "/" / "?" )`.
    fn query(&self, st: St) -> St {
        self.star(st, |s| {
            self.alt(
                s,
                &[
                    &|s| self.pchar(s),
                    &|s| self.byte(s, |b| matches!(b, b'/' | b'?')),
                    &|s| self.char(s, abnf::iprivate),
                ],
            )
        })
    }

    /// `fragment = *( pchar / "/" / "?" )`
    fn fragment(&self, st: St) -> St {
        self.star(st, |s| {
            self.alt(
                s,
                &[&|s| self.pchar(s), &|s| {
                    self.byte(s, |b| matches!(b, b'/' | b'?'))
                }],
            )
        })
    }

    /// `pct-encoded = "%" HEXDIG HEXDIG`
    fn pct_encoded(&self, st: St) -> St {
        let st = self.lit(st, "%");
        let st = self.byte(st, abnf::hexdig);
        self.byte(st, abnf::hexdig)
    }

    fn run(&self, rule: Rule) -> St {
        let start = vec![(0, Caps::default())];
        match rule {
            Rule::UriReference => self.uri_reference(start),
            Rule::Uri => self.uri(start),
            Rule::AbsoluteUri => self.absolute_uri(start),
            Rule::RelativeRef => self.relative_ref(start),
        }
    }
}

/// The outcome of running a rule over a whole input.
struct Run {
    /// The distinct component captures of all complete parses.
    complete: Vec<Caps>,
    /// Whether some terminal was tried at the end of the input (then the input is a prefix of
    /// a longer valid input).
    hit_end: bool,
    /// The furthest position any partial derivation reached.
    furthest: usize,
}

fn run(s: &[u8], rule: Rule, iri: bool) -> Run {
    let g = G {
        s,
        iri,
        hit_end: Cell::new(false),
        furthest: Cell::new(0),
    };
    let mut complete: Vec<Caps> = g
        .run(rule)
        .into_iter()
        .filter(|&(end, _)| end == s.len())
        .map(|(_, c)| c)
        .collect();
    complete.sort_unstable();
    complete.dedup();
    Run {
        complete,
        hit_end: g.hit_end.get(),
        furthest: g.furthest.get(),
    }
}

/// Whether `s` is a prefix of some input valid for `rule` (the definition of the error index).
pub fn is_viable_prefix(s: &[u8], rule: Rule) -> bool {
    let r = run(s, rule, false);
    r.hit_end || !r.complete.is_empty()
}

/// The error index by its definition: the length of the longest viable prefix. Viability is
/// monotone (a prefix of a viable prefix is viable) and the empty prefix is always viable, so
/// a binary search finds it. [`parse`] uses the cheaper furthest position a derivation reached,
/// which is the same number (a state at position k exists exactly when a partial derivation
/// consumed the first k bytes); `furthest_position_is_longest_viable_prefix` checks that.
pub fn longest_viable_prefix(s: &[u8], rule: Rule) -> usize {
    let (mut lo, mut hi) = (0usize, s.len()); // viable(lo) holds; the answer is in lo..=hi
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if is_viable_prefix(&s[..mid], rule) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

/// Whether `s` matches IPv4address exactly.
fn is_ipv4address(s: &[u8]) -> bool {
    let g = G {
        s,
        iri: false,
        hit_end: Cell::new(false),
        furthest: Cell::new(0),
    };
    g.ipv4address(vec![(0, Caps::default())])
        .iter()
        .any(|&(end, _)| end == s.len())
}

/// Whether a parser error agrees with the reference's error position `r` (the length of the
/// longest prefix of the input that is a prefix of some valid input), following the index
/// rules of `ErrorKind`'s docs.
#[allow(dead_code)] // not used by every test that includes `support`
pub fn compare_error(input: &str, e: &ParseError, r: usize) -> Result<(), String> {
    let b = input.as_bytes();
    let i = e.index();
    if i > b.len() {
        return Err(format!("index {i} beyond the input ({} bytes)", b.len()));
    }
    if e.found() != input.get(i..).and_then(|s| s.chars().next()) {
        return Err(format!("found() = {:?} at {i}", e.found()));
    }
    // Issue 2 §5: the message names the byte index.
    if e.kind() != ErrorKind::TooLong && !e.to_string().contains(&format!("byte {i}")) {
        return Err(format!(
            "message {:?} does not name byte {i}",
            e.to_string()
        ));
    }
    let ok = match e.kind() {
        // The index points at the first byte after "[", and the reference must fail inside
        // that IP-literal (at or before its "]").
        ErrorKind::InvalidIpv6 => {
            let close = b[i..]
                .iter()
                .position(|&c| c == b']')
                .map_or(b.len(), |p| i + p);
            i >= 1 && b[i - 1] == b'[' && i <= r && r <= close
        }
        // "3ttp://a.com": the index is 0 even where a relative path could run on to the ":"
        // (URI-reference); the reference must then fail exactly at that ":" after scheme bytes.
        ErrorKind::InvalidScheme => {
            i == 0
                && (r == 0 || (b.get(r) == Some(&b':') && b[..r].iter().all(|&c| abnf::scheme(c))))
        }
        ErrorKind::UnexpectedEnd => i == r && i == b.len(),
        ErrorKind::InvalidChar => i == r && i < b.len(),
        ErrorKind::ColonInFirstSegment => i == r && b.get(i) == Some(&b':'),
        ErrorKind::FragmentNotAllowed => i == r && b.get(i) == Some(&b'#'),
        ErrorKind::InvalidPercentEncoding => {
            i == r && (i >= 1 && b[i - 1] == b'%' || i >= 2 && b[i - 2] == b'%')
        }
        // RFC 3987 §4.1: at the character, where the reference (which refuses it) stops.
        ErrorKind::BidiFormatting => i == r && i < b.len(),
        ErrorKind::TooLong => false,
        _ => i == r,
    };
    if ok {
        Ok(())
    } else {
        Err(format!(
            "error {:?} at {i} ({e}), but the reference says the input stops being viable at {r}",
            e.kind()
        ))
    }
}

/// Parses `input` by `rule`. `Err(index)`: the input stops being a prefix of any valid input at
/// byte `index` (`index == input.len()` when it is a proper prefix of a valid input).
pub fn parse(input: &str, rule: Rule) -> Result<Parts, usize> {
    parse_in(input, rule, false)
}

/// [`parse`] by RFC 3987 §2.2, whose rules are RFC 3986's with `ucschar` added wherever
/// `unreserved` stands (`iunreserved`) and `iprivate` in the query: `Rule::UriReference` is
/// `IRI-reference`, and so on. The bidi formatting characters (§4.1) are refused; an error
/// index is that of the first byte of the character where the input stops being viable.
#[allow(dead_code)] // used by tests/iri.rs alone
pub fn parse_iri(input: &str, rule: Rule) -> Result<Parts, usize> {
    parse_in(input, rule, true)
}

fn parse_in(input: &str, rule: Rule, iri: bool) -> Result<Parts, usize> {
    let s = input.as_bytes();
    let Run {
        complete, furthest, ..
    } = run(s, rule, iri);
    let Some(&caps) = complete.first() else {
        return Err(furthest);
    };
    // RFC 3986's grammar is unambiguous at the component level (a scheme cannot be the first
    // segment of a path-noscheme, userinfo and host cannot hold "@", a reg-name cannot hold ":"),
    // so two different complete parses would mean a bug in this file.
    assert!(
        complete.len() == 1,
        "ambiguous parse of {input:?}: {complete:?}"
    );
    let text = |sp: Span| sp.map(|(a, b)| input[a..b].to_string());
    let host_kind = caps.host.map(|(a, b)| {
        let h = &s[a..b];
        if h.first() == Some(&b'[') {
            // IP-literal: IPvFuture starts with "v" (case-insensitive), IPv6address never does.
            if matches!(h.get(1), Some(b'v' | b'V')) {
                HostKind::IpvFuture
            } else {
                HostKind::Ipv6
            }
        } else if is_ipv4address(h) {
            // §3.2.2: "If host matches the rule for IPv4address, then it should be considered an
            // IPv4 address literal and not a reg-name."
            HostKind::Ipv4
        } else {
            HostKind::RegName
        }
    });
    Ok(Parts {
        scheme: text(caps.scheme),
        authority: text(caps.authority),
        userinfo: text(caps.userinfo),
        host: text(caps.host),
        port: text(caps.port),
        path: text(caps.path).unwrap_or_default(),
        query: text(caps.query),
        fragment: text(caps.fragment),
        host_kind,
        spans: [
            caps.scheme,
            caps.authority,
            caps.userinfo,
            caps.host,
            caps.port,
            caps.path,
            caps.query,
            caps.fragment,
        ],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(input: &str, rule: Rule) -> Parts {
        match parse(input, rule) {
            Ok(p) => p,
            Err(i) => panic!("reference rejects {input:?} as {rule:?} at {i}"),
        }
    }

    fn parts(input: &str) -> [Option<String>; 7] {
        let p = ok(input, Rule::UriReference);
        [
            p.scheme,
            p.userinfo,
            p.host,
            p.port,
            Some(p.path),
            p.query,
            p.fragment,
        ]
    }

    fn o(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    /// §1.1.2: all of these are URIs (and so absolute-URIs: none has a fragment).
    #[test]
    fn rfc_1_1_2_examples() {
        for uri in [
            "ftp://ftp.is.co.za/rfc/rfc1808.txt",
            "http://www.ietf.org/rfc/rfc2396.txt",
            "ldap://[2001:db8::7]/c=GB?objectClass?one",
            "mailto:John.Doe@example.com",
            "news:comp.infosystems.www.servers.unix",
            "tel:+1-816-555-1212",
            "telnet://192.0.2.16:80/",
            "urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
        ] {
            ok(uri, Rule::Uri);
            ok(uri, Rule::AbsoluteUri);
            ok(uri, Rule::UriReference);
            assert!(parse(uri, Rule::RelativeRef).is_err(), "{uri}");
        }
        assert_eq!(
            parts("ldap://[2001:db8::7]/c=GB?objectClass?one"),
            [
                o("ldap"),
                None,
                o("[2001:db8::7]"),
                None,
                o("/c=GB"),
                o("objectClass?one"),
                None
            ]
        );
        assert_eq!(
            ok("ldap://[2001:db8::7]/", Rule::Uri).host_kind,
            Some(HostKind::Ipv6)
        );
        assert_eq!(
            parts("mailto:John.Doe@example.com"),
            [
                o("mailto"),
                None,
                None,
                None,
                o("John.Doe@example.com"),
                None,
                None
            ]
        );
        let telnet = ok("telnet://192.0.2.16:80/", Rule::Uri);
        assert_eq!(
            (telnet.host.as_deref(), telnet.port.as_deref()),
            (Some("192.0.2.16"), Some("80"))
        );
        assert_eq!(telnet.host_kind, Some(HostKind::Ipv4));
        assert_eq!(telnet.authority.as_deref(), Some("192.0.2.16:80"));
    }

    /// §3: the two example URIs and their components.
    #[test]
    fn rfc_3_examples() {
        assert_eq!(
            parts("foo://example.com:8042/over/there?name=ferret#nose"),
            [
                o("foo"),
                None,
                o("example.com"),
                o("8042"),
                o("/over/there"),
                o("name=ferret"),
                o("nose")
            ]
        );
        assert_eq!(
            parts("urn:example:animal:ferret:nose"),
            [
                o("urn"),
                None,
                None,
                None,
                o("example:animal:ferret:nose"),
                None,
                None
            ]
        );
        // §3.2.2: a host that looks like an IPv4 address but is not one is a reg-name.
        assert_eq!(
            ok("//256.1.1.1", Rule::RelativeRef).host_kind,
            Some(HostKind::RegName)
        );
        assert_eq!(
            ok("//01.1.1.1", Rule::RelativeRef).host_kind,
            Some(HostKind::RegName)
        );
        assert_eq!(
            ok("//[v7.:x]", Rule::RelativeRef).host_kind,
            Some(HostKind::IpvFuture)
        );
        assert_eq!(
            ok("//[V7.x]", Rule::RelativeRef).host_kind,
            Some(HostKind::IpvFuture)
        );
        // §3.2.1/§3.2.3: empty userinfo and empty port are present but empty.
        let p = ok("s://@h:", Rule::Uri);
        assert_eq!((p.userinfo, p.host, p.port), (o(""), o("h"), o("")));
        let p = ok("file:///etc", Rule::Uri);
        assert_eq!(
            (p.authority, p.host, p.path),
            (o(""), o(""), "/etc".to_string())
        );
    }

    /// §5.4: every reference of §5.4.1 and §5.4.2 is a URI-reference, and the base is a URI.
    #[test]
    fn rfc_5_4_references() {
        ok("http://a/b/c/d;p?q", Rule::AbsoluteUri);
        // The references of §5.4.1 and §5.4.2, from the shared vectors (one reading of each).
        let references: Vec<String> = super::super::data::rfc3986_5_4_examples()
            .into_iter()
            .map(|(r, _)| r)
            .collect();
        for r in references.iter().map(String::as_str) {
            let p = ok(r, Rule::UriReference);
            // Only "g:h" and "http:g" have a scheme; everything else is a relative-ref.
            assert_eq!(p.scheme.is_some(), r == "g:h" || r == "http:g", "{r}");
            assert_eq!(
                parse(r, Rule::RelativeRef).is_ok(),
                p.scheme.is_none(),
                "{r}"
            );
        }
        assert_eq!(parts("//g"), [None, None, o("g"), None, o(""), None, None]);
        assert_eq!(parts("?y"), [None, None, None, None, o(""), o("y"), None]);
        assert_eq!(
            parts("g?y#s"),
            [None, None, None, None, o("g"), o("y"), o("s")]
        );
        assert_eq!(parts(""), [None, None, None, None, o(""), None, None]);
    }

    /// The nine IPv6address alternatives, one example each, and near misses.
    #[test]
    fn ipv6_alternatives() {
        for h in [
            "1:2:3:4:5:6:7:8",
            "1:2:3:4:5:6:1.2.3.4",
            "::2:3:4:5:6:7:8",
            "::3:4:5:6:1.2.3.4",
            "1::3:4:5:6:7:8",
            "::4:5:6:7:8",
            "1:2::4:5:6:7:8",
            "1:2::5:6:7:8",
            "1:2:3::6:7:8",
            "1:2:3:4::7:8",
            "1:2:3:4::1.2.3.4",
            "1:2:3:4:5::8",
            "1:2:3:4:5:6::8",
            "1:2:3:4:5:6:7::",
            "::",
            "::1",
            "::ffff:192.0.2.1",
            "ABCD:ef01::",
        ] {
            let input = format!("//[{h}]");
            assert_eq!(
                ok(&input, Rule::RelativeRef).host_kind,
                Some(HostKind::Ipv6),
                "{h}"
            );
            // The independent check: std's parser accepts the same text forms (RFC 4291 §2.2).
            assert!(h.parse::<std::net::Ipv6Addr>().is_ok(), "{h}");
        }
        for h in [
            "",
            ":",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "::1.2.3",
            "::01.1.1.1",
            "1:2:3:4:5:6:7:1.2.3.4",
            "1:2:3:4:5:6::1.2.3.4",
            "::256.0.0.1",
            "1:",
            ":1",
            "::1:",
            "g::",
            "1:2:3:4:5:6:7:8::",
            "::1:2:3:4:5:6:7:8",
            "fe80::1%25en0",
        ] {
            assert!(
                parse(&format!("//[{h}]"), Rule::RelativeRef).is_err(),
                "{h}"
            );
            assert!(
                h.parse::<std::net::Ipv6Addr>().is_err() || h.contains('%'),
                "{h}"
            );
        }
    }

    /// The error index is the end of the longest viable prefix (checked by hand here).
    #[test]
    fn error_index_is_longest_viable_prefix() {
        for (input, rule, index) in [
            ("foo", Rule::Uri, 3),
            (":hello", Rule::Uri, 0),
            ("exam=ple:foo", Rule::Uri, 4),
            ("exam=ple:foo", Rule::UriReference, 8),
            ("(:", Rule::UriReference, 1),
            ("a%20:foo", Rule::UriReference, 4),
            ("foo%xxd", Rule::UriReference, 4),
            ("text%a", Rule::UriReference, 6),
            ("http://example.com:80ab", Rule::UriReference, 23),
            ("http://user@example.com:80ab", Rule::UriReference, 26),
            ("https://[::1/", Rule::UriReference, 12),
            ("https://[::1]wrong", Rule::UriReference, 13),
            ("http://a/b#c", Rule::AbsoluteUri, 10),
            ("a:b", Rule::RelativeRef, 1),
            ("http://a b", Rule::Uri, 8),
            ("/é", Rule::UriReference, 1),
        ] {
            assert_eq!(parse(input, rule), Err(index), "{input:?} as {rule:?}");
        }
    }
}
