//! Live unread counts: the partner's bell hears of a notification the moment its row is
//! written, whichever replica wrote it, instead of at its next poll.
//!
//! Migration 0020's trigger sends `pg_notify('partner_notifications', partner_id)` for every
//! notification row inserted, read or deleted. Each server opens one LISTEN connection, with
//! its first stream (`GET /api/api/notifications/events`), and fans the partner ids out to
//! its open streams, which recount and send the new figure. Notifications are only a
//! wake-up: the count always comes from the table, and after the listening connection was
//! lost (a notification may have been missed) every stream recounts.

use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio::sync::{OnceCell, broadcast};

/// The channel of the trigger in `migrations/0020_partner_notification_signals.sql`.
pub const CHANNEL: &str = "partner_notifications";

/// What the listener tells every stream after its connection was lost and reopened.
pub const EVERYONE: i64 = 0;
/// What [`PartnerSignals::close_streams`] tells every stream.
pub const CLOSE_STREAMS: i64 = -1;

/// How many partner ids a slow stream may fall behind before it simply recounts.
const BACKLOG: usize = 256;

/// The fan-out of partner ids from the LISTEN connection to this server's open streams.
pub struct PartnerSignals {
    sender: broadcast::Sender<i64>,
    listening: OnceCell<()>,
}

impl Default for PartnerSignals {
    fn default() -> PartnerSignals {
        PartnerSignals { sender: broadcast::channel(BACKLOG).0, listening: OnceCell::new() }
    }
}

impl PartnerSignals {
    /// The ids of the partners whose notifications change from now on. The first call opens
    /// the LISTEN connection on `pool`'s database and returns once it listens, so that nothing
    /// written after it is missed; if that fails, the stream only has the poll to fall back on,
    /// and the next call tries again.
    pub async fn subscribe(&self, pool: &PgPool) -> broadcast::Receiver<i64> {
        let receiver = self.sender.subscribe();
        let listening = self.listening.get_or_try_init(|| async {
            let listener = listener(pool).await?;
            tokio::spawn(forward(pool.clone(), listener, self.sender.clone()));
            Ok::<(), sqlx::Error>(())
        });
        if let Err(error) = listening.await {
            tracing::warn!(%error, "cannot listen for partner notifications");
        }
        receiver
    }

    /// Ends this server's open streams (it is stopping: their browsers reconnect elsewhere).
    pub fn close_streams(&self) {
        let _ = self.sender.send(CLOSE_STREAMS);
    }
}

/// Forwards each notification of [`CHANNEL`] until the pool closes, reconnecting after a loss.
async fn forward(pool: PgPool, mut listener: PgListener, sender: broadcast::Sender<i64>) {
    loop {
        loop {
            match listener.try_recv().await {
                Ok(Some(notification)) => {
                    if let Ok(partner_id) = notification.payload().parse::<i64>() {
                        let _ = sender.send(partner_id);
                    }
                }
                // the connection was lost: what was sent meanwhile is gone
                Ok(None) => break,
                Err(error) => {
                    tracing::warn!(%error, "the notification listener failed");
                    break;
                }
            }
        }
        listener = loop {
            if pool.is_closed() {
                return;
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
            match self::listener(&pool).await {
                Ok(listener) => break listener,
                Err(error) => tracing::warn!(%error, "cannot listen for partner notifications"),
            }
        };
        let _ = sender.send(EVERYONE);
    }
}

async fn listener(pool: &PgPool) -> sqlx::Result<PgListener> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}
