//! What is typed: the address and the forms, what a director types, read as the server's requests.

use shatar_web::i18n::Lang;

use super::{EVENT, director, fields};
use crate::address::{self, Address, Embed};
use crate::forms::{self, Form, FormError, Why};
use crate::model::{Msg, Problem};
use crate::view::view;

#[test]
fn the_address_names_the_event_the_director_and_the_embed() {
    let id = EVENT.to_string();
    assert_eq!(
        address::read(Some(&id), Some("standings"), "#director=abc123"),
        Ok(Address {
            event: Some(EVENT),
            director: Some("abc123".into()),
            embed: Some(Embed::Standings),
        })
    );
    assert_eq!(address::read(None, None, "").unwrap().event, None);
    let bad = address::read(Some("nope"), None, "").unwrap_err();
    assert_eq!(bad.parameter, "event");
    assert_eq!(
        address::read(Some(&id), Some("menu"), "")
            .unwrap_err()
            .parameter,
        "embed"
    );
    // A token with markup or spaces is no token.
    assert_eq!(
        address::read(Some(&id), None, "#director=<script>")
            .unwrap_err()
            .parameter,
        "director"
    );
}

#[test]
fn a_pairing_is_read_as_written_on_paper_and_points_in_hundredths() {
    use shatar_protocol::events::{DirectorAction, PairWire, PenaltyKind};
    assert_eq!(
        forms::boards("1-4, 2-3\n5").unwrap(),
        [
            PairWire {
                white: 1,
                black: Some(4)
            },
            PairWire {
                white: 2,
                black: Some(3)
            },
            PairWire {
                white: 5,
                black: None
            },
        ]
    );
    assert_eq!(forms::boards("1-x").unwrap_err().field, "boards");
    let penalty = |amount| {
        forms::action(
            Form::Penalty,
            &fields(&[
                ("player", "2"),
                ("round", "1"),
                ("kind", "PointsDeducted"),
                ("amount", amount),
                ("reason", "phone rang (art. 12.9)"),
            ]),
            2,
            0,
            |_, _| None,
        )
    };
    let Ok(DirectorAction::Penalty {
        penalty: PenaltyKind::PointsDeducted { hundredths },
        ..
    }) = penalty("0.5")
    else {
        panic!()
    };
    assert_eq!(hundredths, 50);
    let Ok(DirectorAction::Penalty {
        penalty: PenaltyKind::PointsDeducted { hundredths },
        ..
    }) = penalty("1½")
    else {
        panic!()
    };
    assert_eq!(hundredths, 150);
    assert!(penalty("0.125").is_err());
    // A round starting later, online: in the server's (epoch) clock.
    assert_eq!(
        forms::action(
            Form::Pair,
            &fields(&[("starts_in_minutes", "2")]),
            3,
            1_000,
            |_, _| None
        ),
        Ok(DirectorAction::PairRound {
            round: 3,
            starts_at_ms: Some(121_000)
        })
    );
}

#[test]
fn a_bad_field_is_named_and_nothing_is_sent() {
    let mut model = director();
    let effects = model.update(
        Msg::Submit(
            Form::AddPlayer,
            fields(&[("name", "Bataa"), ("rating", "strong")]),
        ),
        0,
    );
    assert!(effects.is_empty());
    assert_eq!(
        model.problem,
        Some(Problem::Form(FormError {
            field: "rating",
            why: Why::NotANumber
        }))
    );
    let v = view(&model, "", 0);
    assert_eq!(v.problem.as_deref(), Some("Rating: not a number"));
    model.lang = Lang::ZhHans;
    assert_eq!(
        view(&model, "", 0).problem.as_deref(),
        Some("等级分：不是数字")
    );
}
