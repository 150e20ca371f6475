//! What the tuner needs of a game, so that one self-play loop, one fit and one match serve
//! the 8x8 rulesets and Xiangqi alike: the position the search plays, the rules' game
//! record that ends a game, the evaluation's layout, trace and weights, and where the
//! engine reads its weight file.

use std::marker::PhantomData;

use shatar_engine::bench::{self, BenchResult};
use shatar_engine::board8::eval::layout::Section;
use shatar_engine::tapered::S;
use shatar_engine::{Clock, DRAW, SearchPosition, Value};
use shatar_engine::{board8, xiangqi as xq};
use shatar_rules::xiangqi::{self, RepetitionRules};
use shatar_rules::{GamePosition, GameRecord, GameResult, Position, Rules, Ruleset, fen};

/// The piece-square tables' place and shape, for the fit's per-file plus per-rank basis.
pub struct PstShape {
    pub offset: usize,
    /// The tables in layout order, for the weight file's comments.
    pub roles: &'static [&'static str],
    pub files: usize,
    pub ranks: usize,
    /// Whether the table is the same on a file and its mirror (Xiangqi's board and armies
    /// are symmetric left to right; a chess king's side and queen's side are not).
    pub mirror_files: bool,
    /// The name of the first point of a table, for the weight file's comments.
    pub first_row: &'static str,
}

/// The move type of a game's position.
pub type MoveOf<G> = <<G as Game>::Pos as GamePosition>::Move;

pub trait Game: 'static {
    type Pos: SearchPosition + Copy + Send + Sync + std::fmt::Debug;
    type Record: Clone;
    const COUNT: usize;
    const MAX_PHASE: i32;
    const SECTIONS: &'static [Section];
    const PST: PstShape;
    /// The `use` line of a weight file: where `Weights` and `s` come from.
    const WEIGHTS_USE: &'static str;

    fn id() -> &'static str;
    /// The weight file the engine compiles, from the repository root.
    fn weights_path() -> String;
    /// Plies the rules prescribe before the random opening plies (the Mongolian rules'
    /// compulsory first round, which the legal moves enforce).
    fn forced_plies() -> usize {
        0
    }
    /// The hand-set starting weights, and the file they are set in.
    fn bootstrap() -> Vec<S>;
    const BOOTSTRAP_SOURCE: &'static str;
    /// The weights this binary was compiled with.
    fn builtin() -> Vec<S>;
    /// Every weight's coefficient (White's or Red's view) and the phase.
    fn trace(pos: &Self::Pos) -> (Vec<i32>, i32);
    /// The static evaluation with `weights`, the side to move's view.
    fn evaluate_with(pos: &Self::Pos, weights: &[S]) -> i32;
    fn parse_fen(text: &str) -> Result<Self::Pos, String>;
    fn write_fen(pos: &Self::Pos) -> String;
    fn bench(clock: &dyn Clock, depth: u32) -> BenchResult;

    /// A game record from the start position.
    fn new_record() -> Self::Record;
    fn positions(record: &Self::Record) -> &[Self::Pos];
    fn position(record: &Self::Record) -> &Self::Pos {
        Self::positions(record)
            .last()
            .expect("a record holds its start")
    }
    /// The result if the rules end the game here; a draw one side may claim is claimed.
    fn result(record: &Self::Record) -> Option<GameResult>;
    fn play(record: &mut Self::Record, m: MoveOf<Self>);
    /// The value of a repeated cycle for the side to move (`SearchPosition::repetition_value`,
    /// from the positions and moves its cycle replays to): what the compare wrapper's
    /// search must judge as the game's own does. The 8x8 games' repetitions are draws.
    fn repetition_value(_positions: &[Self::Pos], _moves: &[MoveOf<Self>]) -> Value {
        DRAW
    }
}

/// An 8x8 ruleset.
pub struct Board8<R>(PhantomData<R>);

const CHESS_ROLES: &[&str] = &["pawn", "knight", "bishop", "rook", "queen", "king"];

impl<R: Rules> Game for Board8<R> {
    type Pos = Position<R>;
    type Record = GameRecord<R>;
    const COUNT: usize = board8::eval::layout::COUNT;
    const MAX_PHASE: i32 = board8::eval::MAX_PHASE;
    const SECTIONS: &'static [Section] = board8::eval::layout::SECTIONS;
    const PST: PstShape = PstShape {
        offset: board8::eval::layout::PST,
        roles: CHESS_ROLES,
        files: 8,
        ranks: 8,
        mirror_files: false,
        first_row: "a1..h1",
    };
    const WEIGHTS_USE: &'static str = "use super::super::{Weights, s};";
    const BOOTSTRAP_SOURCE: &'static str = "crates/tune/src/bootstrap.rs";

    fn id() -> &'static str {
        R::RULESET.id()
    }
    fn weights_path() -> String {
        format!(
            "crates/engine/src/board8/eval/weights/{}.rs",
            R::RULESET.id().replace('-', "_")
        )
    }
    fn forced_plies() -> usize {
        if R::RULESET == Ruleset::Chess { 0 } else { 2 }
    }
    fn bootstrap() -> Vec<S> {
        crate::bootstrap::weights()
    }
    fn builtin() -> Vec<S> {
        board8::eval::weights_of::<R>().to_vec()
    }
    fn trace(pos: &Self::Pos) -> (Vec<i32>, i32) {
        let t = board8::eval::trace(pos);
        (t.coefficients.to_vec(), t.phase)
    }
    fn evaluate_with(pos: &Self::Pos, weights: &[S]) -> i32 {
        board8::eval::evaluate_with(pos, weights.try_into().expect("a full weight set"))
    }
    fn parse_fen(text: &str) -> Result<Self::Pos, String> {
        fen::parse_position::<R>(text).map_err(|e| e.to_string())
    }
    fn write_fen(pos: &Self::Pos) -> String {
        fen::write(&pos.to_setup())
    }
    fn bench(clock: &dyn Clock, depth: u32) -> BenchResult {
        bench::run(clock, depth)
    }

    fn new_record() -> Self::Record {
        GameRecord::new(Position::<R>::new())
    }
    fn positions(record: &Self::Record) -> &[Self::Pos] {
        record.positions()
    }
    fn result(record: &Self::Record) -> Option<GameResult> {
        // Threefold repetition and the fifty-move rule (art. 9.2, 9.3) are claimed at once.
        record
            .outcome()
            .map(|o| o.result)
            .or_else(|| record.claimable_draw().map(|_| GameResult::Draw))
    }
    fn play(record: &mut Self::Record, m: MoveOf<Self>) {
        record.play(m).expect("the engine plays legal moves");
    }
}

/// Xiangqi, its repetitions judged under the AXF 2008 rulings.
pub struct Xiangqi;

impl Game for Xiangqi {
    fn repetition_value(positions: &[Self::Pos], moves: &[MoveOf<Self>]) -> Value {
        xq::repetition_value(positions, moves)
    }
    type Pos = xiangqi::Position;
    type Record = xiangqi::Record;
    const COUNT: usize = xq::eval::layout::COUNT;
    const MAX_PHASE: i32 = xq::eval::MAX_PHASE;
    const SECTIONS: &'static [Section] = xq::eval::layout::SECTIONS;
    const PST: PstShape = PstShape {
        offset: xq::eval::layout::PST,
        roles: &[
            "general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier",
        ],
        files: 9,
        ranks: 10,
        mirror_files: true,
        first_row: "a0..i0",
    };
    const WEIGHTS_USE: &'static str = "use super::{Weights, s};";
    const BOOTSTRAP_SOURCE: &'static str = "crates/tune/src/bootstrap/xiangqi.rs";

    fn id() -> &'static str {
        "xiangqi"
    }
    fn weights_path() -> String {
        "crates/engine/src/xiangqi/eval/weights.rs".into()
    }
    fn bootstrap() -> Vec<S> {
        crate::bootstrap::xiangqi::weights()
    }
    fn builtin() -> Vec<S> {
        xq::eval::weights::WEIGHTS.to_vec()
    }
    fn trace(pos: &Self::Pos) -> (Vec<i32>, i32) {
        let t = xq::eval::trace(pos);
        (t.coefficients.to_vec(), t.phase)
    }
    fn evaluate_with(pos: &Self::Pos, weights: &[S]) -> i32 {
        xq::eval::evaluate_with(pos, weights.try_into().expect("a full weight set"))
    }
    fn parse_fen(text: &str) -> Result<Self::Pos, String> {
        xiangqi::fen::parse_position(text).map_err(|e| e.to_string())
    }
    fn write_fen(pos: &Self::Pos) -> String {
        xiangqi::fen::write(&pos.to_setup())
    }
    fn bench(clock: &dyn Clock, depth: u32) -> BenchResult {
        bench::run_xiangqi(clock, depth)
    }

    fn new_record() -> Self::Record {
        xiangqi::Record::new(xiangqi::Position::new(), RepetitionRules::default())
    }
    fn positions(record: &Self::Record) -> &[Self::Pos] {
        record.positions()
    }
    fn result(record: &Self::Record) -> Option<GameResult> {
        // Mate, no legal move, the repetition rulings and the natural move limit: the
        // record applies each as soon as it holds.
        record.outcome().map(|o| o.result)
    }
    fn play(record: &mut Self::Record, m: MoveOf<Self>) {
        record.play(m).expect("the engine plays legal moves");
    }
}

/// Runs `$body` with `$g` the [`Game`] type of `$kind` (a [`shatar_rules::GameKind`]).
macro_rules! with_game {
    ($kind:expr, $g:ident => $body:expr) => {
        match $kind {
            shatar_rules::GameKind::Board8(ruleset) => {
                shatar_rules::with_rules!(ruleset, R => {
                    type $g = $crate::games::Board8<R>;
                    $body
                })
            }
            shatar_rules::GameKind::Xiangqi => {
                type $g = $crate::games::Xiangqi;
                $body
            }
        }
    };
}
pub(crate) use with_game;

#[cfg(test)]
mod tests {
    use shatar_engine::RULED_WIN;
    use shatar_rules::xiangqi::{fen as xfen, iccs};

    use super::*;

    /// The compare wrapper's search judges repetitions through `Game::repetition_value`:
    /// Xiangqi's must be the rulings' (AXF 2008 ruling 1, perpetual check loses), the 8x8
    /// games' a draw.
    #[test]
    fn repetitions_are_judged_by_each_games_rules() {
        // Red's chariot checks along ranks 9 and 8 in turn; Black's general steps between them.
        let mut pos =
            xfen::parse_position("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1").expect("a legal position");
        let (mut positions, mut moves) = (Vec::new(), Vec::new());
        for text in ["a8a9", "e9e8", "a9a8", "e8e9"] {
            let m = iccs::parse_legal(&pos, text).expect("a legal move");
            positions.push(pos);
            moves.push(m);
            pos.play(m).expect("legal");
        }
        assert_eq!(pos.hash(), positions[0].hash(), "the cycle comes back");
        assert_eq!(
            Xiangqi::repetition_value(&positions, &moves),
            -RULED_WIN,
            "Red, to move, checked throughout"
        );

        let start = Position::<shatar_rules::Chess>::new();
        assert_eq!(
            Board8::<shatar_rules::Chess>::repetition_value(&[start], &[]),
            DRAW
        );
    }
}
