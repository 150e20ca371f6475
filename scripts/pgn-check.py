#!/usr/bin/env python3
"""Reads PGN files with two other programs' readers and fails on any complaint.

Usage: scripts/pgn-check.py FILE.pgn...

The readers, as scripts/tools.sh installs them: pgn-extract (Debian's package) and
python-chess (PyPI's `chess`, pinned in tools/requirements.txt, in tools/venv: run this
script with tools/venv/bin/python). The server's tests run it on the records of games of
every ending (crates/server/tests/server/records.rs).

What each checks:
- FIDE chess games (no Variant tag, or "Standard"/"Chess"): everything. pgn-extract
  (`-r`, report errors only) plays every move, variations too; python-chess reads the game
  with its own GameBuilder and plays every move.
- Mongolian, Mongolian Folk and Xiangqi: the PGN syntax, since neither reader knows these
  games. pgn-extract reads a copy whose move words are null moves (`--`,
  `--allownullmoves`): tags, comments, move numbers, variations and the result as written;
  python-chess reads the game with a visitor that takes any move word of letters, digits
  and `+#=:.-` as a null move. Its one expected error, that the Variant tag names a game
  it does not know, is not a complaint; any other is. A Xiangqi game's FEN and SetUp tags
  are left out of what both read (a Xiangqi FEN is no chess FEN, and python-chess skips a
  game whose FEN it cannot read). The moves themselves are our own reader's to check (the
  tests read every record back).

Beyond the readers' own errors, these count as complaints too: a variation without a
move (how both readers see the `(=)` draw mark written before, which python-chess drops
without a word), a Result tag other than the result after the moves, and a Termination
tag outside the PGN standard's values.

Exit status 0 when no file has a complaint, 1 when one has (each printed), 2 when a reader
is missing (the message says how to install it).
"""

import io
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import chess
    import chess.pgn
except ImportError:
    print("pgn-check: python-chess is missing: run scripts/tools.sh and use tools/venv/bin/python")
    sys.exit(2)

# PGN standard 9.8.1.
TERMINATIONS = {
    "abandoned",
    "adjudication",
    "death",
    "emergency",
    "normal",
    "rules infraction",
    "time forfeit",
    "unterminated",
}
CHESS = {None, "standard", "chess"}
# The Variant values this project writes for the games neither reader knows.
OURS = {"mongolian", "mongolian folk", "xiangqi"}
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def pgn_extract():
    found = shutil.which("pgn-extract") or (
        "/usr/games/pgn-extract" if os.access("/usr/games/pgn-extract", os.X_OK) else None
    )
    if found is None:
        print("pgn-check: pgn-extract is missing: run scripts/tools.sh (Debian's pgn-extract)")
        sys.exit(2)
    return found


def split_games(text):
    """The games of a PGN text, each as its text, with its Variant tag in lower case."""
    games = []
    for block in re.split(r"\n\s*\n(?=\[)", text.strip()):
        match = re.search(r'^\[Variant "([^"]*)"\]', block, re.M)
        games.append((block.strip() + "\n", match.group(1).lower() if match else None))
    return games


MOVE_TEXT_TOKEN = re.compile(r"\{[^}]*\}|;[^\n]*|[()]|[^\s(){};]+")
KEPT = re.compile(r"^(\d+\.*|\$\d+|1-0|0-1|1/2-1/2|\*)$")


def without_xiangqi_fen(game, variant):
    if variant != "xiangqi":
        return game
    return re.sub(r'^\[(FEN|SetUp) "[^"]*"\]\n', "", game, flags=re.M)


def null_moves(game):
    """The game with every move word of its move text made a null move `--`."""
    head, _, moves = game.partition("\n\n")

    def mask(match):
        token = match.group(0)
        # Punctuation alone (the `=` of a bare `(=)`) is no move: left for pgn-extract to see.
        if token[0] in "{;()" or KEPT.match(token) or not re.search(r"[A-Za-z0-9]", token):
            return token
        number = re.match(r"^(\d+\.+)(.+)$", token)
        return number.group(1) + " --" if number else "--"

    return head + "\n\n" + MOVE_TEXT_TOKEN.sub(mask, moves)


def run_pgn_extract(games, null, complaints, name):
    if not games:
        return
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "games.pgn")
        log = os.path.join(tmp, "log")
        with open(source, "w", encoding="utf-8") as out:
            out.write("\n".join(games))
        args = [pgn_extract(), "-r", "-s", "--quiet", "-l" + log]
        if null:
            args.append("--allownullmoves")
        done = subprocess.run(args + [source], capture_output=True, text=True)
        said = (done.stdout + done.stderr).strip()
        with open(log, encoding="utf-8", errors="replace") as read:
            said = (said + "\n" + read.read()).strip()
        if done.returncode != 0 or said:
            what = "syntax (moves as null moves)" if null else "games"
            complaints.append(f"{name}: pgn-extract on its {what}: {said or done.returncode}")


class Variations:
    """Counts the variations without a move, which the readers pass over."""

    def begin_game(self):
        super().begin_game()
        self.stack = [0]
        self.empty_variations = 0

    def visit_move(self, board, move):
        super().visit_move(board, move)
        self.stack[-1] += 1

    def begin_variation(self):
        self.stack.append(0)
        return super().begin_variation()

    def end_variation(self):
        if self.stack.pop() == 0:
            self.empty_variations += 1
        super().end_variation()


class Builder(Variations, chess.pgn.GameBuilder):
    """python-chess's own reader, counting empty variations too."""

    def result(self):
        game = super().result()
        game.empty_variations = self.empty_variations
        return game


class SyntaxVisitor(Variations, chess.pgn.BaseVisitor):
    """Reads a game of a variant python-chess does not know: every move word is a null
    move; records errors and the result marker."""

    def begin_game(self):
        super().begin_game()
        self.errors = []
        self.result_token = None

    def handle_error(self, error):
        self.errors.append(error)

    def parse_san(self, board, san):
        if not re.match(r"^[A-Za-z0-9+#=:.-]+$", san):
            raise ValueError(f"not a move word: {san!r}")
        return chess.Move.null()

    def visit_result(self, result):
        self.result_token = result

    def result(self):
        return self


def check_with_python_chess(game, variant, complaints, name):
    if variant in CHESS:
        read = chess.pgn.read_game(io.StringIO(game), Visitor=Builder)
        errors = list(read.errors)
        result = read.headers.get("Result")
        # What the text ends with, as python-chess read it (it writes it back).
        end = re.search(r"(1-0|0-1|1/2-1/2|\*)\s*$", str(read))
        end = end.group(1) if end else None
    else:
        read = chess.pgn.read_game(io.StringIO(game), Visitor=SyntaxVisitor)
        unknown = f"unsupported variant: {variant}"
        errors = [e for e in read.errors if str(e).lower() != unknown]
        result = re.search(r'^\[Result "([^"]*)"\]', game, re.M)
        result = result.group(1) if result else None
        end = read.result_token
    if errors:
        complaints.append(f"{name}: python-chess: {errors}")
    if read.empty_variations:
        complaints.append(f"{name}: python-chess: {read.empty_variations} variation(s) without a move")
    if result not in RESULTS or end != result:
        complaints.append(f"{name}: Result tag {result!r}, the move text ends with {end!r}")


def main(paths):
    if not paths:
        sys.exit(__doc__)
    pgn_extract()
    complaints = []
    checked = 0
    for path in paths:
        with open(path, encoding="utf-8") as read:
            games = split_games(read.read())
        chess_games, other_games = [], []
        for number, (game, variant) in enumerate(games, 1):
            name = f"{path} game {number} ({variant or 'chess'})"
            if variant not in CHESS and variant not in OURS:
                complaints.append(f"{name}: a Variant this check does not know")
                continue
            termination = re.search(r'^\[Termination "([^"]*)"\]', game, re.M)
            if termination and termination.group(1).lower() not in TERMINATIONS:
                complaints.append(f"{name}: Termination {termination.group(1)!r} is no PGN standard value")
            if variant in CHESS:
                check_with_python_chess(game, variant, complaints, name)
                chess_games.append(game)
            else:
                game = without_xiangqi_fen(game, variant)
                check_with_python_chess(game, variant, complaints, name)
                other_games.append(null_moves(game))
            checked += 1
        run_pgn_extract(chess_games, False, complaints, path)
        run_pgn_extract(other_games, True, complaints, path)
    for complaint in complaints:
        print(complaint)
    print(f"pgn-check: {checked} games, {len(complaints)} complaints")
    return 1 if complaints else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
