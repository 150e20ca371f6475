//! Draw claims and offers (2017 art. 9). The rules crate judges a claim; this decides who
//! may make one when, what a wrong claim costs on the clock, and how an offer is answered.

use shatar_protocol::Score;
use shatar_rules::{Claim, ClaimVerdict, Color, EndReason, Outcome};

use super::{AppState, Effect, Notice, Sound, timing};
use crate::board::BoardEvent;
use shatar_rules::GameMove;

/// The computer takes a draw when it judges its position at least this much worse.
const ACCEPT_BELOW_CP: i32 = -50;

/// A draw offered by `by` after its move that made `ply` (art. 9.1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawOffer {
    pub by: Color,
    pub ply: usize,
}

/// The player to move (a person) may claim now, or announce the claim with a move.
pub fn can_claim(state: &AppState) -> bool {
    state.can_move() && state.board.game().has_claims()
}

/// Art. 9.2, 9.3, 9.5: the claim is checked at once; a wrong one costs two minutes.
pub fn claim_now(state: &mut AppState, effects: &mut Vec<Effect>) {
    if !can_claim(state) {
        return;
    }
    let claimant = state.board.game().turn();
    match state.board.change(|game| game.claim_draw(Claim::Now)) {
        Ok(ClaimVerdict::Drawn(_)) => ended(state, effects),
        Ok(ClaimVerdict::Rejected) => rejected(state, claimant),
        Err(_) => {}
    }
}

/// A move played with the claim announced (art. 9.2.a, 9.3.a): the move stands either way.
/// The board's events of the move; `None` when it was not played.
pub fn play_claiming(
    state: &mut AppState,
    m: GameMove,
    effects: &mut Vec<Effect>,
) -> Option<Vec<BoardEvent>> {
    let GameMove::Board8(m) = m else {
        return state.board.play(m).ok();
    };
    let claimant = state.board.game().turn();
    let (verdict, events) = state
        .board
        .play_with(|game| game.claim_draw(Claim::WithMove(m)))
        .ok()?;
    match verdict {
        ClaimVerdict::Drawn(_) => ended(state, effects),
        ClaimVerdict::Rejected => rejected(state, claimant),
    }
    Some(events)
}

fn ended(state: &mut AppState, effects: &mut Vec<Effect>) {
    state.session.claim_armed = false;
    state.session.draw_offer = None;
    timing::stop(state);
    if state.prefs.looks.sound {
        effects.push(Effect::Sound(Sound::End));
    }
}

fn rejected(state: &mut AppState, claimant: Color) {
    state.session.claim_armed = false;
    timing::wrong_claim(state, claimant);
    let credited = state.session.timing.is_some().then(|| claimant.other());
    state.notify(Notice::ClaimRejected { credited });
}

/// A person may offer a draw after their own move, while it is the opponent's turn
/// (art. 9.1.2), once per move.
pub fn can_offer(state: &AppState) -> bool {
    let by = state.board.game().turn().other();
    state.board.game().outcome().is_none()
        && !state.clock_only()
        && !state.board.game().is_empty()
        && state.session.draw_offer.is_none()
        && !state.session.offers.contains(&state.board.game().len())
        && state.session.human.is_none_or(|h| h == by)
}

pub fn offer(state: &mut AppState) {
    if !can_offer(state) {
        return;
    }
    let (by, ply) = (state.board.game().turn().other(), state.board.game().len());
    state.session.draw_offer = Some(DrawOffer { by, ply });
    state.session.offers.push(ply);
}

/// The opponent of the offer answers it (between friends).
pub fn answer(state: &mut AppState, accept: bool, effects: &mut Vec<Effect>) {
    if state.session.draw_offer.take().is_none() {
        return;
    }
    if accept {
        state
            .board
            .change(|game| game.set_outcome(Outcome::draw(EndReason::Agreement)));
        ended(state, effects);
    }
}

/// The computer has chosen `best` with `score` (its own point of view): it first takes a
/// draw it is offered or may claim, when it judges it does not stand better. `Some` when
/// that settled its turn (the game ended, or `best` was played with a claim: the board's
/// events of the move).
pub fn computer_considers(
    state: &mut AppState,
    best: GameMove,
    score: Score,
    effects: &mut Vec<Effect>,
) -> Option<Vec<BoardEvent>> {
    let cp = match score {
        Score::Cp { cp } => cp,
        Score::Mate { moves } if moves > 0 => i32::MAX,
        Score::Mate { .. } => i32::MIN,
    };
    if let Some(offer) = state.session.draw_offer.take() {
        if offer.by != state.board.game().turn() && cp <= ACCEPT_BELOW_CP {
            state
                .board
                .change(|game| game.set_outcome(Outcome::draw(EndReason::Agreement)));
            ended(state, effects);
            state.notify(Notice::ComputerAccepts);
            return Some(Vec::new());
        }
        state.notify(Notice::ComputerDeclines);
    }
    if cp > 0 {
        return None;
    }
    if state.board.game().claimable_draw().is_some() {
        if let Ok(ClaimVerdict::Drawn(_)) = state.board.change(|game| game.claim_draw(Claim::Now)) {
            ended(state, effects);
        }
        return state.board.game().outcome().is_some().then(Vec::new);
    }
    if state.board.game().claimable_draw_with(best).is_some() {
        // The move is written down with the claim, then the clock pressed (art. 9.2.a).
        if !timing::press(state, effects) {
            return Some(Vec::new());
        }
        return play_claiming(state, best, effects);
    }
    None
}
