#!/usr/bin/env python3
"""How far our repetition rulings agree with two independent suites that encode the AXF
worked examples: Fairy-Stockfish's `test.py` (test_is_optional_game_end, the xiangqi
cases) and orange-xiangqi's `tests.jai` (repetition_test_suite).

The suites are not copied into this repository (the ruling tests build their own
positions, so that the suites stay a check kept apart); give their files on the command
line, from any checkout:

    scripts/xiangqi-suites.py FAIRY-STOCKFISH/test.py ORANGE-XIANGQI/tests.jai [-v]

Each case with a verdict is written as one line (source, FEN, expected result for the
side to move at the end, moves in ICCS) and judged by
`cargo run -p shatar-rules --example xiangqi_suites`: the moves are played, and the last
cycle (from the final position's previous occurrence to the end) is judged under AXF.
Not part of scripts/test.sh: the suites are not fetched from a registry.
"""

import ast
import os
import re
import subprocess
import sys


def fsf_cases(path):
    """Fairy-Stockfish: _check_optional_game_end("xiangqi", fen, moves, True, sf.VALUE_X).
    VALUE_MATE: the side to move at the end wins; -VALUE_MATE: it loses."""
    values = {"VALUE_MATE": "wins", "-VALUE_MATE": "loses", "VALUE_DRAW": "draw"}
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        line = line.strip()
        if not line.startswith('self._check_optional_game_end("xiangqi"'):
            continue
        call = ast.parse(line.split("#")[0].strip()).body[0].value
        args = call.args
        if len(args) < 5:
            continue  # no result given: nothing to agree with
        # A variant's empty pocket ("[]") is no part of a xiangqi FEN.
        fen = ast.literal_eval(args[1]).replace("[]", "")
        moves = eval(compile(ast.Expression(args[2]), path, "eval"), {"__builtins__": {}})
        value = ast.unparse(args[4]).replace("sf.", "")
        # Fairy-Stockfish counts ranks 1 to 10; ICCS 0 to 9.
        iccs = [re.sub(r"([a-i])(\d+)", lambda m: m[1] + str(int(m[2]) - 1), mv) for mv in moves]
        yield f"fsf:{n}", fen, values[value], iccs


def orange_cases(path):
    """orange-xiangqi: repetition_test(fen, .State, moves...); Win/Loss for the side to move
    at the end."""
    states = {"Win": "wins", "Loss": "loses", "Draw": "draw"}
    pattern = re.compile(r'^\s*repetition_test\("([^"]+)",\s*\.(\w+)((?:,\s*"[^"]+")*)\);')
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        m = pattern.match(line)
        if not m or m[2] not in states or not m[3]:
            continue
        yield f"orange:{n}", m[1], states[m[2]], re.findall(r'"([^"]+)"', m[3])


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("-")]
    if len(args) != 2:
        sys.exit(__doc__)
    lines = [
        "\t".join([src, fen, expected, " ".join(moves)])
        for src, fen, expected, moves in [*fsf_cases(args[0]), *orange_cases(args[1])]
    ]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cmd = ["cargo", "run", "-q", "-p", "shatar-rules", "--example", "xiangqi_suites"]
    if "-v" in sys.argv:
        cmd += ["--", "-v"]
    result = subprocess.run(cmd, input="\n".join(lines) + "\n", text=True, cwd=root)
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
