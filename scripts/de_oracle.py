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
from tiebreak_core.models import GameRecord, PlayerTiebreakData, PLAYED

SCORE = {"1": 1.0, "=": 0.5, "0": 0.0}


def read(path):
    players = {}
    rounds = 0
    for line in path.read_text().splitlines():
        if not line.startswith("001"):
            continue
        pid = int(line[4:8])
        games, points, k = [], 0.0, 0
        while 91 + 10 * k < len(line):
            entry = line[91 + 10 * k: 100 + 10 * k]
            opp, colour, res = entry[0:4].strip(), entry[5:6], entry[7:8]
            if res not in SCORE or opp in ("", "0000"):
                sys.exit(f"{path}: only played games are expected, got {entry!r}")
            points += SCORE[res]
            games.append(GameRecord(opponent_id=int(opp), opponent_rating=0, score=SCORE[res],
                                    color="white" if colour == "w" else "black",
                                    round_number=k + 1, kind=PLAYED))
            k += 1
        rounds = max(rounds, k)
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
