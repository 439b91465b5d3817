//! Live unread counts: the partner's bell hears of a notification the moment its row is
//! written, whichever replica wrote it, instead of at its next poll.
//!
//! Migration 0020's trigger sends `pg_notify('partner_notifications', partner_id)` for every
//! notification row inserted, read or deleted. Each server opens one LISTEN connection, with
//! its first stream (`GET /api/api/notifications/events`), and fans the partner ids out to
//! its open streams, which recount and send the new figure. Notifications are only a
//! wake-up: the count always comes from the table, and after the listening connection was
//! lost (a notification may have been missed) every stream recounts.

use std::sync::OnceLock;
use std::time::Duration;

use sqlx::PgPool;
use sqlx::postgres::PgListener;
use tokio::sync::broadcast;

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
    listening: OnceLock<()>,
}

impl Default for PartnerSignals {
    fn default() -> PartnerSignals {
        PartnerSignals { sender: broadcast::channel(BACKLOG).0, listening: OnceLock::new() }
    }
}

impl PartnerSignals {
    /// The ids of the partners whose notifications change from now on; the first call starts
    /// listening on `pool`'s database.
    pub fn subscribe(&self, pool: &PgPool) -> broadcast::Receiver<i64> {
        let receiver = self.sender.subscribe();
        self.listening.get_or_init(|| {
            tokio::spawn(listen(pool.clone(), self.sender.clone()));
        });
        receiver
    }

    /// Ends this server's open streams (it is stopping: their browsers reconnect elsewhere).
    pub fn close_streams(&self) {
        let _ = self.sender.send(CLOSE_STREAMS);
    }
}

/// Forwards each notification of [`CHANNEL`] until the pool closes, reconnecting after a loss.
async fn listen(pool: PgPool, sender: broadcast::Sender<i64>) {
    let mut reconnecting = false;
    while !pool.is_closed() {
        match listener(&pool).await {
            Ok(mut listener) => {
                if reconnecting {
                    let _ = sender.send(EVERYONE);
                }
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
            }
            Err(error) => tracing::warn!(%error, "cannot listen for partner notifications"),
        }
        reconnecting = true;
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}

async fn listener(pool: &PgPool) -> sqlx::Result<PgListener> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}
