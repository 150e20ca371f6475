//! Which pages may open the WebSocket. A browser opens one to whatever server any page
//! names, and WebSockets have no CORS: without this check another site's page could use
//! its visitors' browsers against this server. Clients that are not browsers send no
//! `Origin` and are let in: they could forge any header anyway.

use std::fmt;

/// The allowed origins, as `scheme://host[:port]` in lower case. Empty: the server's own
/// (an `Origin` whose host and port are the request's `Host`, or the listen address).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Origins {
    listed: Vec<String>,
}

/// An `--origin` that is no `http(s)://host[:port]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadOrigin(pub String);

impl fmt::Display for BadOrigin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is no origin like https://example.org or http://127.0.0.1:8080",
            self.0
        )
    }
}

impl std::error::Error for BadOrigin {}

/// The authority of `http(s)://authority`, with nothing after it.
fn authority(origin: &str) -> Option<&str> {
    let rest = origin
        .strip_prefix("https://")
        .or_else(|| origin.strip_prefix("http://"))?;
    let fine = !rest.is_empty()
        && rest
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'));
    fine.then_some(rest)
}

impl Origins {
    /// Adds `origin` as given on the command line (a trailing `/` is forgiven).
    pub fn allow(&mut self, origin: &str) -> Result<(), BadOrigin> {
        let normal = origin.trim_end_matches('/').to_ascii_lowercase();
        if authority(&normal).is_none() {
            return Err(BadOrigin(origin.to_string()));
        }
        self.listed.push(normal);
        Ok(())
    }

    pub fn listed(&self) -> &[String] {
        &self.listed
    }

    /// Whether a WebSocket upgrade with these headers may go on. `own` is the listen
    /// address, as `host:port`.
    pub fn admits(&self, origin: Option<&[u8]>, host: Option<&[u8]>, own: &str) -> bool {
        let Some(origin) = origin else {
            return true;
        };
        let Ok(origin) = std::str::from_utf8(origin) else {
            return false;
        };
        let origin = origin.to_ascii_lowercase();
        if !self.listed.is_empty() {
            return self.listed.contains(&origin);
        }
        let Some(authority) = authority(&origin) else {
            return false;
        };
        let host = host.and_then(|h| std::str::from_utf8(h).ok());
        host.is_some_and(|host| host.eq_ignore_ascii_case(authority))
            || authority.eq_ignore_ascii_case(own)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const OWN: &str = "127.0.0.1:8080";

    fn admits(origins: &Origins, origin: Option<&str>, host: Option<&str>) -> bool {
        origins.admits(origin.map(str::as_bytes), host.map(str::as_bytes), OWN)
    }

    #[test]
    fn by_default_only_the_servers_own_pages_and_non_browsers() {
        let own = Origins::default();
        assert!(admits(&own, None, None));
        assert!(admits(&own, Some("http://127.0.0.1:8080"), None));
        assert!(admits(
            &own,
            Some("https://Shatar.example"),
            Some("shatar.example")
        ));
        assert!(admits(
            &own,
            Some("http://localhost:8080"),
            Some("localhost:8080")
        ));
        for foreign in [
            "https://evil.example",
            "http://127.0.0.1:8081",
            "null",
            "http://shatar.example.evil.example",
            "ftp://shatar.example",
            "http://shatar.example/path",
        ] {
            assert!(
                !admits(&own, Some(foreign), Some("shatar.example")),
                "{foreign}"
            );
        }
    }

    #[test]
    fn listed_origins_replace_the_default() {
        let mut listed = Origins::default();
        listed.allow("https://shatar.example/").unwrap();
        listed.allow("http://club.example:8000").unwrap();
        assert!(admits(&listed, Some("https://shatar.example"), None));
        assert!(admits(&listed, Some("http://club.example:8000"), None));
        assert!(admits(&listed, None, None));
        assert!(!admits(&listed, Some("http://shatar.example"), None));
        assert!(!admits(
            &listed,
            Some("http://127.0.0.1:8080"),
            Some("127.0.0.1:8080")
        ));
        for bad in ["shatar.example", "https://", "https://a/b", "https://a b"] {
            assert_eq!(
                Origins::default().allow(bad),
                Err(BadOrigin(bad.to_string()))
            );
        }
    }
}
