//! A connection's unasked messages, bounded: a watcher whose socket does not keep up must
//! not make the server hold every move it has not read yet. When its queue is full it is
//! told to go (it is dropped from the games it watched and its connection is closed);
//! reconnecting, it gets each game as it stands again.

use std::sync::Arc;

use tokio::sync::{Notify, mpsc};

/// The sending half, kept by the hub for each game watched and each player's connection.
#[derive(Clone, Debug)]
pub struct Outbox {
    frames: mpsc::Sender<Arc<str>>,
    behind: Arc<Notify>,
}

/// The connection's own half.
pub struct Inbox {
    frames: mpsc::Receiver<Arc<str>>,
    behind: Arc<Notify>,
}

/// The outbox is closed, or its connection fell behind (and has been told).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gone;

/// What a connection has to write next.
#[derive(Debug, PartialEq, Eq)]
pub enum Unasked {
    Frame(Arc<str>),
    FellBehind,
}

/// An outbox that holds up to `capacity` frames not yet written.
pub fn outbox(capacity: usize) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::channel(capacity.max(1));
    let behind = Arc::new(Notify::new());
    (
        Outbox {
            frames: tx,
            behind: behind.clone(),
        },
        Inbox { frames: rx, behind },
    )
}

impl Outbox {
    /// Queues `frame`; when the queue is full, tells the connection it fell behind instead.
    pub fn send(&self, frame: Arc<str>) -> Result<(), Gone> {
        match self.frames.try_send(frame) {
            Ok(()) => Ok(()),
            Err(mpsc::error::TrySendError::Full(_)) => {
                // A stored permit: the connection hears it even if it is busy right now.
                self.behind.notify_one();
                Err(Gone)
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Err(Gone),
        }
    }

    /// Waits until the connection's half is gone: the connection has ended.
    pub async fn closed(&self) {
        self.frames.closed().await;
    }

    pub fn is_closed(&self) -> bool {
        self.frames.is_closed()
    }

    pub fn same_channel(&self, other: &Outbox) -> bool {
        self.frames.same_channel(&other.frames)
    }
}

impl Inbox {
    /// The next frame, or word that the connection fell behind (which comes first).
    pub async fn recv(&mut self) -> Option<Unasked> {
        tokio::select! {
            biased;
            () = self.behind.notified() => Some(Unasked::FellBehind),
            frame = self.frames.recv() => frame.map(Unasked::Frame),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_full_outbox_says_its_connection_fell_behind() {
        let (outbox, mut inbox) = outbox(2);
        let frame: Arc<str> = "x".into();
        assert_eq!(outbox.send(frame.clone()), Ok(()));
        assert_eq!(outbox.send(frame.clone()), Ok(()));
        assert_eq!(outbox.send(frame.clone()), Err(Gone));
        assert_eq!(inbox.recv().await, Some(Unasked::FellBehind));
        assert_eq!(inbox.recv().await, Some(Unasked::Frame(frame)));
        drop(inbox);
        assert!(outbox.is_closed());
    }
}
