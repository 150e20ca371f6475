//! Any text: reading it as PGN never panics; every game that replays writes back to PGN
//! that reads and replays to the same moves and result.
#![no_main]

use libfuzzer_sys::fuzz_target;
use shatar_rules::pgn;
use shatar_rules::Ruleset;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = core::str::from_utf8(data) else { return };
    let Ok(games) = pgn::parse_games(text) else { return };
    for game in &games {
        let Ok(record) = game.replay_any(Ruleset::Mongolian) else { continue };
        let written = game.write();
        let again = pgn::parse_game(&written).expect("written PGN reads back");
        let replayed = again.replay_any(Ruleset::Mongolian).expect("written PGN replays");
        assert_eq!(replayed.moves(), record.moves());
        assert_eq!(replayed.ruleset(), record.ruleset());
    }
});
