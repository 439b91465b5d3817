//! A throw-away Postgres cluster owned by one test or benchmark (feature `private-postgres`):
//! needed wherever Postgres itself must be restarted, or loaded without disturbing a shared
//! server.
//!
//! It runs the machine's `initdb`/`pg_ctl` (Debian's `/usr/lib/postgresql/<version>/bin`, or
//! the ones on `PATH`) in a fresh temporary folder, listens on 127.0.0.1 on a free port only,
//! trusts local connections (nothing else can reach it) and is deleted when dropped. As root it
//! runs as the `postgres` system user, since Postgres refuses to run as root.

use std::io;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{SystemTime, UNIX_EPOCH};

/// A running private cluster, stopped and deleted on drop.
pub struct PrivatePostgres {
    directory: PathBuf,
    binaries: PathBuf,
    port: u16,
    as_postgres_user: bool,
    durable: bool,
}

fn binaries_folder() -> io::Result<PathBuf> {
    let mut candidates: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .map(|entries| entries.filter_map(Result::ok).map(|entry| entry.path().join("bin")).collect())
        .unwrap_or_default();
    // newest version first (numeric folder names)
    candidates.sort_by_key(|path| {
        std::cmp::Reverse(
            path.parent().and_then(Path::file_name).and_then(|name| name.to_str()?.parse::<u32>().ok()).unwrap_or(0),
        )
    });
    if let Some(folder) = candidates.into_iter().find(|folder| folder.join("initdb").is_file()) {
        return Ok(folder);
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .find(|folder| folder.join("initdb").is_file() && folder.join("pg_ctl").is_file())
        .ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "initdb and pg_ctl not found: install postgresql"))
}

fn running_as_root() -> bool {
    Command::new("id").arg("-u").output().map(|output| output.stdout.trim_ascii() == b"0").unwrap_or(false)
}

fn free_port() -> io::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

fn checked(what: &str, output: Output) -> io::Result<()> {
    if output.status.success() {
        Ok(())
    } else {
        Err(io::Error::other(format!(
            "{what} failed ({}): {}{}",
            output.status,
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )))
    }
}

impl PrivatePostgres {
    /// Creates and starts a cluster with a `vivier` superuser and a `vivier` database.
    /// `durable: false` turns fsync off (much faster, and pointless for data deleted afterwards).
    pub fn start(durable: bool) -> io::Result<PrivatePostgres> {
        let binaries = binaries_folder()?;
        let unique = SystemTime::now().duration_since(UNIX_EPOCH).map(|elapsed| elapsed.as_nanos()).unwrap_or(0);
        let directory = std::env::temp_dir().join(format!("vivier-private-pg-{}-{unique}", std::process::id()));
        std::fs::create_dir_all(directory.join("run"))?;
        let as_postgres_user = running_as_root();
        let cluster = PrivatePostgres { directory, binaries, port: free_port()?, as_postgres_user, durable };
        if as_postgres_user {
            checked("chown", Command::new("chown").arg("-R").arg("postgres").arg(&cluster.directory).output()?)?;
        }
        let data = cluster.directory.join("data");
        let mut initdb = cluster.command("initdb");
        initdb.arg("-D").arg(&data).args(["-U", "vivier", "-A", "trust", "-E", "UTF8", "--locale=C.UTF-8"]);
        checked("initdb", initdb.output()?)?;
        cluster.pg_ctl_start()?;
        let mut createdb = Command::new(cluster.binaries.join("createdb"));
        createdb.args(["-h", "127.0.0.1", "-p", &cluster.port.to_string(), "-U", "vivier", "vivier"]);
        checked("createdb", createdb.output()?)?;
        Ok(cluster)
    }

    /// The connection string of a database of the cluster.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://vivier@127.0.0.1:{}/{database}", self.port)
    }

    /// Stops the server (fast shutdown: open connections are cut) and starts it again.
    pub fn restart(&self) -> io::Result<()> {
        self.pg_ctl_stop()?;
        self.pg_ctl_start()
    }

    fn command(&self, program: &str) -> Command {
        let program = self.binaries.join(program);
        if self.as_postgres_user {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        } else {
            Command::new(program)
        }
    }

    fn pg_ctl_start(&self) -> io::Result<()> {
        let options = format!(
            "-p {} -c listen_addresses=127.0.0.1 -k {} -c fsync={} -c max_connections=100",
            self.port,
            self.directory.join("run").display(),
            if self.durable { "on" } else { "off" },
        );
        let mut pg_ctl = self.command("pg_ctl");
        pg_ctl
            .arg("-D")
            .arg(self.directory.join("data"))
            .arg("-l")
            .arg(self.directory.join("postgres.log"))
            .args(["-w", "-t", "60", "-o", &options, "start"]);
        checked("pg_ctl start", pg_ctl.output()?)
    }

    fn pg_ctl_stop(&self) -> io::Result<()> {
        let mut pg_ctl = self.command("pg_ctl");
        pg_ctl.arg("-D").arg(self.directory.join("data")).args(["-m", "fast", "-w", "-t", "60", "stop"]);
        checked("pg_ctl stop", pg_ctl.output()?)
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        if let Err(error) = self.pg_ctl_stop() {
            eprintln!("cannot stop the private postgres in {}: {error}", self.directory.display());
        }
        let _ = std::fs::remove_dir_all(&self.directory);
    }
}
