#!/usr/bin/env python3
"""Compares `shatar pairings` and `shatar standings` with Gacrux, FIDE's reference tool for
pairings and tie-breaks (PyPI `gacrux`, MIT; a test-only tool, pinned in scripts/tools.sh).

    scripts/gacrux-compare.py SHATAR berger
        Berger tables for 3-24 players, every round, against gacrux.berger.
    scripts/gacrux-compare.py SHATAR tiebreaks [--count N] [--first K]
        N random tournaments from Gacrux's seeded generator (9-60 players, 5-11 rounds,
        requested byes and forfeits): every C.07 tie-break column of `shatar standings`
        against Gacrux's tie-break checker.
    scripts/gacrux-compare.py SHATAR dutch [--count N] [--engine shatar|gacrux]
        The same tournaments paired round by round: each round of the generator's file
        (Gacrux's Dutch pairing) against `shatar pairings --dutch` given the rounds
        before it and the round's requested byes. `--engine gacrux` pairs with Gacrux's
        own pairing checker instead, which checks the harness (all identical).
    scripts/gacrux-compare.py SHATAR baku [--count N]
        Tournaments the generator makes with Baku acceleration (C.04.5.1; its `-a`,
        record 250), every round compared as `dutch` does.
    scripts/gacrux-compare.py SHATAR large [--count N]
        Tournaments of 100-400 players and 7-11 rounds (L<k>.trf), where `shatar` pairs
        on the smaller graphs of dutch/reduce.rs; every round compared. Not in gacrux.sh:
        Gacrux takes about a minute to make one.
    scripts/gacrux-compare.py SHATAR prohibited [--count N]
        For each tournament, its middle round with two of Gacrux's pairs of that round
        forbidden (record 260): Gacrux's pairing of that file against ours.

Tournament k is the same on every run: its size and rounds come from random.Random(k),
its games from the generator's own seed for file k. Prints one line per difference and a
summary; the exit status is 1 if anything differs.
"""
import argparse
import contextlib
import io
import multiprocessing
import os
import random
import subprocess
import sys
import tempfile
import time

TIE_BREAKS = "PTS BH BH/C1 SB DE WIN WON BPG BWG GE PS FB AOB KS ARO TPR PTP APRO APPO".split()
# And the modifiers, in a second run: cuts at both ends, Koya's limit, the 2024 rules.
TIE_BREAKS_MODIFIED = "PTS SB/C1 BH/M1 FB/C1 KS/L40 ARO/C1 BH/V2024 SB/V2024 AOB/V2024 PS/C1 DE".split()


def generate(k, directory, baku=False, large=False):
    """Tournament k from Gacrux's generator, as a TRF file; returns (path or None when
    it cannot be paired to its end, players, rounds). Kept in `directory`, which may be
    a cache: the same k and Gacrux version make the same file. `baku`: with Baku
    acceleration (B<k>.trf); `large`: 100-400 players, 7-11 rounds (L<k>.trf)."""
    rng = random.Random(k)
    players = rng.randint(9, 60)
    rounds = rng.randint(5, 11)
    if large:
        players = rng.randint(100, 400)
        rounds = rng.randint(7, 11)
    prefix = "L" if large else "B" if baku else "T"
    path = os.path.join(directory, f"{prefix}{k:04d}.trf")
    if os.path.exists(path):
        return path, players, rounds
    if os.path.exists(path + ".unpairable"):
        return None, players, rounds
    from gacrux.tournamentgenerator import tournamentgenerator
    from gacrux.trf2json import trf2json

    generator = tournamentgenerator()
    argv = sys.argv
    sys.argv = ["tournamentgenerator", "-p", str(players), "-N", str(rounds),
                "-S", "0.02", "0.06", "0.04", "-o", os.devnull] + (["-a"] if baku else [])
    try:
        generator.read_command_line()
    finally:
        sys.argv = argv
    generator.statistics.set_seed(k * 10000 + 4711)
    from gacrux.gacruxexeptions import GacruxNoLegalPairing
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            event = generator.gen_tournament(k)
        except GacruxNoLegalPairing:
            # Too few players for the rounds (C.04.3 art. 1.9.3): not a tournament.
            open(path + ".unpairable", "w").close()
            return None, players, rounds
        text = trf2json().output_file(event, 1, 0)
    with open(path + ".part", "w", encoding="latin1") as f:
        f.write(text)
    os.replace(path + ".part", path)
    return path, players, rounds


def _generate(job):
    return generate(*job)


def tournaments(count, first, directory, jobs, baku=False, large=False):
    """The first `count` pairable tournaments from number `first` on, generated `jobs` at
    a time: [(k, path, players, rounds)], and how many were skipped."""
    found = []
    skipped = 0
    k = first
    with multiprocessing.Pool(jobs) as pool:
        while len(found) < count:
            batch = list(range(k, k + max(jobs, count - len(found))))
            made = pool.imap(_generate, [(n, directory, baku, large) for n in batch])
            for i, (number, (path, players, rounds)) in enumerate(zip(batch, made)):
                if len(batch) >= 500 and i % 250 == 249:
                    print(f"  ... {i + 1} of {len(batch)} tournaments ready", file=sys.stderr, flush=True)
                if path is None:
                    skipped += 1
                elif len(found) < count:
                    found.append((number, path, players, rounds))
            k = batch[-1] + 1
    return found, skipped


def gacrux_tiebreaks(path, tie_breaks, swiss=True):
    """Gacrux's tie-break checker's CSV lines for `path`: a Swiss (`-s`), or a round robin
    (`-p`, pre-determined pairings)."""
    from gacrux.tiebreakchecker import tiebreakchecker

    out = path + ".gacrux.csv"
    argv = sys.argv
    sys.argv = ["tiebreakchecker", "-i", path, "-o", out, "-dC", "-s" if swiss else "-p",
                "-t", *tie_breaks]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            tiebreakchecker().common_main()
    finally:
        sys.argv = argv
    with open(out) as f:
        return list(f.read().splitlines())


# TRF results worth a point and half a point under 1/½/0 (U is the PAB, worth a win).
POINTS = {"1": 1.0, "W": 1.0, "+": 1.0, "F": 1.0, "U": 1.0, "=": 0.5, "D": 0.5, "H": 0.5}


def truncated(path, rnd, out):
    """The file at `path` as it stood before round `rnd` was paired: rounds 1 .. rnd-1,
    and round rnd's requested byes and absences (as bbpPairings and JaVaFo read them);
    the points recomputed. Returns round rnd's pairs as {"w b"} and the bye ("p 0")."""
    lines = []
    expected = set()
    with open(path, encoding="latin1") as f:
        text = f.read().splitlines()
    for line in text:
        if line.startswith("001"):
            player = int(line[4:8])
            count = (len(line) - 89 + 9) // 10
            rounds = [line[89 + 10 * i: 99 + 10 * i].ljust(10) for i in range(count)]
            keep = rounds[: rnd - 1]
            if len(rounds) >= rnd:
                entry = rounds[rnd - 1]
                opponent, colour, result = int(entry[2:6] or 0), entry[7], entry[9]
                if opponent == 0 and result in "HZF-":
                    keep.append(entry)
                elif opponent == 0 and result == "U":
                    expected.add(f"{player} 0")
                elif colour == "w":
                    expected.add(f"{player} {opponent}")
            points = sum(POINTS.get(r[9], 0.0) for r in keep)
            line = line[:80] + f"{points:4.1f}" + line[84:89] + "".join(keep)
        lines.append(line.rstrip())
    with open(out, "w", encoding="latin1") as f:
        f.write("\n".join(lines) + "\n")
    return expected


def gacrux_pairing(path):
    from gacrux.pairingchecker import pairingchecker

    out = path + ".gacrux-pairs"
    argv = sys.argv
    sys.argv = ["pairingchecker", "-i", path, "-o", out, "-p", "-dT"]
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            pairingchecker().common_main()
    finally:
        sys.argv = argv
    with open(out) as f:
        return f.read()


def pair_file(shatar, engine, part):
    """The pairs of the next round of `part` as `engine` makes them: the output's lines
    (the count first), [] when it finds no pairing."""
    if engine == "gacrux":
        try:
            output = gacrux_pairing(part)
        except Exception:  # GacruxNoLegalPairing, and whatever else it raises
            output = ""
    else:
        run = subprocess.run([shatar, "pairings", "--dutch", part, "-p"], capture_output=True, text=True)
        output = run.stdout if run.returncode == 0 else ""
    return [l.strip() for l in output.splitlines() if l.strip()]


def same(lines, expected):
    return bool(lines) and lines[0] == str(len(expected)) and set(lines[1:]) == expected


def _dutch_tournament(job):
    """Every round (to `last_round`) of one tournament: (rounds, identical, lines of
    differences, seconds pairing)."""
    shatar, engine, (k, path, players, rounds), directory, last_round = job
    name = os.path.basename(path)[:-4]
    compared = identical = 0
    lines = []
    engine_time = 0.0
    for rnd in range(1, min(rounds, last_round or rounds) + 1):
        part = os.path.join(directory, f"{name}-r{rnd}.trf")
        expected = truncated(path, rnd, part)
        t0 = time.time()
        got = pair_file(shatar, engine, part)
        engine_time += time.time() - t0
        compared += 1
        if same(got, expected):
            identical += 1
        else:
            lines.append(f"{name} ({players} players) round {rnd}: ours {sorted(set(got[1:]) - expected)}, "
                         f"Gacrux {sorted(expected - set(got[1:]))}")
        os.remove(part)
    return compared, identical, lines, engine_time


def compare_dutch(shatar, events, engine, directory, last_round=None, jobs=2, label="dutch"):
    start = time.time()
    jobs_list = [(shatar, engine, event, directory, last_round) for event in events]
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(_dutch_tournament, jobs_list)
    rounds_compared = sum(r[0] for r in results)
    identical = sum(r[1] for r in results)
    engine_time = sum(r[3] for r in results)
    for r in results:
        for line in r[2]:
            print(line)
    different_events = sum(1 for r in results if r[1] != r[0])
    print(f"{label} ({engine}): {len(events)} tournaments, {rounds_compared} rounds"
          f"{' (round 1 only)' if last_round == 1 else ''}, {identical} identical, "
          f"{len(events) - different_events} tournaments identical in every round "
          f"({time.time() - start:.1f} s, of which pairing {engine_time:.1f} s on {jobs} jobs)")
    return identical == rounds_compared


def _prohibited_case(job):
    """Tournament k's middle round with two of Gacrux's own pairs of it forbidden
    (record 260): whether ours and Gacrux's pairings of that file agree."""
    shatar, (k, path, players, rounds), directory, cache = job
    rnd = rounds // 2 + 1
    name = os.path.basename(path)[:-4]
    part = os.path.join(directory, f"{name}-p{rnd}.trf")
    original = truncated(path, rnd, part)
    games = sorted(p for p in original if not p.endswith(" 0"))[:2]
    with open(part, "a", encoding="latin1") as f:
        for pair in games:
            a, b = pair.split()
            f.write(f"260 {rnd:>3} {rnd:>3} {int(a):>4} {int(b):>4}\n")
    answer = os.path.join(cache, f"P{k:04d}.gacrux")
    if os.path.exists(answer):
        with open(answer) as f:
            theirs = [l.strip() for l in f.read().splitlines() if l.strip()]
    else:
        theirs = pair_file(shatar, "gacrux", part)
        with open(answer + ".part", "w") as f:
            f.write("\n".join(theirs) + "\n")
        os.replace(answer + ".part", answer)
    ours = pair_file(shatar, "shatar", part)
    os.remove(part)
    forbidden = set(games) | {" ".join(reversed(p.split())) for p in games}
    ok = ours[:1] == theirs[:1] and set(ours[1:]) == set(theirs[1:]) and not forbidden & set(ours[1:])
    line = "" if ok else f"{name} round {rnd}, {games} forbidden: ours {sorted(ours[1:])}, Gacrux {sorted(theirs[1:])}"
    return ok, line


def compare_prohibited(shatar, events, directory, cache, jobs=2):
    start = time.time()
    with multiprocessing.Pool(jobs) as pool:
        results = pool.map(_prohibited_case, [(shatar, e, directory, cache) for e in events])
    for ok, line in results:
        if not ok:
            print(line)
    identical = sum(1 for ok, _ in results if ok)
    print(f"prohibited pairings: {len(events)} rounds with two pairs forbidden (record 260), "
          f"{identical} identical ({time.time() - start:.1f} s)")
    return identical == len(events)


def number(text):
    text = text.strip()
    if text in ("", "-0", "None"):
        return None
    return round(float(text), 6)


def compare_tiebreaks(shatar, events):
    differences = 0
    values = 0
    start = time.time()
    ours_time = 0.0
    for k, path, players, rounds in events:
        for tie_breaks in (TIE_BREAKS, TIE_BREAKS_MODIFIED):
            theirs = gacrux_tiebreaks(path, tie_breaks)
            t0 = time.time()
            ours = subprocess.run([shatar, "standings", path, "--swiss", "-t", ",".join(tie_breaks)],
                                  check=True, capture_output=True, text=True).stdout.splitlines()
            ours_time += time.time() - t0
            if len(ours) != len(theirs):
                print(f"T{k:04d}: {len(ours)} lines, Gacrux {len(theirs)}")
                differences += 1
                continue
            for our_line, their_line in zip(ours[1:], theirs[1:]):
                our = our_line.split(",")
                their = their_line.split(",")
                # Ours: StartNo, Rank, Name, values; Gacrux's: StartNo, Rank, values.
                ours_values = [our[0], our[1]] + our[3:]
                for column, (a, b) in enumerate(zip(ours_values, their)):
                    values += 1
                    if number(a) != number(b):
                        name = (["StartNo", "Rank"] + tie_breaks)[column]
                        print(f"T{k:04d} ({players} players, {rounds} rounds) player {our[0]} {name}: ours {a}, Gacrux {b}")
                        differences += 1
    print(f"tie-breaks: {len(events)} tournaments, {values} values compared, {differences} different "
          f"({time.time() - start:.1f} s, of which shatar {ours_time:.1f} s)")
    return differences == 0


def verify_cache(cache, first, count, scratch):
    """Whether the cached tournaments first .. first+count-1 are what the generator makes
    (the dates aside, records 042 and 052)."""
    fresh = os.path.join(scratch, "verify")
    os.makedirs(fresh, exist_ok=True)
    same = True
    for k in range(first, first + count):
        cached = os.path.join(cache, f"T{k:04d}.trf")
        if not os.path.exists(cached):
            continue
        path, _, _ = generate(k, fresh)
        undated = lambda p: [l for l in open(p, encoding="latin1").read().splitlines() if not l.startswith(("042", "052"))]
        if path is None or undated(path) != undated(cached):
            print(f"T{k:04d}: the cached tournament is not what Gacrux generates now")
            same = False
    print(f"verified: {count} cached tournaments regenerated, {'the same' if same else 'DIFFERENT'}")
    return same


def compare_berger(shatar, directory):
    from gacrux import berger

    differences = 0
    rounds_compared = 0
    for n in range(3, 25):
        seats = n + n % 2
        table = berger.bergertables(n)
        for r in range(1, seats):
            # A file with rounds 1 .. r-1 paired from Gacrux's own table.
            lines = [f"XXR {seats - 1}"]
            rows = {p: [] for p in range(1, n + 1)}
            for done in range(1, r):
                for board in range(1, seats // 2 + 1):
                    pair = table["pairing"][done][board]
                    w, b = pair["white"], pair["black"]
                    if w > n:
                        rows[b].append("0000 - U")
                    elif b > n:
                        rows[w].append("0000 - U")
                    else:
                        rows[w].append(f"{b:>4} w =")
                        rows[b].append(f"{w:>4} b =")
            for p in range(1, n + 1):
                line = f"001 {p:>4}      {'Player ' + str(p):<33} {'':>4} {'':<3} {'':>11} {'':>10} {'':>4} {'':>4}"
                for entry in rows[p]:
                    line += "  " + entry
                lines.append(line)
            path = os.path.join(directory, f"berger-{n}-{r}.trf")
            with open(path, "w") as f:
                f.write("\n".join(lines) + "\n")
            ours = subprocess.run([shatar, "pairings", "--berger", path, "-p"],
                                  check=True, capture_output=True, text=True).stdout.split("\n")
            expected = set()
            for board in range(1, seats // 2 + 1):
                pair = table["pairing"][r][board]
                w, b = pair["white"], pair["black"]
                expected.add(f"{b} 0" if w > n else f"{w} 0" if b > n else f"{w} {b}")
            got = set(line for line in ours[1:] if line)
            rounds_compared += 1
            if got != expected or int(ours[0]) != seats // 2:
                print(f"berger {n} players round {r}: ours {sorted(got)}, Gacrux {sorted(expected)}")
                differences += 1
    print(f"berger: {rounds_compared} rounds (3-24 players) compared, {differences} different")
    return differences == 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shatar")
    parser.add_argument("what", choices=["berger", "tiebreaks", "dutch", "baku", "prohibited", "large", "all"])
    parser.add_argument("--engine", choices=["shatar", "gacrux"], default="shatar")
    parser.add_argument("--rounds", type=int, help="compare the Dutch pairings of rounds 1 to N only")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--cache", help="keep the generated tournaments here")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baku", type=int, default=40,
                        help="with `all`: how many tournaments with Baku acceleration")
    parser.add_argument("--prohibited", type=int, default=200,
                        help="with `all`: how many rounds with prohibited pairs")
    parser.add_argument("--verify", type=int, default=0,
                        help="regenerate the first N cached tournaments and check they are unchanged")
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as scratch:
        if args.what in ("berger", "all"):
            ok = compare_berger(args.shatar, scratch) and ok
        if args.what in ("tiebreaks", "dutch", "prohibited", "all"):
            directory = args.cache or scratch
            os.makedirs(directory, exist_ok=True)
            if args.cache and args.verify:
                ok = verify_cache(directory, args.first, args.verify, scratch) and ok
            t0 = time.time()
            events, skipped = tournaments(args.count, args.first, directory, args.jobs)
            sizes = [p for _, _, p, _ in events]
            print(f"generated: {len(events)} tournaments from number {args.first} "
                  f"({min(sizes)}-{max(sizes)} players, {skipped} unpairable skipped) in {time.time() - t0:.1f} s")
            if args.what in ("tiebreaks", "all"):
                ok = compare_tiebreaks(args.shatar, events) and ok
            if args.what in ("dutch", "all"):
                ok = compare_dutch(args.shatar, events, args.engine, scratch, args.rounds, args.jobs) and ok
            if args.what in ("prohibited", "all"):
                count = args.count if args.what == "prohibited" else args.prohibited
                ok = compare_prohibited(args.shatar, events[:count], scratch, directory, args.jobs) and ok
        if args.what == "large":
            directory = args.cache or scratch
            os.makedirs(directory, exist_ok=True)
            t0 = time.time()
            events, skipped = tournaments(args.count, args.first, directory, args.jobs, large=True)
            sizes = [p for _, _, p, _ in events]
            print(f"generated: {len(events)} large tournaments ({min(sizes)}-{max(sizes)} players, "
                  f"{skipped} unpairable skipped) in {time.time() - t0:.1f} s")
            ok = compare_dutch(args.shatar, events, args.engine, scratch, args.rounds, args.jobs, "large") and ok
        if args.what in ("baku", "all"):
            directory = args.cache or scratch
            os.makedirs(directory, exist_ok=True)
            count = args.count if args.what == "baku" else args.baku
            t0 = time.time()
            events, skipped = tournaments(count, args.first, directory, args.jobs, baku=True)
            print(f"generated: {len(events)} tournaments with Baku acceleration ({skipped} unpairable "
                  f"skipped) in {time.time() - t0:.1f} s")
            ok = compare_dutch(args.shatar, events, args.engine, scratch, args.rounds, args.jobs, "baku") and ok
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
