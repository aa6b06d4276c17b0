//! serde: `UriBuf` and `UriRef` serialize as their text; `UriBuf` deserializes from a string,
//! `UriRef` from a borrowed one.

use crate::UriBuf;
use crate::UriRef;
use core::fmt;
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Serializes as a string.
impl Serialize for UriBuf {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Serializes as a string.
impl Serialize for UriRef<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

struct UriVisitor;

impl Visitor<'_> for UriVisitor {
    type Value = UriBuf;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an RFC 3986 URI reference")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<UriBuf, E> {
        UriBuf::parse(v).map_err(E::custom)
    }
}

/// Deserializes from a string, which must be a valid URI reference.
impl<'de> Deserialize<'de> for UriBuf {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(UriVisitor)
    }
}

struct BorrowedVisitor;

impl<'de> Visitor<'de> for BorrowedVisitor {
    type Value = UriRef<'de>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a borrowed RFC 3986 URI reference")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<UriRef<'de>, E> {
        UriRef::parse(v).map_err(E::custom)
    }
}

/// Deserializes from a borrowed string (zero-copy formats only, such as `serde_json::from_str`
/// on text without escapes).
impl<'de: 'a, 'a> Deserialize<'de> for UriRef<'a> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_str(BorrowedVisitor)
    }
}
