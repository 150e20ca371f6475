//! A round's results as the director enters them: a knockout's tie-break winner, and the
//! next round offered only while the event has rounds left.

use super::*;

#[test]
fn a_knockouts_drawn_game_names_its_tie_break_winner_from_the_director_form() {
    let mut model = director();
    let round = |result: Option<ResultView>| one_board_round(1, result, false);
    let mut event = event_view(
        3,
        vec![player(1, "Bold", None), player(2, "Saraa", None)],
        vec![round(None)],
    );
    event.settings.system = SystemWire::Knockout;
    model.update(Msg::Read(Read::All, Ok(reply(all(event.clone())))), 0);
    assert!(view(&model, "", 0).knockout, "the field shows");
    let sent = |model: &mut Model, result: &str| {
        let effects = model.update(
            Msg::Submit(
                Form::Result,
                fields(&[
                    ("round", "1"),
                    ("board", "1"),
                    ("result", result),
                    ("tie_break_winner", "Black"),
                    ("reason", ""),
                ]),
            ),
            0,
        );
        let [Effect::Post { body, .. }] = effects.as_slice() else {
            panic!("{effects:?}")
        };
        let body: serde_json::Value = serde_json::from_str(body).unwrap();
        body["body"]["EnterResult"]["tie_break_winner"].clone()
    };
    assert_eq!(sent(&mut model, "1/2"), "Black");
    // A decided game names nobody, whatever the hidden field holds (the server refuses
    // a winner beside a decided game: `EventError::TieBreakWinner`).
    assert_eq!(sent(&mut model, "1-0"), serde_json::Value::Null);
    // Entered: the board says who went through.
    event.rounds = vec![round(Some(ResultView {
        seq: 4,
        result: ResultWire::Draw,
        reason: None,
        source: ResultSource::Director,
        tie_break_winner: Some(shatar_protocol::online::Side::Black),
        entered_at_ms: 0,
    }))];
    model.update(Msg::Read(Read::All, Ok(reply(all(event)))), 0);
    for lang in Lang::ALL {
        model.lang = lang;
        let v = view(&model, "", 0);
        let note = &v.by_board.unwrap().rows[0][4].text;
        assert!(
            note.contains("Saraa") && !note.contains('{'),
            "{lang:?}: {note}"
        );
    }
    model.lang = Lang::En;
    assert_eq!(
        view(&model, "", 0).by_board.unwrap().rows[0][4].text,
        "tie-break games won by Saraa"
    );
    // Not a knockout: no field.
    let mut other = director();
    other.update(
        Msg::Read(
            Read::All,
            Ok(reply(all(event_view(1, Vec::new(), Vec::new())))),
        ),
        0,
    );
    assert!(!view(&other, "", 0).knockout);
}

#[test]
fn the_next_round_is_offered_only_while_the_event_has_rounds_left() {
    let mut model = director();
    let round = |n| one_board_round(n, None, true);
    let read = |model: &mut Model, rounds: Vec<RoundView>, ended| {
        let mut event = event_view(3, vec![player(1, "A", None), player(2, "B", None)], rounds);
        event.ended = ended;
        model.update(Msg::Read(Read::All, Ok(reply(all(event)))), 0);
        view(model, "", 0).can_pair
    };
    // The event plans 3 rounds (`event_view`).
    assert!(read(&mut model, vec![round(1), round(2)], false));
    assert!(
        !read(&mut model, vec![round(1), round(2), round(3)], false),
        "all 3 paired"
    );
    assert!(
        !read(&mut model, vec![round(1)], true),
        "the event has ended"
    );
}
