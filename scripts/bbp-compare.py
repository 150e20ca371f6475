#!/usr/bin/env python3
"""Compares `shatar pairings --dutch` with bbpPairings (Bierema Boyz Programming, Apache
2.0; FIDE-endorsed), an oracle independent of Gacrux, built from its source by
scripts/bbp.sh.

    scripts/bbp-compare.py SHATAR previous --cache DIR [--count N] [--bbp5 EXE]
        N random tournaments from bbpPairings 5.0.1's own generator (the 2017 text of
        C.04.3; 9-60 players, 5-11 rounds, forfeits, half-point byes, withdrawals),
        every round: the generator's round against `shatar pairings --dutch --rules 2017`
        given the rounds before it. The tournaments are read from DIR (tests/bbp/
        unpacked) and, with --bbp5, made there first when missing; --verify K has
        bbpPairings pair again every round of the first K (the harness's own check).
    scripts/bbp-compare.py SHATAR current --cache GACRUX_DIR --bbp6 EXE [--count N]
        Gacrux's tournaments (target/gacrux/<version>, the 2026 text), every round:
        bbpPairings 6.0.0's pairing against Gacrux's (the file) and against ours.

Tournament k is the same on every run: its size and rounds come from random.Random(k),
its games from the generator's seed k. Prints one line per difference and a summary;
the exit status is 1 if anything differs.
"""
import argparse
import importlib.util
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time

_spec = importlib.util.spec_from_file_location(
    "gacrux_compare", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gacrux-compare.py"))
gc = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(gc)


def config(k):
    """Tournament k's generator configuration (JaVaFo's RTG keys; a rate R is 1 in R)."""
    rng = random.Random(k)
    players = rng.randint(9, 60)
    rounds = rng.randint(5, 11)
    return players, rounds, (
        f"PlayersNumber={players}\nRoundsNumber={rounds}\nDrawPercentage=30\n"
        "ForfeitRate=25\nRetiredRate=60\nHalfPointByeRate=16\n"
        "HighestRating=2600\nLowestRating=1400\n")


def first_colour(lines, first_round=1):
    """XXC's colour as bbpPairings infers it (its README): the round-1 colour of the
    highest player paired in round 1, reversed once for each higher one without one."""
    flips = 0
    for line in lines:
        if not line.startswith("001") or len(line) < 99:
            continue
        entry = line[89:99]
        opponent, colour, result = int(entry[2:6] or 0), entry[7], entry[9]
        if opponent == 0 and result in "HZF- ":
            continue  # not in round 1's pairing
        if colour in "wb":
            if flips % 2:
                colour = "b" if colour == "w" else "w"
            return "white1" if colour == "w" else "black1"
        flips += 1
    return "white1"


def generate(k, directory, bbp):
    """Tournament k as P<k>.trf in `directory` (made by bbpPairings 5's generator with
    XXR and XXC added, so that both programs read the same rounds and first colour):
    (path, players, rounds), path None if it failed."""
    players, rounds, text = config(k)
    path = os.path.join(directory, f"P{k:04d}.trf")
    if os.path.exists(path):
        return path, players, rounds
    with tempfile.TemporaryDirectory() as scratch:
        cfg = os.path.join(scratch, "rtg.txt")
        raw = os.path.join(scratch, "raw.trf")
        with open(cfg, "w") as f:
            f.write(text)
        run = subprocess.run([bbp, "--dutch", "-g", cfg, "-o", raw, "-s", str(k + 1)],
                             capture_output=True, text=True)
        if run.returncode != 0 or not os.path.exists(raw):
            # No pairing keeps the absolute criteria in some round: remembered, so that
            # a run without bbpPairings skips the same numbers.
            with open(path[:-4] + ".unpairable", "w") as f:
                f.write(run.stderr)
            return None, players, rounds
        with open(raw, encoding="latin1") as f:
            lines = [l.rstrip() for l in f.read().replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    lines = [l for l in lines if l]
    lines += [f"XXR {rounds}", f"XXC {first_colour(lines)}"]
    with open(path, "w", encoding="latin1") as f:
        f.write("\n".join(lines) + "\n")
    return path, players, rounds


def plain(part):
    """`part` with only the records bbpPairings 6 reads strictly enough for: the players
    (001) and the rounds and first colour (142, 152 as XXR, XXC); Gacrux writes others
    (162's point table, 022's generator settings) in forms it refuses."""
    with open(part, encoding="latin1") as f:
        lines = f.read().splitlines()
    out = []
    for line in lines:
        if line.startswith("001"):
            out.append(line)
        elif line.startswith("142 ") and line[4:].strip():
            out.append("XXR " + line[4:].strip())
        elif line.startswith("152 ") and line[4:].strip()[:1] in ("W", "B"):
            out.append("XXC " + ("white1" if line[4:].strip()[0] == "W" else "black1"))
    with open(part, "w", encoding="latin1") as f:
        f.write("\n".join(out) + "\n")


def pair(exe, part, args):
    if "--plain" in args:
        args = [a for a in args if a != "--plain"]
        plain(part)
    run = subprocess.run([exe, *args, part, "-p"], capture_output=True, text=True)
    if run.returncode != 0:
        return []
    return [l.strip() for l in run.stdout.splitlines() if l.strip()]


def _tournament(job):
    """Every round of one tournament: (rounds, identical, lines of differences)."""
    engines, (path, players, rounds), reference = job
    name = os.path.basename(path)[:-4]
    compared = identical = 0
    lines = []
    with tempfile.TemporaryDirectory() as scratch:
        for rnd in range(1, rounds + 1):
            part = os.path.join(scratch, f"{name}-r{rnd}.trf")
            expected = gc.truncated(path, rnd, part)
            if not expected:
                break
            for label, exe, args in engines:
                got = pair(exe, part, args)
                compared += 1
                if gc.same(got, expected):
                    identical += 1
                else:
                    lines.append(f"{name} ({players} players) round {rnd}: {label} "
                                 f"{sorted(set(got[1:]) - expected)}, {reference} "
                                 f"{sorted(expected - set(got[1:]))}")
    return compared, identical, lines


def compare(label, engines, events, reference, jobs, expect=None):
    start = time.time()
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(_tournament, [(engines, e, reference) for e in events])
    compared = sum(r[0] for r in results)
    identical = sum(r[1] for r in results)
    if expect is None:  # with a list, only what differs from it is printed
        for r in results:
            for line in r[2]:
                print(line)
    whole = sum(1 for r in results if r[0] == r[1])
    print(f"{label}: {len(events)} tournaments, {compared} rounds compared, {identical} identical, "
          f"{whole} tournaments identical in every round ({time.time() - start:.1f} s on {jobs} jobs)")
    if expect is None:
        return identical == compared
    # The rounds known to differ (each line as printed above): any other difference, or
    # one of them gone, fails, so that the list stays the truth.
    with open(expect) as f:
        known = {l.strip() for l in f if l.strip() and not l.startswith("#")}
    found = {line for r in results for line in r[2]}
    for line in sorted(found - known):
        print(f"NEW: {line}")
    for line in sorted(known - found):
        print(f"GONE (now identical: update {expect}): {line}")
    print(f"{label}: {len(found & known)} of the {len(known)} known differences, "
          f"{len(found - known)} new, {len(known - found)} gone")
    return found == known


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shatar")
    parser.add_argument("what", choices=["previous", "current"])
    parser.add_argument("--cache", required=True)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bbp5", help="bbpPairings 5.0.1, to make missing tournaments")
    parser.add_argument("--bbp6", help="bbpPairings 6.0.0 (current)")
    parser.add_argument("--rules", default="2017",
                        help="previous: the text ours pairs by (2026: how far the texts differ)")
    parser.add_argument("--expect", help="previous: the file listing the rounds known to differ")
    parser.add_argument("--verify", type=int, default=0,
                        help="with --bbp5: bbpPairings pairs every round of the first K again")
    args = parser.parse_args()
    ok = True
    if args.what == "previous":
        os.makedirs(args.cache, exist_ok=True)
        events = []
        k = args.first
        while len(events) < args.count:
            path = os.path.join(args.cache, f"P{k:04d}.trf")
            players, rounds, _ = config(k)
            if os.path.exists(path[:-4] + ".unpairable"):
                path = None
            elif not os.path.exists(path):
                if not args.bbp5:
                    sys.exit(f"bbp-compare.py: {path} missing; pass --bbp5 to make it (scripts/bbp.sh)")
                path, players, rounds = generate(k, args.cache, args.bbp5)
            if path:
                events.append((path, players, rounds))
            k += 1
        if args.verify and args.bbp5:
            ok &= compare("previous (bbpPairings 5.0.1 again, the harness's check)",
                          [("bbpPairings", args.bbp5, ["--dutch"])], events[: args.verify],
                          "its generator", args.jobs)
        ok &= compare(f"previous (shatar --rules {args.rules} against bbpPairings 5.0.1)",
                      [("ours", args.shatar, ["pairings", "--dutch", "--rules", args.rules])],
                      events, "bbpPairings", args.jobs, args.expect)
    else:
        events = []
        for name in sorted(os.listdir(args.cache)):
            if name.startswith("T") and name.endswith(".trf") and len(events) < args.count:
                path = os.path.join(args.cache, name)
                with open(path, encoding="latin1") as f:
                    text = f.read()
                rounds = max((len(l.rstrip()) - 89 + 9) // 10 for l in text.splitlines() if l.startswith("001"))
                players = sum(1 for l in text.splitlines() if l.startswith("001"))
                events.append((path, players, rounds))
        ok &= compare("current (bbpPairings 6.0.0 against Gacrux's files)",
                      [("bbpPairings 6", args.bbp6, ["--dutch", "--plain"])], events, "Gacrux", args.jobs)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
