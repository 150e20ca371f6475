//! Which pages may open the WebSocket. A browser opens one to whatever server any page
//! names, and WebSockets have no CORS: without this check another site's page could use
//! its visitors' browsers against this server. Clients that are not browsers send no
//! `Origin` and are let in: they could forge any header anyway.
//!
//! With no origin configured, an `Origin` naming the request's own `Host` is admitted only
//! when that host is an IP address or `localhost`. A domain name must be configured
//! (`--public-url` or `--origin`): under DNS rebinding a hostile domain resolves to this
//! server, and its page's requests then carry `Host` and `Origin` both of that domain.

use std::fmt;

/// The allowed origins, as `scheme://host[:port]` in lower case. Empty: the server's own
/// (an `Origin` whose host and port are the request's `Host` when that is an IP address
/// or `localhost`, or the listen address).
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

    /// Adds the origin of a public URL, which may have a path (`https://a.example/play/`).
    pub fn allow_url(&mut self, url: &str) -> Result<(), BadOrigin> {
        let bad = || BadOrigin(url.to_string());
        let scheme_end = url.find("://").ok_or_else(bad)? + 3;
        let end = url[scheme_end..]
            .find(['/', '?', '#'])
            .map_or(url.len(), |i| scheme_end + i);
        self.allow(&url[..end]).map_err(|_| bad())
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
        host.is_some_and(|host| host.eq_ignore_ascii_case(authority) && names_no_domain(host))
            || authority.eq_ignore_ascii_case(own)
    }
}

/// Whether a `host[:port]` names an IP address or `localhost`, which no one else's DNS
/// can point here.
fn names_no_domain(authority: &str) -> bool {
    let host = match authority.strip_prefix('[') {
        Some(rest) => {
            return rest
                .split_once(']')
                .is_some_and(|(ip, _)| ip.parse::<std::net::Ipv6Addr>().is_ok());
        }
        None => authority
            .rsplit_once(':')
            .map_or(authority, |(host, _)| host),
    };
    host.eq_ignore_ascii_case("localhost") || host.parse::<std::net::Ipv4Addr>().is_ok()
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
            Some("http://localhost:8080"),
            Some("localhost:8080")
        ));
        assert!(admits(
            &own,
            Some("http://192.168.1.20:8080"),
            Some("192.168.1.20:8080")
        ));
        assert!(admits(&own, Some("http://[::1]:8080"), Some("[::1]:8080")));
        // A domain is never taken from the request: DNS rebinding makes Host and Origin
        // both the attacker's.
        assert!(!admits(
            &own,
            Some("https://Shatar.example"),
            Some("shatar.example")
        ));
        assert!(!admits(
            &own,
            Some("http://evil.example:8080"),
            Some("evil.example:8080")
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
        let mut public = Origins::default();
        public.allow_url("https://Shatar.example/play/?x").unwrap();
        assert_eq!(public.listed(), ["https://shatar.example"]);
        assert!(admits(&public, Some("https://shatar.example"), None));
        assert!(Origins::default().allow_url("shatar.example/play").is_err());
        for bad in ["shatar.example", "https://", "https://a/b", "https://a b"] {
            assert_eq!(
                Origins::default().allow(bad),
                Err(BadOrigin(bad.to_string()))
            );
        }
    }
}
