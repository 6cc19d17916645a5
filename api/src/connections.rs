//! The server's open HTTP connections, so that a stop closes the idle ones at once.
//!
//! actix-web's graceful stop waits for every connection to end, up to its shutdown timeout (30 s); it cannot
//! tell a connection with a request in flight from one idle between keep-alive requests, or from an event
//! stream that never ends by itself. So each connection is registered here when it is accepted (with a
//! duplicate of its socket), and counts as busy while a request on it is handled and its answer sent. On
//! SIGTERM or Ctrl-C, [`Connections::stop`] shuts down the socket of every connection that is not busy
//! (idle keep-alive connections and event streams: an `EventSource` reconnects, to another instance), every
//! event stream ends (a stream waiting for its next event would not notice the closed socket until its
//! next heartbeat), and every answer from then on says `Connection: close`. Requests in flight still finish.

use std::collections::HashMap;
use std::net::Shutdown;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

use actix_web::body::{BodySize, BoxBody, MessageBody};
use actix_web::dev::{Extensions, ServiceRequest, ServiceResponse};
use actix_web::http::{ConnectionType, header};
use actix_web::web::Bytes;

#[derive(Default)]
struct Registry {
    next: u64,
    open: HashMap<u64, Open>,
}

struct Open {
    /// A duplicate of the connection's socket: shutting it down ends the connection for both sides.
    socket: std::net::TcpStream,
    busy: Arc<AtomicUsize>,
}

/// The registry of open connections (one per server, shared by its workers).
#[derive(Clone)]
pub struct Connections {
    registry: Arc<Mutex<Registry>>,
    stopping: Arc<AtomicBool>,
    /// Turns true at the stop: event streams wait on it.
    stopped: tokio::sync::watch::Sender<bool>,
}

impl Default for Connections {
    fn default() -> Self {
        Connections {
            registry: Arc::default(),
            stopping: Arc::default(),
            stopped: tokio::sync::watch::Sender::new(false),
        }
    }
}

/// Kept in a connection's data: takes the connection off the registry (and closes the duplicate socket)
/// when the connection ends.
struct Registered {
    id: u64,
    busy: Arc<AtomicUsize>,
    registry: Weak<Mutex<Registry>>,
}

impl Drop for Registered {
    fn drop(&mut self) {
        if let Some(registry) = self.registry.upgrade() {
            registry.lock().unwrap_or_else(|e| e.into_inner()).open.remove(&self.id);
        }
    }
}

/// Marks a connection busy while it lives.
struct Busy(Arc<AtomicUsize>);

impl Busy {
    fn new(count: &Arc<AtomicUsize>) -> Busy {
        count.fetch_add(1, Ordering::SeqCst);
        Busy(count.clone())
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Connections {
    /// For `HttpServer::on_connect`: registers a plain TCP connection.
    pub fn on_connect(&self, io: &dyn std::any::Any, data: &mut Extensions) {
        #[cfg(unix)]
        {
            use std::os::fd::AsFd as _;
            let Some(stream) = io.downcast_ref::<actix_web::rt::net::TcpStream>() else { return };
            let socket = match stream.as_fd().try_clone_to_owned() {
                Ok(fd) => std::net::TcpStream::from(fd),
                Err(e) => {
                    tracing::warn!(error = %e, "cannot track a connection; a stop may wait for it");
                    return;
                }
            };
            let busy = Arc::new(AtomicUsize::new(0));
            let mut registry = self.registry.lock().unwrap_or_else(|e| e.into_inner());
            registry.next += 1;
            let id = registry.next;
            registry.open.insert(id, Open { socket, busy: busy.clone() });
            data.insert(Registered { id, busy, registry: Arc::downgrade(&self.registry) });
        }
        #[cfg(not(unix))]
        let _ = (io, data);
    }

    /// From now on every answer closes its connection; the connections that are not busy close now.
    pub fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        self.stopped.send_replace(true);
        let registry = self.registry.lock().unwrap_or_else(|e| e.into_inner());
        let mut closed = 0;
        for open in registry.open.values() {
            if open.busy.load(Ordering::SeqCst) == 0 {
                let _ = open.socket.shutdown(Shutdown::Both);
                closed += 1;
            }
        }
        tracing::info!(closed, busy = registry.open.len() - closed, "closed the idle connections");
    }

    pub fn stopping(&self) -> bool {
        self.stopping.load(Ordering::SeqCst)
    }

    /// How many connections are open.
    pub fn open(&self) -> usize {
        self.registry.lock().unwrap_or_else(|e| e.into_inner()).open.len()
    }
}

/// A response body that keeps its connection busy until it is sent (or dropped).
struct BusyBody {
    body: BoxBody,
    _busy: Busy,
}

impl MessageBody for BusyBody {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<Bytes, Self::Error>>> {
        std::pin::Pin::new(&mut self.body).poll_next(cx)
    }
}

/// An event stream's body, ended at the stop.
struct StoppableBody {
    body: BoxBody,
    stopped: std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>,
}

impl MessageBody for StoppableBody {
    type Error = Box<dyn std::error::Error>;

    fn size(&self) -> BodySize {
        self.body.size()
    }

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<Bytes, Self::Error>>> {
        if self.stopped.as_mut().poll(cx).is_ready() {
            return std::task::Poll::Ready(None);
        }
        std::pin::Pin::new(&mut self.body).poll_next(cx)
    }
}

/// Middleware: a connection is busy from the moment a request arrives until its answer is sent, except
/// for event streams, which a stop ends. Once stopping, every answer says `Connection: close`.
pub async fn track(
    req: ServiceRequest,
    next: actix_web::middleware::Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let busy = req.conn_data::<Registered>().map(|r| Busy::new(&r.busy));
    let connections = req.app_data::<actix_web::web::Data<Connections>>().cloned();
    let mut res = next.call(req).await?.map_into_boxed_body();
    if connections.as_ref().is_some_and(|c| c.stopping()) {
        res.response_mut().head_mut().set_connection_type(ConnectionType::Close);
    }
    let streaming =
        res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
    Ok(match (busy, connections) {
        (Some(busy), _) if !streaming => res.map_body(|_, body| BusyBody { body, _busy: busy }.boxed()),
        (_, Some(connections)) if streaming => {
            let mut stopped = connections.stopped.subscribe();
            let stopped = Box::pin(async move {
                // An error means the registry is gone: the server is gone too.
                let _ = stopped.wait_for(|stopped| *stopped).await;
            });
            res.map_body(|_, body| StoppableBody { body, stopped }.boxed())
        }
        _ => res,
    })
}
