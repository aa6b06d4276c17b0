//! The grammars' front ends: one type per grammar over the driver's layout, with the
//! components as accessors: [`uri_ref::UriRef`] (RFC 3986), [`iri::IriRef`] (RFC 3987),
//! [`rfc2396::Reference`] (RFC 2396 + RFC 2732), [`request_target::RequestTarget`] (RFC 9112).
//! The operations on them live in the layer above, as methods added to these types there.

pub(crate) mod accessors;
pub(crate) mod iri;
pub(crate) mod redact;
pub(crate) mod request_target;
pub(crate) mod rfc2396;
pub(crate) mod split;
pub(crate) mod uri_ref;
