//! The target URI of a request (RFC 9112 §3.3), rebuilt as an owned [`UriBuf`] from a
//! [`RequestTarget`] and the request's Host header.

use crate::{HostPort, RequestTarget, TargetError, TargetForm};

impl RequestTarget<'_> {
    /// The target URI of the request (RFC 9112 §3.3): the absolute-form target itself; else
    /// `scheme` (the connection's: `http`, or `https` over TLS) with the authority (the
    /// authority-form target, or the Host header) and the origin-form's path and query (empty
    /// for authority-form and asterisk-form).
    ///
    /// Refused, with the RFC's reason: no Host header where one is needed, an invalid one (a
    /// 400 whatever the form, RFC 9112 §3.2), an empty host or userinfo in an http(s) URI (RFC
    /// 9110 §4.2.1, §4.2.4). For an absolute-form target the Host header is ignored otherwise
    /// (RFC 9112 §3.2.2: the target's authority wins): whether the two differ, which a proxy
    /// may want to log, is [`check_host_header`](Self::check_host_header)'s answer.
    ///
    /// ```
    /// use urilex::{RequestTarget, TargetError};
    /// let t = RequestTarget::parse("GET", "/pub/WWW/TheProject.html?x")?;
    /// assert_eq!(t.target_uri("http", Some("www.example.org:8080"))?.as_str(), "http://www.example.org:8080/pub/WWW/TheProject.html?x");
    /// assert_eq!(t.target_uri("http", None), Err(TargetError::MissingHost));
    /// let t = RequestTarget::parse("GET", "http://u:p@evil.example/")?;
    /// assert_eq!(t.target_uri("http", None), Err(TargetError::Userinfo));
    /// let t = RequestTarget::parse("GET", "http://a.example/")?;
    /// assert_eq!(t.target_uri("http", Some("b.example"))?.as_str(), "http://a.example/");
    /// assert_eq!(t.check_host_header(Some("b.example")), Err(TargetError::HostMismatch));
    /// let t = RequestTarget::parse("CONNECT", "server.example.com:80")?;
    /// assert_eq!(t.target_uri("http", Some("server.example.com:80"))?.as_str(), "http://server.example.com:80");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn target_uri(
        &self,
        scheme: &str,
        host_header: Option<&str>,
    ) -> Result<crate::UriBuf, TargetError> {
        let host_header = host_header
            .map(|h| HostPort::parse(h).map_err(TargetError::InvalidHost))
            .transpose()?;
        let http = |scheme: &str| {
            scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")
        };
        if self.form == TargetForm::Absolute {
            let scheme = self.uri.scheme().unwrap_or_default();
            if http(scheme) {
                if self.uri.userinfo().is_some() {
                    return Err(TargetError::Userinfo);
                }
                if self.uri.host().map_or(true, str::is_empty) {
                    return Err(TargetError::EmptyHost);
                }
            }
            return Ok(self.uri.to_buf());
        }
        let authority = match (self.host_port(), host_header) {
            (Some(hp), _) => hp,
            (None, Some(h)) => h,
            (None, None) => return Err(TargetError::MissingHost),
        };
        if http(scheme) && authority.host().is_empty() {
            return Err(TargetError::EmptyHost);
        }
        let mut b = crate::UriBuf::builder()
            .scheme(scheme)
            .host(authority.host());
        if let Some(port) = authority.port() {
            b = b.port(port);
        }
        if self.form == TargetForm::Origin {
            b = b.path(self.uri.path());
            if let Some(q) = self.uri.query() {
                b = b.query(q);
            }
        }
        b.build().map_err(|_| TargetError::InvalidScheme)
    }
}
