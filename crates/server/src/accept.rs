//! The accept loop, in place of `axum::serve`, for what that does not let a public server
//! set: a cap on the TCP connections of each client address and of the whole process, both
//! refused at accept (closed at once, nothing read); a deadline for a request's head (slow
//! headers, and idle keep-alive connections, which hyper times by the same deadline); a
//! small head (8 KiB, 32 headers); a deadline and a cap for a request's body, read whole
//! here before any route sees it (every body a route takes is a small JSON document); the
//! per-address budget of HTTP requests; the client's address behind a trusted proxy; and a shutdown that waits for the requests in flight a
//! bounded time, never for a half-sent one.

use std::collections::HashMap;
use std::convert::Infallible;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll};

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::ConnectInfo;
use axum::http::{HeaderValue, Request, Response, StatusCode, header};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;

use crate::limits::Limiter;
use crate::proxy::{ClientAddr, Proxies};

/// hyper's smallest read buffer, which bounds a request's head: lila-ws allows 4 KiB, but
/// hyper refuses a `max_buf_size` under 8 KiB.
pub const MAX_HEAD_BYTES: usize = 8 * 1024;
/// Headers in a request: a browser's WebSocket upgrade sends about 15.
pub const MAX_HEADERS: usize = 32;
/// The largest request body read: twice the largest a route takes (the events API's 32
/// KiB), so that a route's own typed "too large" answers what lies between.
pub const MAX_BODY_BYTES: usize = 2 * shatar_protocol::events::MAX_BODY_BYTES;
/// File descriptors kept out of the connections' reach: the database's (SQLite with its
/// WAL and pool), the site's files being sent, the listener.
pub const RESERVED_FDS: usize = 64;

/// The soft `RLIMIT_NOFILE` less [`RESERVED_FDS`]: the connections the process can hold.
pub fn default_max_connections() -> usize {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes only the struct it is given, which lives on this stack.
    let read = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0;
    // 1,024 is the usual soft limit where none could be read.
    let soft = if read { limit.rlim_cur } else { 1_024 };
    usize::try_from(soft)
        .unwrap_or(usize::MAX)
        .saturating_sub(RESERVED_FDS)
        .max(1)
}

/// What the loop needs besides the listener and the router.
pub struct Edge {
    pub limiter: Arc<Limiter>,
    pub proxies: Proxies,
    pub max_connections: usize,
}

/// The open TCP connections, in all and by address.
struct Counts {
    total: usize,
    by_address: HashMap<IpAddr, u32>,
}

struct Sockets {
    edge: Edge,
    counts: Mutex<Counts>,
}

impl Sockets {
    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        // Each change under the lock is a counter: a panic leaves them usable.
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A place for a connection from `peer`, or `None` when the process or the address is
    /// full.
    fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<Slot> {
        let peer = peer.to_canonical();
        // A trusted proxy carries many clients; their own addresses are limited per request.
        let per_address = self
            .edge
            .limiter
            .limits()
            .per_address
            .filter(|_| !self.edge.proxies.trusts(peer))
            .map(|limits| limits.sockets);
        let mut counts = self.counts();
        if counts.total >= self.edge.max_connections {
            return None;
        }
        if let Some(max) = per_address {
            let open = counts.by_address.entry(peer).or_insert(0);
            if *open >= max {
                return None;
            }
            *open += 1;
        }
        counts.total += 1;
        Some(Slot {
            sockets: self.clone(),
            address: per_address.map(|_| peer),
        })
    }
}

/// A connection's place in the counts, given back when the socket closes: it travels with
/// the socket into a WebSocket's upgrade.
struct Slot {
    sockets: Arc<Sockets>,
    address: Option<IpAddr>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self.sockets.counts();
        counts.total -= 1;
        if let Some(ip) = self.address
            && let Some(open) = counts.by_address.get_mut(&ip)
        {
            *open -= 1;
            if *open == 0 {
                counts.by_address.remove(&ip);
            }
        }
    }
}

/// A TCP stream that holds its [`Slot`] as long as it is open.
struct Counted {
    stream: TcpStream,
    _slot: Slot,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// Serves `listener` until `stopping` turns true (or its sender goes), then lets the
/// requests in flight finish for at most `shutdown_grace`. WebSockets are not waited for:
/// their sessions close themselves on `stopping`.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    edge: Edge,
    stopping: watch::Receiver<bool>,
) -> io::Result<()> {
    let timeouts = edge.limiter.limits().timeouts;
    let sockets = Arc::new(Sockets {
        edge,
        counts: Mutex::new(Counts {
            total: 0,
            by_address: HashMap::new(),
        }),
    });
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(timeouts.header_read)
        .max_buf_size(MAX_HEAD_BYTES)
        .max_headers(MAX_HEADERS);
    let builder = Arc::new(builder);
    let mut connections = JoinSet::new();
    let mut stop_accepting = stopping.clone();
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    // Refused: dropped unread, which closes it.
                    let Some(slot) = sockets.admit(peer.ip()) else {
                        continue;
                    };
                    let _ = stream.set_nodelay(true);
                    connections.spawn(connection(
                        Counted { stream, _slot: slot },
                        peer,
                        builder.clone(),
                        router.clone(),
                        sockets.clone(),
                        stopping.clone(),
                    ));
                }
                Err(e) => accept_error(e).await,
            },
            Some(_) = connections.join_next(), if !connections.is_empty() => {}
            () = stopped(&mut stop_accepting) => break,
        }
    }
    drop(listener);
    let _ = tokio::time::timeout(timeouts.shutdown_grace, async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    connections.shutdown().await;
    Ok(())
}

/// Once the server stops, or the handle that would stop it is gone.
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    let _ = stopping.wait_for(|stop| *stop).await;
}

/// Errors of one connection (it went before it was accepted) are passed over, as
/// `axum::serve` does; running out of file descriptors or memory is waited out, for 50 ms
/// where `axum::serve` waits a second: with the process's cap below `RLIMIT_NOFILE` it
/// should not happen, and a second without accepting is long for everyone else.
async fn accept_error(error: io::Error) {
    use io::ErrorKind::*;
    if matches!(
        error.kind(),
        ConnectionRefused | ConnectionAborted | ConnectionReset
    ) {
        return;
    }
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
}

async fn connection(
    stream: Counted,
    peer: SocketAddr,
    builder: Arc<http1::Builder>,
    router: Router,
    sockets: Arc<Sockets>,
    mut stopping: watch::Receiver<bool>,
) {
    let answering = Arc::new(AtomicUsize::new(0));
    let counted = answering.clone();
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let router = router.clone();
        let sockets = sockets.clone();
        let in_flight = InFlight::new(&counted);
        async move {
            let response = answer(request, peer, router, &sockets).await;
            Ok::<_, Infallible>(response.map(|body| {
                Body::new(Tracked {
                    body,
                    _in_flight: in_flight,
                })
            }))
        }
    });
    let serving = builder
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(serving);
    tokio::select! {
        _ = serving.as_mut() => return,
        () = stopped(&mut stopping) => {}
    }
    // Idle, or a request still on its way in: nothing is owed, close it now. Otherwise the
    // response is finished (within the loop's grace) and the connection closed after it.
    if answering.load(Ordering::Acquire) == 0 {
        return;
    }
    serving.as_mut().graceful_shutdown();
    let _ = serving.await;
}

/// A request being answered, from its whole head to its response's last byte.
struct InFlight(Arc<AtomicUsize>);

impl InFlight {
    fn new(count: &Arc<AtomicUsize>) -> InFlight {
        count.fetch_add(1, Ordering::AcqRel);
        InFlight(count.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A response body that keeps its request counted as in flight until hyper drops it,
/// written or not.
struct Tracked {
    body: Body,
    _in_flight: InFlight,
}

impl HttpBody for Tracked {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

async fn answer(
    mut request: Request<Incoming>,
    peer: SocketAddr,
    mut router: Router,
    sockets: &Sockets,
) -> Response<Body> {
    let edge = &sockets.edge;
    let client = edge.proxies.client(peer.ip(), request.headers());
    if let Err(retry_after_ms) = edge.limiter.request(client) {
        return too_many_requests(retry_after_ms);
    }
    request.extensions_mut().insert(ClientAddr(client));
    request.extensions_mut().insert(ConnectInfo(peer));
    let (head, incoming) = request.into_parts();
    let body = if incoming.is_end_stream() {
        Body::empty()
    } else {
        let deadline = edge.limiter.limits().timeouts.body_read;
        let reading = axum::body::to_bytes(Body::new(incoming), MAX_BODY_BYTES);
        match tokio::time::timeout(deadline, reading).await {
            Ok(Ok(bytes)) => Body::from(bytes),
            // Over the cap, or the client went away mid-body.
            Ok(Err(_)) => {
                return refused_body(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    "request body too large or cut short\n",
                );
            }
            Err(_) => {
                return refused_body(
                    StatusCode::REQUEST_TIMEOUT,
                    "request body not sent in time\n",
                );
            }
        }
    };
    let request = Request::from_parts(head, body);
    match tower_service::Service::call(&mut router, request).await {
        Ok(response) => response,
        Err(never) => match never {},
    }
}

/// The edge's own answer: `status` and a line of plain text.
fn plain(status: StatusCode, text: &'static str) -> Response<Body> {
    let mut response = Response::new(Body::from(text));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// A body the server stopped reading: the connection cannot carry another request.
fn refused_body(status: StatusCode, why: &'static str) -> Response<Body> {
    let mut response = plain(status, why);
    let headers = response.headers_mut();
    headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

fn too_many_requests(retry_after_ms: u64) -> Response<Body> {
    let seconds = retry_after_ms.div_ceil(1_000).max(1);
    let mut response = plain(
        StatusCode::TOO_MANY_REQUESTS,
        "too many requests from this address\n",
    );
    let headers = response.headers_mut();
    headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
    response
}
