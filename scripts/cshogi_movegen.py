#!/usr/bin/env python3
"""Differential test of shinpan's move generator against cshogi (the oracle).

Generates positions with cshogi — random games from the start and from every handicap, biased
toward captures, drops and checks, plus constructed king-side skirmishes with a pawn in hand
(where pawn-drop mate hides) — and compares, for every position, with `shinpan moves --json`:
the set of legal moves (cshogi's `board.legal_moves`), the check and mate flags, and the SFEN
round trip (shinpan's canonical SFEN must equal cshogi's).

usage: cshogi_movegen.py SHINPAN_BINARY [--positions N] [--seed S]
Exit status 0 when everything agrees, 1 otherwise (mismatches are printed).
"""
import argparse
import json
import random
import subprocess
import sys

import cshogi

HANDICAPS = [
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
]


def move_weight(board, m):
    """Bias toward the moves that stress a generator: captures, drops, checks, promotions."""
    w = 1.0
    if cshogi.move_is_drop(m):
        w += 2.0
    elif board.piece(cshogi.move_to(m)) != 0:
        w += 4.0
    if cshogi.move_is_promotion(m):
        w += 1.0
    return w


def random_games(rng, starts, target, max_plies=220):
    out = []
    while len(out) < target:
        board = cshogi.Board(rng.choice(starts))
        for _ in range(max_plies):
            out.append(board.sfen())
            moves = list(board.legal_moves)
            if not moves or len(out) >= target:
                break
            # Checks: test a sample of candidates by playing them.
            weights = [move_weight(board, m) for m in moves]
            for i in rng.sample(range(len(moves)), min(8, len(moves))):
                board.push(moves[i])
                if board.is_check():
                    weights[i] += 4.0
                board.pop()
            board.push(rng.choices(moves, weights)[0])
    return out


PIECES = "PLNSGBR"
TOTAL = {"P": 18, "L": 4, "N": 4, "S": 4, "G": 4, "B": 2, "R": 2}


def skirmish(rng):
    """A random position around the white king with sente to move and a pawn in hand."""
    board = [[None] * 9 for _ in range(9)]  # board[rank][file-1], rank 0 = a
    counts = {k: 0 for k in PIECES}
    kf, kr = rng.randrange(9), rng.randrange(0, 4)
    board[kr][kf] = "k"
    bf, br = rng.randrange(9), rng.randrange(6, 9)
    if abs(bf - kf) <= 1 and abs(br - kr) <= 1:
        return None
    board[br][bf] = "K"
    for _ in range(rng.randrange(3, 10)):
        f = min(8, max(0, kf + rng.randrange(-3, 4)))
        r = min(8, max(0, kr + rng.randrange(-1, 5)))
        if board[r][f] is not None:
            continue
        kind = rng.choice("PPPLNSGGBRSN")
        black = rng.random() < 0.55
        promoted = kind not in "GK" and rng.random() < 0.2
        # dead pieces are not allowed on the board
        last = 0 if black else 8
        if not promoted and kind in "PL" and r == last:
            continue
        if not promoted and kind == "N" and (r in (0, 1) if black else r in (7, 8)):
            continue
        if counts[kind] >= TOTAL[kind]:
            continue
        counts[kind] += 1
        sym = kind if black else kind.lower()
        board[r][f] = ("+" if promoted else "") + sym
    # nifu: at most one unpromoted pawn per side per file
    for col in range(9):
        for side in "Pp":
            if sum(1 for r in range(9) if board[r][col] == side) > 1:
                return None
    hand = "P"
    counts["P"] += 1
    if counts["P"] > 18:
        return None
    extra = rng.choice(["", "G", "S", "N", "L", "R", "B", "2P", "g", "p"])
    for ch in extra:
        if ch.isdigit():
            continue
        if counts[ch.upper()] >= TOTAL[ch.upper()]:
            extra = ""
    rows = []
    for r in range(9):
        s, empty = "", 0
        for fidx in range(8, -1, -1):  # file 9 .. 1
            p = board[r][fidx]
            if p is None:
                empty += 1
            else:
                if empty:
                    s += str(empty)
                    empty = 0
                s += p
        if empty:
            s += str(empty)
        rows.append(s)
    hand_text = "P" if extra in ("", "g", "p") else ("3P" if extra == "2P" else extra + "P")
    if extra in ("g", "p"):
        hand_text += extra
    sfen = "/".join(rows) + " b " + hand_text + " 1"
    b = cshogi.Board()
    try:
        b.set_sfen(sfen)
    except Exception:
        return None
    # the side not to move (white) must not be in check
    flipped = sfen.replace(" b ", " w ")
    b2 = cshogi.Board()
    b2.set_sfen(flipped)
    if b2.is_check():
        return None
    return b.sfen()


def skirmishes(rng, target):
    out = []
    while len(out) < target:
        s = skirmish(rng)
        if s is None:
            continue
        out.append(s)
        # and a few plies on from it
        board = cshogi.Board(s)
        for _ in range(rng.randrange(0, 6)):
            moves = list(board.legal_moves)
            if not moves:
                break
            drops = [m for m in moves if cshogi.move_is_drop(m)]
            board.push(rng.choice(drops if drops and rng.random() < 0.5 else moves))
            out.append(board.sfen())
    return out[:target]


def uchifuzume_refused(board, legal):
    """Whether a pawn drop in front of the enemy king was refused for being mate: the drop is
    otherwise possible (pawn in hand, empty square, no nifu, not in check) but not legal."""
    if board.is_check():
        return False
    us = board.turn
    if board.pieces_in_hand[us][cshogi.HPAWN] == 0:
        return False
    ksq = board.king_square(1 - us)
    file, rank = ksq // 9, ksq % 9
    rank += 1 if us == cshogi.BLACK else -1
    if not 0 <= rank < 9:
        return False
    sq = file * 9 + rank
    if board.piece(sq) != 0:
        return False
    own_pawn = cshogi.BPAWN if us == cshogi.BLACK else cshogi.WPAWN
    if any(board.piece(file * 9 + r) == own_pawn for r in range(9)):
        return False
    usi = f"P*{file + 1}{chr(ord('a') + rank)}"
    return usi not in legal


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shinpan")
    ap.add_argument("--positions", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=20261123)
    args = ap.parse_args()
    rng = random.Random(args.seed)

    n_games = int(args.positions * 0.55)
    n_hcp = int(args.positions * 0.2)
    sfens = random_games(rng, [cshogi.STARTING_SFEN], n_games)
    sfens += random_games(rng, HANDICAPS, n_hcp)
    sfens += skirmishes(rng, args.positions - len(sfens))

    proc = subprocess.run(
        [args.shinpan, "moves", "--json"],
        input="\n".join(sfens) + "\n",
        capture_output=True,
        text=True,
    )
    lines = proc.stdout.splitlines()
    if proc.returncode != 0 or len(lines) != len(sfens):
        print(f"shinpan moves failed (exit {proc.returncode}, {len(lines)} lines for {len(sfens)} SFENs)")
        print(proc.stderr[:2000])
        return 1

    mismatches = 0
    stats = {"positions": 0, "moves": 0, "checks": 0, "mates": 0, "pawn_drop_mate_refused": 0}
    for sfen, line in zip(sfens, lines):
        got = json.loads(line)
        board = cshogi.Board(sfen)
        want = sorted(cshogi.move_to_usi(m) for m in board.legal_moves)
        problems = []
        if got["moves"] != want:
            extra = sorted(set(got["moves"]) - set(want))
            missing = sorted(set(want) - set(got["moves"]))
            problems.append(f"moves differ: shinpan extra {extra}, missing {missing}")
        if got["check"] != board.is_check():
            problems.append(f"check flag: shinpan {got['check']}, cshogi {board.is_check()}")
        # cshogi's is_game_over(): no legal move; checkmate is that while in check.
        no_moves = board.is_game_over()
        if got["no_moves"] != no_moves:
            problems.append(f"no-moves flag: shinpan {got['no_moves']}, cshogi {no_moves}")
        if got["mate"] != (no_moves and board.is_check()):
            problems.append(f"mate flag: shinpan {got['mate']}, cshogi {no_moves and board.is_check()}")
        if got["sfen"] != board.sfen():
            problems.append(f"sfen round trip: shinpan {got['sfen']}, cshogi {board.sfen()}")
        stats["positions"] += 1
        stats["moves"] += len(want)
        stats["checks"] += board.is_check()
        stats["mates"] += no_moves and board.is_check()
        stats["pawn_drop_mate_refused"] += uchifuzume_refused(board, want)
        if problems:
            mismatches += 1
            if mismatches <= 10:
                print(f"MISMATCH {sfen}")
                for p in problems:
                    print("   ", p)
    print(
        f"cshogi differential: {stats['positions']} positions, {stats['moves']} legal moves, "
        f"{stats['checks']} in check, {stats['mates']} mates, {stats['pawn_drop_mate_refused']} pawn-drop "
        f"mates refused; {mismatches} mismatching positions"
    )
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
