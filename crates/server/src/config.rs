//! The command line: `shatar-server [--listen ADDR] [--data DIR] [--site DIR] ...`.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::limits::Limits;
use crate::origin::{BadOrigin, Origins};
use crate::proxy::{BadProxy, Proxies};

pub const USAGE: &str =
    "usage: shatar-server [--listen ADDR] [--data DIR] [--database URL] [--site DIR]
                    [--public-url URL] [--origin URL]... [--trusted-proxy IP[/BITS]]...
                    [--max-connections N] [--no-address-limits]
  --listen ADDR        where to listen (default 127.0.0.1:8080)
  --data DIR           the database's directory, made if missing (default ./data)
  --database URL       the database, instead of DIR/shatar.sqlite3: sqlite://FILE, or
                       postgres://USER@HOST:PORT/NAME (docs/hosting.md)
  --site DIR           the built site to serve (dist/); without it only /ws is served
  --public-url URL     the site's public address (https://shatar.example/); its pages
                       may open /ws
  --origin URL         another site whose pages may open /ws (repeatable; with neither
                       this nor --public-url: pages of this server's address, when the
                       request's Host is an IP address or localhost)
  --trusted-proxy IP   a reverse proxy (an address or a block, repeatable): from it the
                       client's address is read from X-Forwarded-For
  --max-connections N  TCP connections open at once (default: the soft RLIMIT_NOFILE
                       less 64)
  --no-address-limits  no limits per client address, only per connection (behind a
                       proxy that hides clients' addresses, or for shatar-load)";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    pub listen: SocketAddr,
    pub data_dir: PathBuf,
    /// `--database`: `None` is SQLite in `data_dir`.
    pub database: Option<String>,
    pub site_dir: Option<PathBuf>,
    pub origins: Origins,
    /// `--public-url`, as given less a trailing `/`: kept for the links and codes that
    /// name the site.
    pub public_url: Option<String>,
    pub trusted_proxies: Proxies,
    /// `None`: derived from `RLIMIT_NOFILE` when the server starts.
    pub max_connections: Option<usize>,
    pub limits: Limits,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            listen: SocketAddr::from(([127, 0, 0, 1], 8080)),
            data_dir: PathBuf::from("data"),
            database: None,
            site_dir: None,
            origins: Origins::default(),
            public_url: None,
            trusted_proxies: Proxies::default(),
            max_connections: None,
            limits: Limits::default(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgsError {
    Help,
    Unknown(String),
    MissingValue(&'static str),
    BadAddress(String),
    BadOrigin(BadOrigin),
    BadProxy(BadProxy),
    BadNumber(String),
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgsError::Help => f.write_str(USAGE),
            ArgsError::Unknown(arg) => write!(f, "unknown argument {arg:?}\n{USAGE}"),
            ArgsError::MissingValue(flag) => write!(f, "{flag} needs a value\n{USAGE}"),
            ArgsError::BadAddress(text) => write!(f, "{text:?} is no address like 127.0.0.1:8080"),
            ArgsError::BadOrigin(e) => e.fmt(f),
            ArgsError::BadProxy(e) => e.fmt(f),
            ArgsError::BadNumber(text) => write!(f, "{text:?} is no number of connections"),
        }
    }
}

impl std::error::Error for ArgsError {}

impl Config {
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Config, ArgsError> {
        let mut config = Config::default();
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let mut value = |flag| args.next().ok_or(ArgsError::MissingValue(flag));
            match arg.as_str() {
                "--listen" => {
                    let text = value("--listen")?;
                    config.listen = text.parse().map_err(|_| ArgsError::BadAddress(text))?;
                }
                "--data" => config.data_dir = value("--data")?.into(),
                "--database" => config.database = Some(value("--database")?),
                "--site" => config.site_dir = Some(value("--site")?.into()),
                "--origin" => config
                    .origins
                    .allow(&value("--origin")?)
                    .map_err(ArgsError::BadOrigin)?,
                "--public-url" => {
                    let url = value("--public-url")?;
                    config
                        .origins
                        .allow_url(&url)
                        .map_err(ArgsError::BadOrigin)?;
                    config.public_url = Some(url.trim_end_matches('/').to_string());
                }
                "--trusted-proxy" => config
                    .trusted_proxies
                    .trust(&value("--trusted-proxy")?)
                    .map_err(ArgsError::BadProxy)?,
                "--max-connections" => {
                    let text = value("--max-connections")?;
                    let n = text.parse::<usize>().ok().filter(|&n| n > 0);
                    config.max_connections = Some(n.ok_or(ArgsError::BadNumber(text))?);
                }
                "--no-address-limits" => config.limits.per_address = None,
                "-h" | "--help" => return Err(ArgsError::Help),
                _ => return Err(ArgsError::Unknown(arg)),
            }
        }
        Ok(config)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(text: &str) -> Result<Config, ArgsError> {
        Config::from_args(text.split_whitespace().map(String::from))
    }

    #[test]
    fn flags_set_the_configuration() {
        let config = args(
            "--listen 0.0.0.0:9000 --data /tmp/d --site dist --origin https://a.example \
             --origin http://b.example:81/ --no-address-limits",
        )
        .unwrap();
        assert_eq!(
            config.origins.listed(),
            ["https://a.example", "http://b.example:81"]
        );
        assert_eq!(config.limits.per_address, None);
        assert!(args("").unwrap().limits.per_address.is_some());
        assert_eq!(config.listen, "0.0.0.0:9000".parse().unwrap());
        assert_eq!(config.data_dir, PathBuf::from("/tmp/d"));
        assert_eq!(config.site_dir, Some(PathBuf::from("dist")));
        assert_eq!(args("").unwrap().listen.port(), 8080);
        assert_eq!(config.public_url, None);
        assert_eq!(config.max_connections, None);
        assert_eq!(config.database, None);
        let config = args("--database postgres://shatar@127.0.0.1:55432/shatar").unwrap();
        assert_eq!(
            config.database.as_deref(),
            Some("postgres://shatar@127.0.0.1:55432/shatar")
        );
    }

    #[test]
    fn the_edge_flags() {
        let config = args(
            "--public-url https://Shatar.example/play/ --trusted-proxy 10.0.0.2 \
             --trusted-proxy fd00::/8 --max-connections 500",
        )
        .unwrap();
        assert_eq!(
            config.public_url.as_deref(),
            Some("https://Shatar.example/play")
        );
        assert_eq!(config.origins.listed(), ["https://shatar.example"]);
        assert!(config.trusted_proxies.trusts("10.0.0.2".parse().unwrap()));
        assert!(config.trusted_proxies.trusts("fd12::1".parse().unwrap()));
        assert!(!config.trusted_proxies.trusts("10.0.0.3".parse().unwrap()));
        assert_eq!(config.max_connections, Some(500));
        assert_eq!(
            args("--trusted-proxy x"),
            Err(ArgsError::BadProxy(BadProxy("x".into())))
        );
        assert_eq!(
            args("--max-connections 0"),
            Err(ArgsError::BadNumber("0".into()))
        );
        assert!(matches!(
            args("--public-url shatar.example"),
            Err(ArgsError::BadOrigin(_))
        ));
    }

    #[test]
    fn bad_command_lines_are_refused() {
        assert_eq!(args("--site"), Err(ArgsError::MissingValue("--site")));
        assert_eq!(args("--port 1"), Err(ArgsError::Unknown("--port".into())));
        assert_eq!(args("--listen x"), Err(ArgsError::BadAddress("x".into())));
        assert_eq!(
            args("--origin example.org"),
            Err(ArgsError::BadOrigin(BadOrigin("example.org".into())))
        );
    }
}
