//! The URL Standard's validation errors (§1.2 "Validation"): each repair or failure of the
//! basic URL parser has a kind, named as the standard names it, and the byte index in the
//! input where it was found. A parse that fails ends on one ([`ParseError`]); a parse that
//! succeeds may have met several, which `Url::parse_with_report` hands over.

use core::fmt;

/// The kinds of validation error of the URL Standard, in its table's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ValidationErrorKind {
    /// `domain-to-ASCII`: UTS #46 ToASCII refused the domain.
    DomainToAscii,
    /// `domain-invalid-code-point`: the domain holds a forbidden domain code point.
    DomainInvalidCodePoint,
    /// `domain-percent-encoded`: the domain holds a percent-encoded byte (decoded first).
    DomainPercentEncoded,
    /// `host-invalid-code-point`: an opaque host holds a forbidden host code point.
    HostInvalidCodePoint,
    /// `IPv4-empty-part`: an IPv4 address ends with a dot.
    Ipv4EmptyPart,
    /// `IPv4-too-few-parts`: an IPv4 address of fewer than four parts.
    Ipv4TooFewParts,
    /// `IPv4-too-many-parts`: an IPv4 address of more than four parts.
    Ipv4TooManyParts,
    /// `IPv4-non-numeric-part`: a part of an IPv4 address is not a number.
    Ipv4NonNumericPart,
    /// `IPv4-non-decimal-part`: a part of an IPv4 address is hexadecimal or octal.
    Ipv4NonDecimalPart,
    /// `IPv4-out-of-range-part`: a part of an IPv4 address is too large.
    Ipv4OutOfRangePart,
    /// `IPv6-unclosed`: `[` without `]`.
    Ipv6Unclosed,
    /// `IPv6-invalid-compression`: an IPv6 address starts with a single `:`.
    Ipv6InvalidCompression,
    /// `IPv6-too-many-pieces`: more than eight pieces.
    Ipv6TooManyPieces,
    /// `IPv6-multiple-compression`: `::` twice.
    Ipv6MultipleCompression,
    /// `IPv6-invalid-code-point`: a code point that has no place in an IPv6 address.
    Ipv6InvalidCodePoint,
    /// `IPv6-too-few-pieces`: fewer than eight pieces and no `::`.
    Ipv6TooFewPieces,
    /// `IPv4-in-IPv6-too-many-pieces`: an embedded IPv4 address after more than six pieces.
    Ipv4InIpv6TooManyPieces,
    /// `IPv4-in-IPv6-invalid-code-point`: a malformed embedded IPv4 address.
    Ipv4InIpv6InvalidCodePoint,
    /// `IPv4-in-IPv6-out-of-range-part`: a part of an embedded IPv4 address above 255.
    Ipv4InIpv6OutOfRangePart,
    /// `IPv4-in-IPv6-too-few-parts`: an embedded IPv4 address of fewer than four parts.
    Ipv4InIpv6TooFewParts,
    /// `invalid-URL-unit`: a code point that is not a URL unit (percent-encoded or dropped).
    InvalidUrlUnit,
    /// `special-scheme-missing-following-solidus`: a special scheme not followed by `//`.
    SpecialSchemeMissingFollowingSolidus,
    /// `missing-scheme-non-relative-URL`: no scheme, and no base to resolve against.
    MissingSchemeNonRelativeUrl,
    /// `invalid-reverse-solidus`: `\` read as `/` in a special URL.
    InvalidReverseSolidus,
    /// `invalid-credentials`: the URL holds credentials.
    InvalidCredentials,
    /// `host-missing`: a special URL, or credentials or a port, without a host.
    HostMissing,
    /// `port-out-of-range`: a port above 65535.
    PortOutOfRange,
    /// `port-invalid`: a port that is not digits.
    PortInvalid,
    /// `file-invalid-Windows-drive-letter`: a relative file URL that starts with a drive letter.
    FileInvalidWindowsDriveLetter,
    /// `file-invalid-Windows-drive-letter-host`: a file URL's host is a drive letter.
    FileInvalidWindowsDriveLetterHost,
    /// Not a validation error of the standard: a scheme that is not one (from the
    /// `protocol` setter, which then leaves the URL alone).
    InvalidScheme,
}

impl ValidationErrorKind {
    /// The standard's name for this kind (`"invalid-reverse-solidus"`).
    pub fn name(self) -> &'static str {
        use ValidationErrorKind as K;
        match self {
            K::DomainToAscii => "domain-to-ASCII",
            K::DomainInvalidCodePoint => "domain-invalid-code-point",
            K::DomainPercentEncoded => "domain-percent-encoded",
            K::HostInvalidCodePoint => "host-invalid-code-point",
            K::Ipv4EmptyPart => "IPv4-empty-part",
            K::Ipv4TooFewParts => "IPv4-too-few-parts",
            K::Ipv4TooManyParts => "IPv4-too-many-parts",
            K::Ipv4NonNumericPart => "IPv4-non-numeric-part",
            K::Ipv4NonDecimalPart => "IPv4-non-decimal-part",
            K::Ipv4OutOfRangePart => "IPv4-out-of-range-part",
            K::Ipv6Unclosed => "IPv6-unclosed",
            K::Ipv6InvalidCompression => "IPv6-invalid-compression",
            K::Ipv6TooManyPieces => "IPv6-too-many-pieces",
            K::Ipv6MultipleCompression => "IPv6-multiple-compression",
            K::Ipv6InvalidCodePoint => "IPv6-invalid-code-point",
            K::Ipv6TooFewPieces => "IPv6-too-few-pieces",
            K::Ipv4InIpv6TooManyPieces => "IPv4-in-IPv6-too-many-pieces",
            K::Ipv4InIpv6InvalidCodePoint => "IPv4-in-IPv6-invalid-code-point",
            K::Ipv4InIpv6OutOfRangePart => "IPv4-in-IPv6-out-of-range-part",
            K::Ipv4InIpv6TooFewParts => "IPv4-in-IPv6-too-few-parts",
            K::InvalidUrlUnit => "invalid-URL-unit",
            K::SpecialSchemeMissingFollowingSolidus => "special-scheme-missing-following-solidus",
            K::MissingSchemeNonRelativeUrl => "missing-scheme-non-relative-URL",
            K::InvalidReverseSolidus => "invalid-reverse-solidus",
            K::InvalidCredentials => "invalid-credentials",
            K::HostMissing => "host-missing",
            K::PortOutOfRange => "port-out-of-range",
            K::PortInvalid => "port-invalid",
            K::FileInvalidWindowsDriveLetter => "file-invalid-Windows-drive-letter",
            K::FileInvalidWindowsDriveLetterHost => "file-invalid-Windows-drive-letter-host",
            K::InvalidScheme => "invalid-scheme",
        }
    }
}

/// One validation error: its kind and the byte index in the input where it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ValidationError {
    /// What the standard calls it.
    pub kind: ValidationErrorKind,
    /// Where, in bytes from the input's start.
    pub index: usize,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind.name(), self.index)
    }
}

/// Why `whatwg::Url::parse` failed: the validation error that ended the parse, or a base
/// that is no URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    pub(crate) error: ValidationError,
    pub(crate) in_base: bool,
}

impl ParseError {
    /// The validation error that ended the parse (of the base, if [`in_base`](Self::in_base)).
    pub fn kind(&self) -> ValidationErrorKind {
        self.error.kind
    }

    /// Its byte index (in the base, if [`in_base`](Self::in_base)).
    pub fn index(&self) -> usize {
        self.error.index
    }

    /// Whether the base failed to parse (which fails the parse).
    pub fn in_base(&self) -> bool {
        self.in_base
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.in_base {
            f.write_str("the base is not a URL: ")?;
        }
        write!(f, "not a URL by the URL Standard: {}", self.error)
    }
}

impl core::error::Error for ParseError {}
