//! The creation page and what it says before any event: no server, offline, the form's
//! defaults (what the server will take) and what an empty field means.

use super::*;

fn creation_page() -> Model {
    let address = Ok(Address {
        event: None,
        director: None,
        embed: None,
    });
    Model::new(Lang::En, address, None).0
}

#[test]
fn a_page_that_never_reached_a_server_says_so_instead_of_showing_the_form() {
    let mut model = creation_page();
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "connecting");
    assert!(
        v.creating && !v.create_form,
        "no form before a server answers"
    );
    // The static host has no /ws: the socket closes without ever opening.
    model.update(Msg::Closed, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "none");
    assert!(!v.create_form);
    assert!(
        v.link_text.unwrap().contains("need a Shatar server"),
        "worded as the online page's"
    );
    // A server that answers: the form, and its socket closed on purpose (no reconnecting).
    let mut model = creation_page();
    assert_eq!(model.update(Msg::Opened, 0), [Effect::CloseSocket]);
    let v = view(&model, "", 0);
    assert!(v.create_form);
    assert_eq!((v.link_state, v.link_text), ("ready", None));
    // An event's page that loses its server is reconnecting, not missing one.
    let mut model = director();
    model.update(Msg::Opened, 0);
    model.update(Msg::Closed, 0);
    assert_eq!(view(&model, "", 0).link_state, "lost");
}

#[test]
fn an_event_on_a_static_host_says_no_server_not_the_failed_reads() {
    let (mut model, _) = Model::new(
        Lang::ZhHans,
        address::read(Some(&EVENT.to_string()), Some("standings"), "").map_err(|e| e.to_string()),
        None,
    );
    // A static host answers the API's paths with its own 404 page.
    model.update(
        Msg::Read(Read::All, Ok("<!doctype html><title>404</title>".into())),
        0,
    );
    model.update(Msg::Closed, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "none");
    assert_eq!(v.problem, None, "the unreadable 404 page is not the news");
    assert!(v.link_text.unwrap().contains("服务器"));
}

#[test]
fn offline_the_page_says_so_and_tries_again_when_the_network_is_back() {
    let mut model = creation_page();
    assert!(model.update(Msg::Network { online: false }, 0).is_empty());
    model.update(Msg::Closed, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "offline", "offline, not \"no server\"");
    assert!(v.link_text.unwrap().contains("You are offline"));
    // Back: the socket opens now, not after the doubled wait.
    assert_eq!(
        model.update(Msg::Network { online: true }, 0),
        [Effect::OpenSocket]
    );
    assert_eq!(model.attempt, 0);
    model.update(Msg::Opened, 0);
    let v = view(&model, "", 0);
    assert_eq!(v.link_state, "ready");
    assert!(v.create_form);
    // An event's page already listening: nothing to do.
    let mut model = director();
    model.update(Msg::Opened, 0);
    assert!(model.update(Msg::Network { online: true }, 0).is_empty());
}

/// The default shown for `field` on the creation form.
fn default_of(model: &Model, field: &str) -> String {
    let v = view(model, "", 0);
    v.defaults
        .iter()
        .find(|(f, _)| *f == field)
        .map(|(_, text)| text.clone())
        .unwrap_or_else(|| panic!("no default for {field}: {:?}", v.defaults))
}

#[test]
fn the_creation_form_shows_what_the_server_will_take_for_the_game_chosen() {
    let mut model = creation_page();
    model.update(Msg::Opened, 0);
    // The 2017 rules: FIDE's Dutch system, 1-½-0, the Mongolian order (docs/rules.md).
    assert_eq!(
        default_of(&model, "system"),
        "Default: Swiss (FIDE Dutch system)"
    );
    assert_eq!(default_of(&model, "rounds"), "Default: 7");
    assert_eq!(default_of(&model, "scoring"), "Default: 1 – ½ – 0");
    assert_eq!(
        default_of(&model, "tie_breaks"),
        "Default: DE, BH/C1, BH, SB"
    );
    assert_eq!(default_of(&model, "late_entry_until"), "Default: 4");
    assert_eq!(
        default_of(&model, "no_show_minutes"),
        "Default: none: the director enters forfeits"
    );
    assert_eq!(default_of(&model, "base_minutes"), "Default: 15");
    assert_eq!(default_of(&model, "increment_seconds"), "Default: 10");
    // Xiangqi: AXF 2008's Swiss, 2-1-0, 30 minutes' lateness, 80 minutes and 30 seconds.
    model.update(
        Msg::Draft(fields(&[("game", "xiangqi"), ("system", "")])),
        0,
    );
    assert_eq!(default_of(&model, "system"), "Default: Swiss (AXF)");
    assert_eq!(default_of(&model, "scoring"), "Default: 2 – 1 – 0");
    assert!(default_of(&model, "tie_breaks").starts_with("Default: 对手分"));
    assert_eq!(default_of(&model, "no_show_minutes"), "Default: 30");
    assert_eq!(default_of(&model, "base_minutes"), "Default: 80");
    assert_eq!(default_of(&model, "increment_seconds"), "Default: 30");
    // A round robin: its own order, rounds from the players, no late entries.
    model.update(
        Msg::Draft(fields(&[("game", "xiangqi"), ("system", "RoundRobin")])),
        0,
    );
    assert!(default_of(&model, "tie_breaks").starts_with("Default: 小分"));
    assert_eq!(default_of(&model, "late_entry_until"), "Default: 1");
    assert_ne!(default_of(&model, "rounds"), "Default: 0");
    // Typed rounds move the late-entry limit; an online 8x8 event needs its no-show time.
    model.update(
        Msg::Draft(fields(&[
            ("game", "chess"),
            ("online", "on"),
            ("rounds", "9"),
        ])),
        0,
    );
    assert_eq!(default_of(&model, "late_entry_until"), "Default: 5");
    assert_eq!(
        default_of(&model, "no_show_minutes"),
        "Default: needed for an online event"
    );
    // A half-typed field is no reason to show nothing.
    model.update(Msg::Draft(fields(&[("rounds", "9x")])), 0);
    assert_eq!(default_of(&model, "rounds"), "Default: 7");
    // Every language has the words.
    for lang in [Lang::En, Lang::ZhHans, Lang::MnCyrl, Lang::MnMong] {
        model.lang = lang;
        let v = view(&model, "", 0);
        assert_eq!(v.defaults.len(), 9);
        assert!(v.defaults.iter().all(|(_, t)| !t.contains('{')), "{lang:?}");
    }
}

#[test]
fn a_time_field_left_empty_takes_the_default_shown_in_it() {
    let mut model = creation_page();
    model.update(Msg::Opened, 0);
    let effects = model.update(
        Msg::Submit(
            Form::Create,
            fields(&[
                ("name", "Blitz"),
                ("game", "xiangqi"),
                ("base_minutes", "5"),
            ]),
        ),
        0,
    );
    let [Effect::Post { body, .. }] = effects.as_slice() else {
        panic!("{effects:?}")
    };
    let sent: serde_json::Value = serde_json::from_str(body).unwrap();
    assert_eq!(
        sent["body"]["time_control"]["periods"][0],
        serde_json::json!({"moves": null, "base_ms": 300000, "bonus": {"Increment": {"ms": 30000}}})
    );
}
