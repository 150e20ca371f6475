//! Data in words, in a given language: pieces, sides, games and results. Below both the
//! state (which reads piece names in what the player types) and the view (which writes
//! them), so that neither has to import the other for its words.

use shatar_rules::xiangqi;
use shatar_rules::{Color, EndReason, GameKind, Outcome, Role, Ruleset};

use crate::i18n::{Key, Lang};
use crate::{t, t_key, tf};
use shatar_rules::AnyPiece;

/// What a piece is called aloud: Mongolian chess players say horse and camel.
pub fn piece_name(lang: Lang, game: GameKind, piece: AnyPiece) -> &'static str {
    match piece {
        AnyPiece::Board8(p) => role_name(lang, game.board8().unwrap_or_default(), p.role),
        AnyPiece::Xiangqi(p) => lang.text(xiangqi_key(p.role)),
    }
}

/// An 8x8 piece's name by its role, as the promotion picker and the typed box name it.
pub fn role_name(lang: Lang, ruleset: Ruleset, role: Role) -> &'static str {
    lang.text(piece_key(ruleset, role))
}

fn xiangqi_key(role: xiangqi::Role) -> Key {
    match role {
        xiangqi::Role::General => t_key!("piece.xiangqi.general"),
        xiangqi::Role::Advisor => t_key!("piece.xiangqi.advisor"),
        xiangqi::Role::Elephant => t_key!("piece.xiangqi.elephant"),
        xiangqi::Role::Horse => t_key!("piece.xiangqi.horse"),
        xiangqi::Role::Chariot => t_key!("piece.xiangqi.chariot"),
        xiangqi::Role::Cannon => t_key!("piece.xiangqi.cannon"),
        xiangqi::Role::Soldier => t_key!("piece.xiangqi.soldier"),
    }
}

fn piece_key(ruleset: Ruleset, role: Role) -> Key {
    match (ruleset, role) {
        (Ruleset::Chess, Role::King) => t_key!("piece.chess.king"),
        (Ruleset::Chess, Role::Queen) => t_key!("piece.chess.queen"),
        (Ruleset::Chess, Role::Rook) => t_key!("piece.chess.rook"),
        (Ruleset::Chess, Role::Bishop) => t_key!("piece.chess.bishop"),
        (Ruleset::Chess, Role::Knight) => t_key!("piece.chess.knight"),
        (Ruleset::Chess, Role::Pawn) => t_key!("piece.chess.pawn"),
        (_, Role::King) => t_key!("piece.mongolian.king"),
        (_, Role::Queen) => t_key!("piece.mongolian.queen"),
        (_, Role::Rook) => t_key!("piece.mongolian.rook"),
        (_, Role::Bishop) => t_key!("piece.mongolian.bishop"),
        (_, Role::Knight) => t_key!("piece.mongolian.knight"),
        (_, Role::Pawn) => t_key!("piece.mongolian.pawn"),
    }
}

/// "White" or "Black" ("Red" or "Black" in Xiangqi), as a sentence's subject.
pub fn side_name(lang: Lang, game: GameKind, color: Color) -> &'static str {
    match game {
        GameKind::Board8(_) => color.fold(t!(lang, "color.white"), t!(lang, "color.black")),
        GameKind::Xiangqi => color.fold(t!(lang, "color.red"), t!(lang, "color.black")),
    }
}

/// A piece with its colour: "white horse", "red cannon".
pub fn colored_piece(lang: Lang, game: GameKind, piece: AnyPiece) -> String {
    let color = match (game, piece.color()) {
        (GameKind::Xiangqi, Color::White) => t!(lang, "adjective.red"),
        (_, Color::White) => t!(lang, "adjective.white"),
        (_, Color::Black) => t!(lang, "adjective.black"),
    };
    tf!(
        lang,
        "piece",
        color = color,
        piece = piece_name(lang, game, piece)
    )
}

/// The game's name: "Mongolian chess (2017 rules)".
pub fn ruleset_name(lang: Lang, game: GameKind) -> &'static str {
    match game {
        GameKind::Board8(Ruleset::Mongolian) => t!(lang, "ruleset.mongolian"),
        GameKind::Board8(Ruleset::MongolianFolk) => t!(lang, "ruleset.mongolian-folk"),
        GameKind::Board8(Ruleset::Chess) => t!(lang, "ruleset.chess"),
        GameKind::Xiangqi => t!(lang, "ruleset.xiangqi"),
    }
}

/// How a finished game is announced: "White wins by checkmate (2017 art. 5.1)".
pub fn result_text(lang: Lang, outcome: Outcome, game: GameKind) -> String {
    use shatar_rules::GameResult;
    let reason = reason_text(lang, outcome.reason);
    let result = match outcome.result {
        GameResult::WhiteWins if game == GameKind::Xiangqi => {
            tf!(lang, "result.red", reason = reason)
        }
        GameResult::WhiteWins => tf!(lang, "result.white", reason = reason),
        GameResult::BlackWins => tf!(lang, "result.black", reason = reason),
        GameResult::Draw => tf!(lang, "result.draw", reason = reason),
    };
    let article = match game {
        // The articles are those of the 2017 text and the folk description.
        GameKind::Board8(Ruleset::Mongolian) => format!("2017 {}", outcome.reason.article()),
        GameKind::Board8(Ruleset::MongolianFolk)
            if outcome.reason.article().starts_with("folk") =>
        {
            outcome.reason.article().to_string()
        }
        _ => return result,
    };
    tf!(lang, "result.article", result = result, article = article)
}

/// Why a game ended, in words: "checkmate", "threefold repetition".
pub fn reason_text(lang: Lang, reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => t!(lang, "reason.checkmate"),
        EndReason::KnightMate => t!(lang, "reason.knight-mate"),
        EndReason::Stalemate => t!(lang, "reason.stalemate"),
        EndReason::NoLegalMove => t!(lang, "reason.no-legal-move"),
        EndReason::DeadPosition => t!(lang, "reason.dead-position"),
        EndReason::BareKing => t!(lang, "reason.bare-king"),
        EndReason::ThreefoldRepetition => t!(lang, "reason.threefold"),
        EndReason::FiftyMoves => t!(lang, "reason.fifty-moves"),
        EndReason::FivefoldRepetition => t!(lang, "reason.fivefold"),
        EndReason::SeventyFiveMoves => t!(lang, "reason.seventy-five-moves"),
        EndReason::PerpetualCheck => t!(lang, "reason.perpetual-check"),
        EndReason::Resignation => t!(lang, "reason.resignation"),
        EndReason::Agreement => t!(lang, "reason.agreement"),
        EndReason::TimeForfeit => t!(lang, "reason.time-forfeit"),
        EndReason::TimeoutVsInsufficientMaterial => t!(lang, "reason.timeout-no-mate"),
        EndReason::BothFlags => t!(lang, "reason.both-flags"),
        EndReason::ForbiddenRepetition => t!(lang, "reason.forbidden-repetition"),
        EndReason::RepetitionDraw => t!(lang, "reason.repetition-draw"),
        EndReason::NaturalMoveLimit => t!(lang, "reason.natural-limit"),
    }
}
