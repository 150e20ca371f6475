#!/usr/bin/env python3
"""Compares the team tie-breaks of `shatar standings` with Gacrux's tie-break checker
(PyPI `gacrux`, MIT; FIDE's reference tool) on random team events.

    scripts/gacrux-teams.py SHATAR [--count N] [--first K] [--keep DIR]

Gacrux's generator makes no team events, so this script does: event k (the same on
every run, from random.Random(k)) has 4-12 teams of 2-6 boards, rosters with up to two
reserves, a round robin (Berger order) or random Swiss-like rounds (no rematch, a
pairing-allocated bye for an odd number, now and then a team's half-point bye), line-ups
that keep the roster's order with a reserve now and then, a last board left empty now
and then, results under 1/½/0 or 2/1/0 with some forfeits. Each is written as a TRF
file (013 team records, 162 and 362 score systems, 352 colours), and every team
tie-break column (match points, game points with MPVGP and `:GP`) of `shatar standings`
is compared with Gacrux's. Prints one line per difference and a summary; the exit status
is 1 if anything differs.
"""
import argparse
import importlib.util
import os
import random
import subprocess
import sys
import tempfile
import time

# gacrux-compare.py's helpers: Gacrux's tie-break checker, and how a value is compared.
_spec = importlib.util.spec_from_file_location(
    "gacrux_compare", os.path.join(os.path.dirname(os.path.abspath(__file__)), "gacrux-compare.py"))
_compare = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_compare)
number = _compare.number

TIE_BREAKS = ("PTS MPVGP BH BH:GP SB SB:GP DE DE:GP WIN PS PS:GP FB BH/C1 BH:GP/C1 "
              "KS AOB SB/C1").split()


def berger(n):
    """Rounds of a round robin of n teams (n even): [(first, second)] each, 1-based."""
    players = list(range(1, n + 1))
    rounds = []
    for r in range(n - 1):
        pairs = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        players = [players[0]] + [players[-1]] + players[1:-1]
    return rounds


def event(k):
    rng = random.Random(k)
    teams = rng.randint(4, 12)
    boards = rng.randint(2, 6)
    round_robin = rng.random() < 0.4
    axf = rng.random() < 0.5
    rosters = [boards + rng.choice([0, 0, 1, 2]) for _ in range(teams)]
    fixtures = []  # per round: [("match", a, b), ("bye", t, "U" or "H")]
    if round_robin:
        n = teams + teams % 2
        for pairs in berger(n):
            rnd = []
            for a, b in pairs:
                if a > teams or b > teams:
                    rnd.append(("bye", min(a, b), "U"))
                else:
                    rnd.append(("match", a, b))
            fixtures.append(rnd)
    else:
        met = set()
        had_bye = set()
        for _ in range(rng.randint(3, min(7, teams - 1))):
            for _attempt in range(200):
                order = list(range(1, teams + 1))
                rng.shuffle(order)
                rnd = []
                if rng.random() < 0.15:
                    rnd.append(("bye", order.pop(), "H"))
                if len(order) % 2:
                    candidates = [t for t in order if t not in had_bye]
                    if not candidates:
                        continue
                    t = rng.choice(candidates)
                    order.remove(t)
                    rnd.append(("bye", t, "U"))
                pairs = list(zip(order[::2], order[1::2]))
                if all((min(a, b), max(a, b)) not in met for a, b in pairs):
                    break
            else:
                break
            for a, b in pairs:
                met.add((min(a, b), max(a, b)))
            for f in rnd:
                if f[2] == "U":
                    had_bye.add(f[1])
            fixtures.append(rnd + [("match", a, b) for a, b in pairs])
    return teams, boards, round_robin, axf, rosters, fixtures, rng


def line_up(rng, roster, boards):
    """Roster positions on the boards (None: empty), the roster's order kept. A team
    that sits nobody is not made: without TRF-2026's record 330 (forfeited matches) a
    file shows it only as its opponents' byes."""
    seats = sorted(rng.sample(range(roster), boards))
    if rng.random() < 0.05:
        seats[-1] = None
    return seats


def trf(k):
    teams, boards, round_robin, axf, rosters, fixtures, rng = event(k)
    first = []
    number = 1
    for size in rosters:
        first.append(number)
        number += size
    players = number - 1
    rounds = len(fixtures)
    cells = {p: ["0000 - -"] * rounds for p in range(1, players + 1)}
    win, draw = ("2.0", "1.0") if axf else ("1.0", "0.5")
    for r, rnd in enumerate(fixtures):
        for f in rnd:
            if f[0] == "bye":
                _, t, kind = f
                for b in range(min(boards, rosters[t - 1])):
                    cells[first[t - 1] + b][r] = f"0000 - {kind}"
                continue
            _, a, z = f
            ua, uz = line_up(rng, rosters[a - 1], boards), line_up(rng, rosters[z - 1], boards)
            for b in range(boards):
                pa = None if ua[b] is None else first[a - 1] + ua[b]
                pz = None if uz[b] is None else first[z - 1] + uz[b]
                if pa is None and pz is None:
                    continue
                if pa is None or pz is None:
                    cells[pa or pz][r] = "0000 - +"
                    continue
                white, black = (pa, pz) if b % 2 == 0 else (pz, pa)
                x = rng.random()
                if x < 0.03:
                    res = ("+", "-")
                elif x < 0.4:
                    res = ("1", "0")
                elif x < 0.7:
                    res = ("=", "=")
                else:
                    res = ("0", "1")
                cells[white][r] = f"{black:4} w {res[0]}"
                cells[black][r] = f"{white:4} b {res[1]}"
    lines = [f"012 Team event {k}", "042 2026-06-01", f"142 {rounds}",
             f"162  W {win}    D {draw}    L 0.0    A 0.0    P {win}"]
    team = 0
    for p in range(1, players + 1):
        while team + 1 < teams and p >= first[team + 1]:
            team += 1
        name = f"T{team + 1}.{p - first[team] + 1}"
        row = f"001 {p:4}      {name:<33} {2000 - 10 * (p - first[team]):4}"
        row = row.ljust(89)
        row += "".join(f"  {c}" for c in cells[p])
        lines.append(row)
    for t in range(teams):
        record = f"013 {'T' + str(t + 1):<32}"
        for i in range(rosters[t]):
            record += ("" if i == 0 else " ") + f"{first[t] + i:4}"
        lines.append(record)
    lines.append("362  W 2.0    D 1.0    L 0.0    P 2.0")
    lines.append("352 " + "".join("W" if b % 2 == 0 else "B" for b in range(boards)))
    return "\n".join(lines) + "\n", round_robin


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("shatar")
    parser.add_argument("--count", type=int, default=100)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--keep", help="keep the files here")
    args = parser.parse_args()
    differences = values = 0
    start = time.time()
    with tempfile.TemporaryDirectory() as scratch:
        directory = args.keep or scratch
        os.makedirs(directory, exist_ok=True)
        for k in range(args.first, args.first + args.count):
            text, round_robin = trf(k)
            path = os.path.join(directory, f"team{k:04d}.trf")
            with open(path, "w") as f:
                f.write(text)
            theirs = _compare.gacrux_tiebreaks(path, TIE_BREAKS, swiss=not round_robin)
            flag = "--round-robin" if round_robin else "--swiss"
            ours = subprocess.run([args.shatar, "standings", path, flag, "-t", ",".join(TIE_BREAKS)],
                                  capture_output=True, text=True)
            if ours.returncode != 0:
                print(f"team{k:04d}: shatar: {ours.stderr.strip()}")
                differences += 1
                continue
            ours = ours.stdout.splitlines()
            if len(ours) != len(theirs):
                print(f"team{k:04d}: {len(ours)} lines, Gacrux {len(theirs)}")
                differences += 1
                continue
            for our_line, their_line in zip(ours[1:], theirs[1:]):
                our, their = our_line.split(","), their_line.split(",")
                for column, (a, b) in enumerate(zip([our[0], our[1]] + our[3:], their)):
                    values += 1
                    if number(a) != number(b):
                        name = (["StartNo", "Rank"] + TIE_BREAKS)[column]
                        print(f"team{k:04d} team {our[0]} {name}: ours {a}, Gacrux {b}")
                        differences += 1
    print(f"team tie-breaks: {args.count} team events, {values} values compared, "
          f"{differences} different ({time.time() - start:.1f} s)")
    sys.exit(0 if differences == 0 else 1)


if __name__ == "__main__":
    main()
