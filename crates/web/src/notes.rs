//! What a game record was given besides its moves: its tags, the comments, annotation
//! glyphs and variations of its main line, and the comments of a game without moves. The
//! page plays the main line only, but an imported game keeps all of this, in the save and
//! in the PGN it writes back.

use shatar_rules::pgn::{self, PgnGame, PgnMove};

/// The given tags and annotations of one game; empty for a game begun on the page.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Notes {
    /// The tags in the order given.
    pub tags: Vec<(String, String)>,
    /// Comments of a game without moves (a game's other comments belong to its moves).
    pub comments: Vec<String>,
    /// For each ply of the main line from the first, what was attached to it; its `san` is
    /// not kept (the record's move is the move). Shorter than the game when moves were
    /// played after the import.
    plies: Vec<PgnMove>,
}

impl Notes {
    /// What `game` gives besides its main line's moves.
    pub fn of(game: &PgnGame) -> Notes {
        Notes {
            tags: game.tags.clone(),
            comments: game.comments.clone(),
            plies: game.moves.iter().map(annotations_of).collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.comments.is_empty() && self.plies.iter().all(is_bare)
    }

    /// The value of the first tag called `name`, if it was given and says something.
    pub fn tag(&self, name: &str) -> Option<String> {
        known_tag(&self.tags, name)
    }

    /// The plies after which the given record marks a draw offer (`{(=)}`, or `(=)` as written before; 2017 art. 9.1.2).
    pub fn draw_offers(&self) -> Vec<usize> {
        (self.plies.iter().enumerate())
            .filter(|(_, p)| p.draw_offer)
            .map(|(i, _)| i + 1)
            .collect()
    }

    /// The game has lost its plies from `len` on (a takeback): their notes go with them.
    pub fn truncate(&mut self, len: usize) {
        self.plies.truncate(len);
    }

    /// Adds the notes to `game`, the record's own PGN: the given tags where the record has
    /// none of its own (the record decides Variant, FEN and the result), and each ply's
    /// comments, annotations and variations to its move.
    pub fn apply_to(&self, game: &mut PgnGame) {
        for (name, value) in &self.tags {
            if game.tag(name).is_none() && !matches!(name.as_str(), "Result" | "SetUp") {
                game.tags.push((name.clone(), value.clone()));
            }
        }
        if game.moves.is_empty() {
            game.comments.extend(self.comments.iter().cloned());
        }
        for (m, given) in game.moves.iter_mut().zip(&self.plies) {
            m.comments_before = given.comments_before.clone();
            m.nags = given.nags.clone();
            m.comments.splice(0..0, given.comments.iter().cloned());
            m.variations = given.variations.clone();
        }
    }

    /// The annotations of the plies as PGN move text for the save, with the record's own
    /// moves (`sans`, one a ply) written in; `None` when there are none. The tags are kept
    /// apart, exactly.
    pub fn moves_text(&self, sans: &[String]) -> Option<String> {
        if self.plies.iter().all(is_bare) && self.comments.is_empty() {
            return None;
        }
        let game = PgnGame {
            moves: (self.plies.iter().zip(sans))
                .map(|(p, san)| PgnMove {
                    san: san.clone(),
                    ..p.clone()
                })
                .collect(),
            comments: self.comments.clone(),
            ..PgnGame::default()
        };
        let text = game.write();
        // Only the move text: the writer's roster of tags says nothing here.
        Some(
            text.split_once("\n\n")
                .map_or(text.clone(), |(_, m)| m.to_string()),
        )
    }

    /// Notes from a save: its tags, and its [`Notes::moves_text`].
    pub fn from_saved(tags: Vec<(String, String)>, moves: Option<&str>) -> Result<Notes, String> {
        let mut notes = Notes {
            tags,
            ..Notes::default()
        };
        if let Some(text) = moves {
            let game = pgn::parse_game(text).map_err(|e| e.to_string())?;
            notes.comments = game.comments;
            notes.plies = game.moves.iter().map(annotations_of).collect();
        }
        Ok(notes)
    }
}

/// A tag's value unless PGN's "unknown" (`?`, `????.??.??`) or empty.
pub fn known_tag(tags: &[(String, String)], name: &str) -> Option<String> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.trim().to_string())
        .filter(|v| !v.is_empty() && !v.chars().all(|c| matches!(c, '?' | '.' | '-')))
}

/// A move's annotations without the move.
fn annotations_of(m: &PgnMove) -> PgnMove {
    PgnMove {
        san: String::new(),
        at: Default::default(),
        ..m.clone()
    }
}

fn is_bare(m: &PgnMove) -> bool {
    m.comments_before.is_empty()
        && m.nags.is_empty()
        && m.comments.is_empty()
        && m.variations.is_empty()
        && !m.draw_offer
}
