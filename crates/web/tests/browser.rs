//! The DOM layer in a real browser (wasm-bindgen-test in headless Chromium,
//! `scripts/wasm-test.sh`): the board as the page builds it from a view, the patching
//! that touches only what changed, dragging, and the board widget's listeners.

#![cfg(target_arch = "wasm32")]

use shatar_rules::Square;
use shatar_web::board::BoardMsg;
use shatar_web::dom::board::BoardDom;
use shatar_web::dom::board_widget::{BoardWidget, Targets};
use shatar_web::settings::{Coordinates, Looks};
use shatar_web::state::{AppState, Msg, update};
use shatar_web::view;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;
use web_sys::{
    Document, Element, HtmlElement, MutationObserver, MutationObserverInit, MutationRecord,
};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .expect("a document")
}

/// A 400 px board holder in the page, fresh for each test.
fn holder() -> Element {
    let doc = document();
    let el = doc.create_element("div").unwrap();
    el.dyn_ref::<HtmlElement>()
        .unwrap()
        .style()
        .set_property("width", "400px")
        .unwrap();
    doc.body().unwrap().append_child(&el).unwrap();
    el
}

fn friends() -> AppState {
    let mut state = AppState::new(1, "2026.11.29".into());
    let setup = shatar_web::settings::GameSetup {
        opponent: shatar_web::settings::Opponent::Friend,
        ..Default::default()
    };
    update(
        &mut state,
        Msg::StartGame {
            setup,
            seed: 1,
            date: "2026.11.29".into(),
        },
    );
    state
}

fn cell(holder: &Element, name: &str) -> Element {
    holder
        .query_selector(&format!("[data-square=\"{name}\"]"))
        .unwrap()
        .expect(name)
}

fn sq(name: &str) -> shatar_rules::Cell {
    Square::parse(name).unwrap().into()
}

#[wasm_bindgen_test]
fn the_board_carries_names_pieces_and_labels() {
    let holder = holder();
    let state = friends();
    let mut board = BoardDom::new(document(), holder.clone());
    board
        .render(&view::board(&state), &Looks::default())
        .unwrap();
    assert_eq!(
        holder.query_selector_all("[data-square]").unwrap().length(),
        64
    );
    assert_eq!(
        holder
            .query_selector_all("[role=gridcell]")
            .unwrap()
            .length(),
        64
    );
    assert_eq!(
        cell(&holder, "g1").get_attribute("data-piece").as_deref(),
        Some("wN")
    );
    assert_eq!(
        cell(&holder, "e4").get_attribute("data-piece").as_deref(),
        Some("")
    );
    assert_eq!(
        cell(&holder, "g1").get_attribute("aria-label").as_deref(),
        Some("g1, white horse")
    );
    // 2017 art. 2.1: the light square at White's right hand.
    assert!(cell(&holder, "h1").class_list().contains("light"));
    assert!(cell(&holder, "a1").class_list().contains("dark"));
    // The first round: only the two central pawns can be picked up.
    let movable = holder.query_selector_all(".movable").unwrap();
    assert_eq!(movable.length(), 2);
    holder.remove();
}

/// The board the built page carries (drawn natively by the same code, `Markup`) is the
/// one the DOM draws, attribute for attribute; and the page's first drawing replaces it in
/// place, in one step, instead of adding a second board.
#[wasm_bindgen_test]
fn the_static_board_is_the_first_drawing() {
    let drawn_here = holder();
    let (view, looks) = view::board::start_view();
    let markup = view::board::start_markup().unwrap();
    let mut board = BoardDom::new(document(), drawn_here.clone());
    board.render(&view, &looks).unwrap();
    assert_eq!(board.svg().unwrap().outer_html(), markup);

    let page = holder();
    page.set_inner_html(&format!("{markup}<div id=\"promotion\" hidden></div>"));
    let carried = page.query_selector("svg.board").unwrap().unwrap();
    let mut board = BoardDom::new(document(), page.clone());
    let mut live = view.clone();
    live.interactive = true;
    board.render(&live, &looks).unwrap();
    let drawn = board.svg().unwrap();
    assert!(!carried.is_connected(), "the carried board is gone");
    assert_eq!(page.query_selector_all("svg.board").unwrap().length(), 1);
    assert_eq!(page.first_element_child().as_ref(), Some(drawn));
    assert_eq!(
        drawn.outer_html(),
        markup.replacen("data-interactive=\"false\"", "data-interactive=\"true\"", 1)
    );
    drawn_here.remove();
    page.remove();
}

/// Records which cells a render touched.
struct Touched {
    observer: MutationObserver,
    _callback: Closure<dyn FnMut(js_sys::Array)>,
}

impl Touched {
    fn watch(target: &Element) -> Touched {
        let callback = Closure::<dyn FnMut(js_sys::Array)>::new(|_| {});
        let observer = MutationObserver::new(callback.as_ref().unchecked_ref()).unwrap();
        let init = MutationObserverInit::new();
        init.set_subtree(true);
        init.set_attributes(true);
        init.set_child_list(true);
        observer.observe_with_options(target, &init).unwrap();
        Touched {
            observer,
            _callback: callback,
        }
    }

    /// The squares of the cells whose subtree changed, sorted.
    fn squares(self) -> Vec<String> {
        let mut out: Vec<String> = self
            .observer
            .take_records()
            .iter()
            .filter_map(|r| r.dyn_into::<MutationRecord>().ok())
            .filter_map(|r| r.target())
            .filter_map(|n| {
                let el: Element = n.dyn_into().ok().or(None)?;
                el.closest("[data-square]")
                    .ok()
                    .flatten()?
                    .get_attribute("data-square")
            })
            .collect();
        out.sort();
        out.dedup();
        self.observer.disconnect();
        out
    }
}

#[wasm_bindgen_test]
fn a_move_touches_only_the_cells_it_changes() {
    let holder = holder();
    let mut state = friends();
    let mut board = BoardDom::new(document(), holder.clone());
    board
        .render(&view::board(&state), &Looks::default())
        .unwrap();
    let svg_before = holder.query_selector("svg").unwrap().unwrap();

    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("e2"))));
    update(
        &mut state,
        Msg::Board(BoardMsg::SquareUp {
            over: Some(sq("e2")),
            dragged: false,
        }),
    );
    let touched = Touched::watch(&holder);
    board
        .render(&view::board(&state), &Looks::default())
        .unwrap();
    // The selected pawn and its one destination (2017 art. 1.2: e2-e4 is the move).
    assert_eq!(touched.squares(), ["e2", "e4"]);

    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("e4"))));
    let touched = Touched::watch(&holder);
    board
        .render(&view::board(&state), &Looks::default())
        .unwrap();
    // e2 and e4 (the move and its marks), d2 (no longer movable) and e7, Black's one
    // movable pawn.
    assert_eq!(touched.squares(), ["d2", "e2", "e4", "e7"]);
    assert_eq!(
        cell(&holder, "e4").get_attribute("data-piece").as_deref(),
        Some("wP")
    );
    assert!(cell(&holder, "e4").class_list().contains("last"));
    let svg_after = holder.query_selector("svg").unwrap().unwrap();
    assert!(
        svg_before.is_same_node(Some(&svg_after)),
        "patched, not rebuilt"
    );
    holder.remove();
}

#[wasm_bindgen_test]
fn looks_rebuild_the_board_and_coordinates_follow_them() {
    let holder = holder();
    let state = friends();
    let mut board = BoardDom::new(document(), holder.clone());
    board
        .render(&view::board(&state), &Looks::default())
        .unwrap();
    assert!(holder.query_selector(".coords").unwrap().is_some());
    let looks = Looks {
        coordinates: Coordinates::Inside,
        ..Looks::default()
    };
    board.render(&view::board(&state), &looks).unwrap();
    assert!(holder.query_selector(".coords").unwrap().is_none());
    assert_eq!(holder.query_selector_all(".coord").unwrap().length(), 16);
    assert_eq!(
        holder.query_selector_all("svg").unwrap().length(),
        1,
        "the old board is gone"
    );
    let looks = Looks {
        coordinates: Coordinates::Off,
        ..Looks::default()
    };
    board.render(&view::board(&state), &looks).unwrap();
    assert_eq!(
        holder
            .query_selector_all(".coord, .coords")
            .unwrap()
            .length(),
        0
    );
    holder.remove();
}

fn centre(holder: &Element, name: &str) -> (f64, f64) {
    let r = cell(holder, name).get_bounding_client_rect();
    (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
}

#[wasm_bindgen_test]
fn dragging_finds_the_square_under_the_pointer() {
    let holder = holder();
    let mut state = friends();
    let mut board = BoardDom::new(document(), holder.clone());
    board
        .render(&view::board(&state), &Looks::default())
        .unwrap();
    for name in ["a1", "h8", "e4", "d5"] {
        let (x, y) = centre(&holder, name);
        assert_eq!(board.square_at(x, y), Some(sq(name)));
    }
    let (x, y) = centre(&holder, "e2");
    board.begin_drag(sq("e2"), x, y).unwrap();
    assert!(board.dragging());
    let (tx, ty) = centre(&holder, "e4");
    board.move_drag(tx, ty).unwrap();
    assert!(cell(&holder, "e2").class_list().contains("lifted"));
    let (over, dragged) = board.end_drag(tx, ty).expect("a drag was on");
    assert_eq!((over, dragged), (Some(sq("e4")), true));
    assert!(!cell(&holder, "e2").class_list().contains("lifted"));
    assert!(holder.query_selector(".ghost").unwrap().is_none());
    update(&mut state, Msg::Board(BoardMsg::SquareDown(sq("e2"))));
    update(&mut state, Msg::Board(BoardMsg::SquareUp { over, dragged }));
    assert_eq!(state.board.game().len(), 1);

    // Flipped, the same point is another square.
    update(&mut state, Msg::Board(BoardMsg::Flip));
    board
        .render(&view::board(&state), &Looks::default())
        .unwrap();
    let (x, y) = centre(&holder, "a1");
    assert_eq!(board.square_at(x, y), Some(sq("a1")));
    assert!(
        x > centre(&holder, "h1").0,
        "a1 is on the right with Black at the bottom"
    );
    holder.remove();
}

/// The board widget's listeners: a click on a move or on one of the board's buttons becomes
/// a board message for the page, a click on the page's own button does not; once the widget
/// is dropped, its listeners are gone with it.
#[wasm_bindgen_test]
fn the_board_widget_owns_its_listeners() {
    use std::cell::RefCell;
    use std::rc::Rc;

    let holder = holder();
    let page = document().create_element("div").unwrap();
    document().body().unwrap().append_child(&page).unwrap();
    let button = |attribute: &str, value: &str| {
        let b: HtmlElement = document()
            .create_element("button")
            .unwrap()
            .dyn_into()
            .unwrap();
        b.set_attribute(attribute, value).unwrap();
        page.append_child(&b).unwrap();
        b
    };
    let (ply, flip, resign) = (
        button("data-ply", "3"),
        button("data-action", "flip"),
        button("data-action", "resign"),
    );
    let heard: Rc<RefCell<Vec<BoardMsg>>> = Rc::default();
    let to = heard.clone();
    let targets = Targets {
        holder: &holder,
        clicks: &page,
        keys: &page,
        typed: None,
    };
    let widget =
        BoardWidget::new(&document(), targets, move |msg| to.borrow_mut().push(msg)).unwrap();
    widget
        .render(&view::board(&friends()), &Looks::default())
        .unwrap();
    ply.click();
    flip.click();
    resign.click();
    assert_eq!(
        *heard.borrow(),
        [BoardMsg::GoTo(3), BoardMsg::Flip],
        "a page's own button (resign) is the page's"
    );
    drop(widget);
    ply.click();
    flip.click();
    assert_eq!(
        heard.borrow().len(),
        2,
        "the listeners went with the widget"
    );
    page.remove();
    holder.remove();
}
