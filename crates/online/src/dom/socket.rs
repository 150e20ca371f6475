//! The WebSocket, shared with the event page: `shatar_web::dom::socket`.

pub use shatar_web::dom::socket::{Heard, Socket};
