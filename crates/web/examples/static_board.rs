//! Prints the board a fresh game page draws first, as HTML, for the built page to carry
//! before its WebAssembly arrives (`scripts/post-build.sh` writes it into `#board`):
//!
//! ```sh
//! cargo run -p shatar-web --example static_board > board.html
//! ```

fn main() {
    match shatar_web::view::board::start_markup() {
        Ok(markup) => println!("{markup}"),
        Err(why) => {
            eprintln!("static_board: {why}");
            std::process::exit(1);
        }
    }
}
