//! [`SearchPosition`]: what the search needs from a game beyond its rules. The rules
//! crate's [`GamePosition`] says which moves are legal and how a game ends; this trait adds
//! what makes a search good at the game: an evaluation, a static exchange test, keys for
//! the move-ordering tables and the null move. Each game implements it for its own
//! position type (the 8x8 games in [`crate::board8`]); the search never sees a board.

mod cycle;

pub use cycle::Cycle;

use shatar_rules::GamePosition;

use crate::score::{DRAW, Value};

pub trait SearchPosition: GamePosition {
    /// How many distinct values [`SearchPosition::move_key`] takes: the size of the
    /// history tables.
    const MOVE_KEYS: usize;

    /// A small index for `m` that stays the same across positions (e.g. piece and
    /// destination), so the history tables can learn which quiet moves tend to be good.
    fn move_key(&self, m: Self::Move) -> usize;

    /// Whether `m` gives check, asked before it is played: most moves the search looks
    /// at are pruned unplayed, and whether a move checks decides whether it may be. A
    /// game with a faster exact test than playing the move overrides this.
    #[inline]
    fn gives_check(&self, m: Self::Move) -> bool {
        let mut next = self.clone();
        next.play_unchecked(m);
        next.is_check()
    }

    /// What a node knows once for all its moves about which of them give check (for
    /// the 8x8 games the squares each role checks from and the pieces that uncover a
    /// check by leaving): the picker works it out at the first question.
    type CheckInfo;

    fn check_info(&self) -> Self::CheckInfo;

    /// [`SearchPosition::gives_check`], answered with the node's `info`.
    fn gives_check_with(&self, m: Self::Move, info: &Self::CheckInfo) -> bool;

    /// What the quiet moves' ordering knows of the enemy's attacks at a node, worked out
    /// once, when the node first scores its quiet moves.
    type Threats;

    fn threats(&self) -> Self::Threats;

    /// What quiet move `m` is worth in the ordering besides its histories: what a game
    /// knows makes a quiet move worth trying early or late (a check; a piece taken out of
    /// a cheaper attacker's reach, or put into it). `gives_check` answers
    /// [`SearchPosition::gives_check`] for `m` from the picker's cache: a game that
    /// orders checks asks it, and the search's later questions about the move are free.
    fn quiet_bonus(
        &self,
        m: Self::Move,
        threats: &Self::Threats,
        gives_check: impl FnOnce() -> bool,
    ) -> i32;

    /// The static evaluation in centipawns, from the side to move's point of view.
    fn evaluate(&self) -> i32;

    /// What the evaluation may keep from one position to the next within a search.
    type EvalCache: Default;

    /// [`SearchPosition::evaluate`], exactly, with the search's cache.
    fn evaluate_cached(&self, cache: &mut Self::EvalCache) -> i32;

    /// The legal captures and promotions: the quiescence search's moves when not in check.
    fn tactical_moves(&self) -> Self::MoveList;

    /// Whether `m` takes a piece or promotes: what the quiescence search looks at.
    fn is_tactical(&self, m: Self::Move) -> bool;

    /// Ordering key for tactical moves, higher first: most valuable victim, then least
    /// valuable attacker, plus the promotion gain.
    fn tactical_order(&self, m: Self::Move) -> i32;

    /// Static exchange evaluation: whether the exchange that `m` starts on its
    /// destination gains at least `threshold` centipawns for the side to move.
    fn see_ge(&self, m: Self::Move, threshold: i32) -> bool;

    /// Whether a null move is sound here: the side to move may pass by the rules' test
    /// and has pieces besides pawns and king (the zugzwang guard).
    fn null_move_allowed(&self) -> bool;

    /// The side to move passes. Only called when [`SearchPosition::null_move_allowed`].
    fn play_null(&mut self);

    /// A draw the search must score as one: the position alone cannot be won by either
    /// side (dead position), or a move-count rule ends or lets the side to move end the
    /// game (the fifty-move claim of 2017 art. 9.3).
    fn is_draw_by_rule(&self) -> bool;

    /// The value, for the side to move, of a position the search has met before on its
    /// path or in the game before the root: `cycle` is the way round. A draw by default (a
    /// repetition the opponent can force again is one the side cannot win by), which is
    /// what the 8x8 games' repetitions are. A game that forbids some perpetual conduct
    /// (Xiangqi's perpetual check and chase) judges the cycle here, with its loser at
    /// [`RULED_WIN`](crate::RULED_WIN) against it. Called only when a repetition is found,
    /// so it may be slow.
    fn repetition_value(_cycle: &Cycle<'_, Self>) -> Value {
        DRAW
    }
}
