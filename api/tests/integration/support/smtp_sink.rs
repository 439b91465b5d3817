//! A mail server on loopback for tests that start the `vivier` binary with `VIVIER_SMTP_URL`:
//! it keeps the messages it is given, or, hanging, takes connections and never greets (a mail
//! server that stops answering, which keeps a worker inside its delivery).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

pub struct SmtpSink {
    /// `smtp://127.0.0.1:PORT` (no TLS).
    pub url: String,
    connections: Arc<AtomicUsize>,
    messages: Arc<Mutex<Vec<String>>>,
}

impl SmtpSink {
    /// A sink that receives messages.
    pub async fn receiving() -> SmtpSink {
        SmtpSink::start(false).await
    }

    /// A sink that accepts connections and never says a word.
    pub async fn hanging() -> SmtpSink {
        SmtpSink::start(true).await
    }

    async fn start(hanging: bool) -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("smtp://{}", listener.local_addr().unwrap());
        let (connections, messages) = (Arc::new(AtomicUsize::new(0)), Arc::new(Mutex::new(Vec::new())));
        let (counted, kept) = (connections.clone(), messages.clone());
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                counted.fetch_add(1, Ordering::SeqCst);
                let kept = kept.clone();
                tokio::spawn(async move {
                    if hanging {
                        let _held = stream;
                        std::future::pending::<()>().await;
                    } else {
                        let _ = converse(stream, &kept).await;
                    }
                });
            }
        });
        SmtpSink { url, connections, messages }
    }

    /// Connections taken so far.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    /// The messages received (headers and body as sent, dot-stuffing left as is).
    pub fn messages(&self) -> Vec<String> {
        self.messages.lock().unwrap().clone()
    }
}

/// The server's side of SMTP, enough for one client that behaves (RFC 5321's replies).
async fn converse(stream: TcpStream, messages: &Mutex<Vec<String>>) -> std::io::Result<()> {
    let (reader, mut writer) = stream.into_split();
    let mut lines = BufReader::new(reader).lines();
    writer.write_all(b"220 sink ESMTP\r\n").await?;
    while let Some(line) = lines.next_line().await? {
        let verb = line.split(' ').next().unwrap_or_default().to_ascii_uppercase();
        let reply: &[u8] = match verb.as_str() {
            "DATA" => {
                writer.write_all(b"354 end with a dot\r\n").await?;
                let mut message = String::new();
                while let Some(line) = lines.next_line().await? {
                    if line == "." {
                        break;
                    }
                    message.push_str(&line);
                    message.push('\n');
                }
                messages.lock().unwrap().push(message);
                b"250 queued\r\n"
            }
            "QUIT" => {
                writer.write_all(b"221 bye\r\n").await?;
                return Ok(());
            }
            _ => b"250 sink\r\n",
        };
        writer.write_all(reply).await?;
    }
    Ok(())
}
