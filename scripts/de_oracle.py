#!/usr/bin/env python3
"""Direct-encounter oracle for shinpan's tie-break tests (FIDE C.07 art. 6).

Reads the TRF files of a directory (round entries of the 001 lines), groups players by points
and splits every group with tiebreak-core's fide-2024 direct encounter (PyPI tiebreak-core
1.2.0, `fide2024._de_tiers`). Prints one line per file: `NAME: tier | tier | ...`, each tier
the pairing numbers still tied, best first.

With --values, prints instead one line per player, `NAME PID BH BH-C1 MBH SB PS WIN`, the
fide-2024 values of those tie-breaks (`fide2024.calculate_all`).

Usage: python3 scripts/de_oracle.py DIR > DIR/oracle.txt
       python3 scripts/de_oracle.py --values DIR > DIR/values.txt
"""
import pathlib
import sys

from tiebreak_core import fide2024
from tiebreak_core.models import (FORFEIT_LOSS, FORFEIT_WIN, PAIRING_BYE, PLAYED, REQUESTED_BYE,
                                  GameRecord, PlayerTiebreakData)

SCORE = {"1": 1.0, "=": 0.5, "0": 0.0}


def game(k, opp, colour, res):
    """One round entry as a tiebreak-core game record (C.07 art. 16 kinds)."""
    colour = "white" if colour == "w" else "black"
    if opp not in ("", "0000") and res in SCORE:
        return GameRecord(int(opp), 0, SCORE[res], colour, k, kind=PLAYED)
    if opp not in ("", "0000") and res in "+-":
        kind = FORFEIT_WIN if res == "+" else FORFEIT_LOSS
        return GameRecord(int(opp), 0, 1.0 if res == "+" else 0.0, colour, k, kind=kind)
    if res == "U":
        return GameRecord(-1, 0, 1.0, colour, k, kind=PAIRING_BYE)
    # F, H, Z and a blank (absent, withdrawn: a zero-point bye, art. 16.1.1).
    return GameRecord(-1, 0, {"F": 1.0, "H": 0.5}.get(res, 0.0), colour, k, kind=REQUESTED_BYE)


def read(path):
    lines = [l for l in path.read_text().splitlines() if l.startswith("001")]
    rounds = max((len(l) - 91 + 9) // 10 for l in lines)
    players = {}
    for line in lines:
        pid = int(line[4:8])
        games = []
        for k in range(rounds):
            entry = line[91 + 10 * k: 100 + 10 * k].ljust(9)
            games.append(game(k + 1, entry[0:4].strip(), entry[5:6], entry[7:8].strip()))
        points = sum(g.score for g in games)
        players[pid] = PlayerTiebreakData(player_id=pid, rating=0, points=points, games=games)
    return players


CRITERIA = ["buchholz", "buchholz_cut1", "median_buchholz", "sonneborn_berger", "progressive", "wins"]


def main():
    values = sys.argv[1] == "--values"
    for path in sorted(pathlib.Path(sys.argv[-1]).glob("*.trf")):
        players = read(path)
        if values:
            rounds = max(len(p.games) for p in players.values())
            for pid in sorted(players):
                v = fide2024.calculate_all(players[pid], players, CRITERIA, rounds)
                print(path.stem, pid, " ".join(f"{v[c]:g}" for c in CRITERIA))
            continue
        by_points = {}
        for pid, p in players.items():
            by_points.setdefault(p.points, []).append(pid)
        tiers = []
        for points in sorted(by_points, reverse=True):
            for tier in fide2024._de_tiers(sorted(by_points[points]), players):
                tiers.append(" ".join(str(x) for x in sorted(tier)))
        print(f"{path.stem}: " + " | ".join(tiers))


if __name__ == "__main__":
    main()
