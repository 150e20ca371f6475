use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};

use shatar_rules::Ruleset;
use shatar_server::wire::{ClientMessage, ServerMessage};

use crate::support::{Client, Data, Game};

/// A server process, killed when the test ends, passed or not.
pub struct Process(Child);

impl Process {
    /// SIGKILL: no shutdown, no flush beyond what each commit did.
    pub fn kill(&mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The server's binary on an ephemeral port, and where it listens (from its first line).
pub fn spawn(data: &Data) -> (Process, SocketAddr) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_shatar-server"));
    command
        .args(["--listen", "127.0.0.1:0", "--data"])
        .arg(data.path());
    if let Some(url) = data.database() {
        command.args(["--database", &url]);
    }
    let mut child = command
        .stderr(Stdio::piped())
        .spawn()
        .expect("the server's binary starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    stderr.read_line(&mut line).unwrap();
    // Kept open and read, so that a later log line does not fail the server's write.
    std::thread::spawn(move || stderr.lines().for_each(drop));
    let addr = line
        .trim()
        .strip_prefix("shatar-server: listening on http://")
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .parse()
        .unwrap();
    (Process(child), addr)
}

#[tokio::test]
async fn a_server_killed_mid_game_loses_no_move_and_no_game() {
    let data = crate::data::data();
    let (mut server, addr) = spawn(&data);
    let mut game = Game::start(&addr, Ruleset::Mongolian.into()).await;
    game.play(0, &["e2e4", "e7e5", "g1f3"]).await;
    let credentials = [
        game.white.credentials.clone().unwrap(),
        game.black.credentials.clone().unwrap(),
    ];
    server.kill();

    let (_server, addr) = spawn(&data);
    let mut white = Client::again(&addr, &credentials[0]).await;
    let mut black = Client::again(&addr, &credentials[1]).await;
    let ServerMessage::Game(snapshot) = white.request(ClientMessage::Watch { game: game.id }).await
    else {
        panic!("the game survived the kill");
    };
    assert_eq!(snapshot.moves, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(snapshot.outcome, None);
    assert_eq!(
        black.play(game.id, 3, "b8c6").await,
        ServerMessage::Accepted
    );
}
