//! The process side: enough file descriptors for thousands of sockets, and a server
//! started for the run when asked.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;

use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

/// Raises this process's soft limit of open files to its hard limit (each connection is
/// one; the default soft limit is often 1,024), and returns the limit now in force.
pub fn raise_file_limit() -> u64 {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit and setrlimit only read and write the struct passed by pointer,
    // which lives on this stack frame for the whole call.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) != 0 {
            return 0;
        }
        let wanted = libc::rlimit {
            rlim_cur: limit.rlim_max,
            rlim_max: limit.rlim_max,
        };
        if libc::setrlimit(libc::RLIMIT_NOFILE, &wanted) == 0 {
            limit = wanted;
        }
    }
    limit.rlim_cur
}

/// A `shatar-server` this run started, with its database in a directory of its own.
pub struct Started {
    pub addr: SocketAddr,
    pub pid: u32,
    child: Child,
    data: PathBuf,
}

impl Started {
    pub async fn start(binary: &str) -> Result<Started, String> {
        let data = std::env::temp_dir().join(format!("shatar-load-{}", std::process::id()));
        let mut child = Command::new(binary)
            .args(["--listen", "127.0.0.1:0", "--no-address-limits", "--data"])
            .arg(&data)
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("{binary}: {e}"))?;
        let pid = child.id().ok_or("the server exited at once")?;
        let stderr = child.stderr.take().ok_or("no stderr")?;
        let mut lines = BufReader::new(stderr).lines();
        let addr = loop {
            let line = lines
                .next_line()
                .await
                .map_err(|e| e.to_string())?
                .ok_or("the server exited before it listened")?;
            if let Some(at) = line.split("listening on http://").nth(1) {
                break at
                    .trim()
                    .parse()
                    .map_err(|_| format!("{line:?}: no address"))?;
            }
        };
        // Its later lines (failures of its own) go on to this process's stderr.
        tokio::spawn(async move {
            while let Ok(Some(line)) = lines.next_line().await {
                eprintln!("{line}");
            }
        });
        Ok(Started {
            addr,
            pid,
            child,
            data,
        })
    }

    pub async fn stop(mut self) {
        let _ = self.child.kill().await;
        let _ = std::fs::remove_dir_all(&self.data);
    }
}
