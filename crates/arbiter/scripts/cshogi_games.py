#!/usr/bin/env python3
"""Differential test of `shinpan check` against cshogi (PyPI) as the oracle.

Three kinds of games, written as USI `position ... moves ... END` lines (the stand-in record
format until the CSA/KIF readers are merged) and adjudicated by shinpan in one run:
  * random games played by cshogi until checkmate (cshogi: no legal move while in check), or
    resigned at a random ply (%TORYO): shinpan must give the same winner, reason and ply;
    games that hit a fourfold repetition are judged against cshogi's repetition verdict
    (draw, or a loss for the side that gave perpetual check);
  * perpetual checks: a random opening of random length, then a four-ply loop found by search —
    a checking move, a reply, the checking piece back with check, the reply undone — repeated
    until cshogi's `is_draw()` reports the fourfold repetition (REPETITION_WIN/LOSE): shinpan
    must find perpetual check, the checker losing, at the same ply. The opening length is drawn
    at random, so the loop starts at many different plies, with either colour checking;
  * random 27-point declaration positions (%KACHI): shinpan's verdict must follow cshogi's
    `is_nyugyoku()` (the CSA declaration rule, fesa-2017 5.3 / ufs-2016 5.8.7).
Exit status 1 on any disagreement, with the first ones printed.
"""
import argparse
import json
import random
import subprocess
import sys
import tempfile
import time

import cshogi
import cshogi.CSA

RESULT = {cshogi.BLACK: "black_win", cshogi.WHITE: "white_win"}


def key(board):
    return " ".join(board.sfen().split()[:3])


def random_game(rng, max_plies=600):
    """A cshogi game from the start position; returns (line, expected) or None."""
    b = cshogi.Board()
    moves = []
    seen = {key(b): 1}
    resign_at = rng.randrange(1, 200) if rng.random() < 0.25 else None
    while len(moves) < max_plies:
        if b.is_game_over():
            if not b.is_check():
                return None  # no legal move without check: not a mate, skip
            exp = {"result": RESULT[1 - b.turn], "reason": "checkmate", "ply": len(moves)}
            return ("position startpos moves " + " ".join(moves) + " %TSUMI", exp)
        if resign_at is not None and len(moves) == resign_at:
            exp = {"result": RESULT[1 - b.turn], "reason": "resignation", "ply": len(moves)}
            return ("position startpos moves " + " ".join(moves) + " %TORYO", exp)
        # cshogi's one-ply mate search assumes the mover is not in check.
        m = 0 if b.is_check() else b.mate_move_in_1ply()
        if not m or rng.random() < 0.3:
            legal = list(b.legal_moves)
            # Prefer checks and captures a little, so games end in mate more often.
            forcing = [x for x in legal if b.is_check() or cshogi.move_is_drop(x) is False and b.piece(cshogi.move_to(x))]
            m = rng.choice(forcing if forcing and rng.random() < 0.5 else legal)
        moves.append(cshogi.move_to_usi(m))
        b.push(m)
        k = key(b)
        seen[k] = seen.get(k, 0) + 1
        if seen[k] == 4:
            rep = b.is_draw()
            if rep == cshogi.REPETITION_DRAW:
                exp = {"result": "draw", "reason": "sennichite", "ply": len(moves)}
            elif rep == cshogi.REPETITION_WIN:  # the side to move wins: the opponent checked perpetually
                exp = {"result": RESULT[b.turn], "reason": "perpetual_check", "ply": len(moves)}
            elif rep == cshogi.REPETITION_LOSE:
                exp = {"result": RESULT[1 - b.turn], "reason": "perpetual_check", "ply": len(moves)}
            else:
                return None
            return ("position startpos moves " + " ".join(moves), exp)
    return None


def shuffle_game(rng):
    """A short random opening, then both sides shuttle one piece until a fourfold repetition."""
    b = cshogi.Board()
    moves = []
    for _ in range(rng.randrange(0, 30)):
        if b.is_game_over():
            return None
        m = rng.choice(list(b.legal_moves))
        moves.append(cshogi.move_to_usi(m))
        b.push(m)
    cycle = []
    for _ in range(2):
        # A board move without capture or promotion whose reverse will be legal again.
        cands = [m for m in b.legal_moves
                 if not cshogi.move_is_drop(m) and not cshogi.move_is_promotion(m) and not b.piece(cshogi.move_to(m))]
        if not cands:
            return None
        m = rng.choice(cands)
        cycle.append(m)
        moves.append(cshogi.move_to_usi(m))
        b.push(m)
    seen = {}
    for step in range(14):
        u = moves[-2]
        rev = u[2:4] + u[0:2]
        legal = {cshogi.move_to_usi(m): m for m in b.legal_moves}
        if rev not in legal:
            return None
        b.push(legal[rev])
        moves.append(rev)
        k = key(b)
        seen[k] = seen.get(k, 0) + 1
    return None if not moves else ("position startpos moves " + " ".join(moves), None)


def reverse(usi):
    """The board move back from where `usi` went (None for drops and promotions)."""
    if "*" in usi or usi.endswith("+"):
        return None
    return usi[2:4] + usi[0:2]


def quiet(b, m):
    """A board move without capture, promotion or drop."""
    return not cshogi.move_is_drop(m) and not cshogi.move_is_promotion(m) and not b.piece(cshogi.move_to(m))


def check_loop(b, rng):
    """A four-ply loop from `b`: [check, reply, check back, reply back] returning to `b`'s
    position, every move of the side to move a check. None if there is none."""
    start = key(b)
    checks = [m for m in b.legal_moves if quiet(b, m)]
    rng.shuffle(checks)
    for m1 in checks:
        b.push(m1)
        if not b.is_check():
            b.pop()
            continue
        u1 = cshogi.move_to_usi(m1)
        replies = [e for e in b.legal_moves if quiet(b, e)]
        rng.shuffle(replies)
        for e1 in replies:
            ue1 = cshogi.move_to_usi(e1)
            b.push(e1)
            m2 = {cshogi.move_to_usi(x): x for x in b.legal_moves}.get(reverse(u1))
            if m2 is not None:
                b.push(m2)
                if b.is_check():
                    e2 = {cshogi.move_to_usi(x): x for x in b.legal_moves}.get(reverse(ue1))
                    if e2 is not None:
                        b.push(e2)
                        back = key(b) == start
                        b.pop()
                        if back:
                            b.pop(); b.pop(); b.pop()
                            return [u1, ue1, reverse(u1), reverse(ue1)]
                b.pop()
            b.pop()
        b.pop()
    return None


def perpetual_game(rng, max_opening=120):
    """Random moves until a perpetual-check loop exists, then the loop until the fourfold
    repetition; returns (line, expected, checker colour, ply the loop started) or None."""
    b = cshogi.Board()
    moves = []
    target = rng.randrange(0, max_opening)
    while True:
        if b.is_game_over() or len(moves) > max_opening + 60:
            return None
        if len(moves) >= target:
            loop = check_loop(b, rng)
            if loop:
                break
        m = rng.choice(list(b.legal_moves))
        moves.append(cshogi.move_to_usi(m))
        b.push(m)
    checker = b.turn
    # Positions so far count too: the fourth occurrence may come from an earlier visit.
    seen = {}
    replay = cshogi.Board()
    seen[key(replay)] = 1
    for u in moves:
        replay.push_usi(u)
        seen[key(replay)] = seen.get(key(replay), 0) + 1
    started = len(moves)
    for step in range(40):
        u = loop[step % 4]
        b.push_usi(u)
        moves.append(u)
        k = key(b)
        seen[k] = seen.get(k, 0) + 1
        if seen[k] == 4:
            rep = b.is_draw()
            if rep == cshogi.REPETITION_DRAW:
                exp = {"result": "draw", "reason": "sennichite", "ply": len(moves)}
            elif rep == cshogi.REPETITION_WIN:
                exp = {"result": RESULT[b.turn], "reason": "perpetual_check", "ply": len(moves)}
            elif rep == cshogi.REPETITION_LOSE:
                exp = {"result": RESULT[1 - b.turn], "reason": "perpetual_check", "ply": len(moves)}
            else:
                return None
            return ("position startpos moves " + " ".join(moves), exp, checker, started)
    return None


def declaration_position(rng):
    """A random position built around a 27-point declaration; returns (line, expected) or None."""
    me = rng.choice([cshogi.BLACK, cshogi.WHITE])
    board = [[None] * 9 for _ in range(9)]  # board[rank][file_index], rank 0 = a, file index 0 = 9
    hands = {cshogi.BLACK: {}, cshogi.WHITE: {}}
    zone = range(0, 3) if me == cshogi.BLACK else range(6, 9)
    home = range(6, 9) if me == cshogi.BLACK else range(0, 3)

    def empty(ranks):
        cells = [(r, f) for r in ranks for f in range(9) if board[r][f] is None]
        return rng.choice(cells) if cells else None

    board_k = empty(zone if rng.random() < 0.9 else range(3, 6))
    board[board_k[0]][board_k[1]] = (me, "k")
    ok = empty(home)
    if abs(ok[0] - board_k[0]) <= 1 and abs(ok[1] - board_k[1]) <= 1:
        return None  # kings side by side: one could take the other
    board[ok[0]][ok[1]] = (1 - me, "k")
    pawn_files = {cshogi.BLACK: set(), cshogi.WHITE: set()}
    pieces = ["r"] * 2 + ["b"] * 2 + ["g"] * 4 + ["s"] * 4 + ["n"] * 4 + ["l"] * 4 + ["p"] * 18
    p_zone = rng.uniform(0.2, 0.6)
    p_hand = rng.uniform(0.0, 0.4)
    for p in pieces:
        x = rng.random()
        owner = me if rng.random() < 0.75 else 1 - me
        if owner == me and x < p_zone:
            where = zone
        elif x < p_zone + p_hand:
            hands[owner][p] = hands[owner].get(p, 0) + 1
            continue
        else:
            where = range(3, 6) if rng.random() < 0.5 else home
        cell = empty(where)
        if cell is None:
            hands[owner][p] = hands[owner].get(p, 0) + 1
            continue
        r, f = cell
        forward_rank = r if owner == cshogi.BLACK else 8 - r  # 0 = the owner's last rank
        promote = p in "snlpbr" and rng.random() < 0.3
        if p in "pl" and forward_rank == 0 or p == "n" and forward_rank <= 1:
            promote = True  # a dead piece cannot stand unpromoted
        if p == "p" and not promote:
            if f in pawn_files[owner]:
                promote = True
            else:
                pawn_files[owner].add(f)
        board[r][f] = (owner, ("+" if promote else "") + p)
    rows = []
    for r in range(9):
        row, run = "", 0
        for f in range(9):
            c = board[r][f]
            if c is None:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            owner, p = c
            row += p.upper() if owner == cshogi.BLACK else p
        rows.append(row + (str(run) if run else ""))
    hand = ""
    for owner in (cshogi.BLACK, cshogi.WHITE):
        for p in "rbgsnlp":
            n = hands[owner].get(p, 0)
            if n:
                hand += (str(n) if n > 1 else "") + (p.upper() if owner == cshogi.BLACK else p)
    turn = "b" if me == cshogi.BLACK else "w"
    sfen = "/".join(rows) + f" {turn} {hand or '-'} 1"
    # The side not to move must not be in check (the position must be reachable); cshogi sees
    # checks by every piece but the king, and adjacent kings are excluded above.
    other = cshogi.Board(sfen.replace(f" {turn} ", " " + ("w" if turn == "b" else "b") + " "))
    if other.is_check():
        return None
    b = cshogi.Board(sfen)
    winner = me if b.is_nyugyoku() else 1 - me
    return (f"position sfen {sfen} moves %KACHI", {"result": RESULT[winner], "reason": "declaration", "ply": 0})


def write_csa(path, line, separator):
    """Appends the game of a USI `position … moves … [%END]` line to a CSA file (games are
    separated by a `/` line, CSA 2.2)."""
    tokens = line.split()
    if tokens[1] == "startpos":
        board, rest = cshogi.Board(), tokens[2:]
    else:
        board, rest = cshogi.Board(" ".join(tokens[2:6])), tokens[6:]
    moves = rest[1:] if rest and rest[0] == "moves" else []
    end = moves.pop() if moves and moves[-1].startswith("%") else None
    if separator:
        with open(path, "a", newline="\n") as f:
            f.write("/\n")
    e = cshogi.CSA.Exporter(path, append=True)
    e.info(init_board=board)
    for u in moves:
        m = board.move_from_usi(u)
        e.move(m)
        board.push(m)
    if end:
        e.endgame(end)
    e.close()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("shinpan")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--declarations", type=int, default=3000)
    ap.add_argument("--shuffles", type=int, default=300)
    ap.add_argument("--perpetual", type=int, default=300)
    ap.add_argument("--seed", type=int, default=20261123)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    cases = []
    while len([c for c in cases if c[2] == "game"]) < args.games:
        g = random_game(rng)
        if g:
            cases.append((g[0], g[1], "game"))
    n = 0
    while n < args.declarations:
        d = declaration_position(rng)
        if d:
            cases.append((d[0], d[1], "declaration"))
            n += 1
    n = 0
    while n < args.shuffles:
        s = shuffle_game(rng)
        if s:
            # The oracle for a shuttle: replay in cshogi and find the fourth occurrence.
            line = s[0]
            b = cshogi.Board()
            seen = {key(b): 1}
            exp = None
            for i, u in enumerate(line.split()[3:], start=1):
                b.push_usi(u)
                k = key(b)
                seen[k] = seen.get(k, 0) + 1
                if seen[k] == 4:
                    rep = b.is_draw()
                    if rep == cshogi.REPETITION_DRAW:
                        exp = {"result": "draw", "reason": "sennichite", "ply": i}
                    elif rep == cshogi.REPETITION_WIN:
                        exp = {"result": RESULT[b.turn], "reason": "perpetual_check", "ply": i}
                    elif rep == cshogi.REPETITION_LOSE:
                        exp = {"result": RESULT[1 - b.turn], "reason": "perpetual_check", "ply": i}
                    break
            if exp:
                # The game ends at the fourth occurrence: the record stops there.
                line = " ".join(line.split()[: 3 + exp["ply"]])
                cases.append((line, exp, "repetition"))
                n += 1
    n = 0
    loops = {"checker": {}, "start": {}}
    while n < args.perpetual:
        p = perpetual_game(rng)
        if p:
            line, exp, checker, started = p
            cases.append((line, exp, "perpetual"))
            who = "black checks" if checker == cshogi.BLACK else "white checks"
            loops["checker"][who] = loops["checker"].get(who, 0) + 1
            bucket = f"loop from ply {started // 20 * 20}-{started // 20 * 20 + 19}"
            loops["start"][bucket] = loops["start"].get(bucket, 0) + 1
            n += 1
    # The games go to shinpan as one multi-game CSA file written by cshogi's own exporter, so
    # the record reader is exercised on the oracle's output as well.
    with tempfile.NamedTemporaryFile("w", suffix=".csa", delete=False) as f:
        path = f.name
    for i, (line, _, _) in enumerate(cases):
        write_csa(path, line, separator=i > 0)
    t0 = time.perf_counter()
    out = subprocess.run([args.shinpan, "check", "--json", path], capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if out.returncode != 0:
        print(out.stderr, file=sys.stderr)
        sys.exit(1)
    verdicts = [json.loads(l) for l in out.stdout.splitlines()]
    assert len(verdicts) == len(cases), (len(verdicts), len(cases))
    bad = []
    tally = {}
    for (line, exp, kind), v in zip(cases, verdicts):
        got = {k: v[k] for k in ("result", "reason", "ply")}
        side = "declarer wins" if kind == "declaration" and exp["result"][0] == line.split()[3][0] else exp["reason"]
        if kind == "declaration" and side != "declarer wins":
            side = "declarer loses"
        tally[(kind, side)] = tally.get((kind, side), 0) + 1
        # Failed declaration conditions are findings, not disagreements.
        extra = [x for x in v["violations"] if x["reason"] != "declaration_condition"]
        if got != exp or extra:
            bad.append((line, exp, v))
    for (kind, reason), n in sorted(tally.items()):
        print(f"{kind:12} {reason:16} {n}")
    if args.perpetual:
        print("perpetual    " + ", ".join(f"{k} {v}" for k, v in sorted(loops["checker"].items())))
        print("perpetual    " + ", ".join(f"{k}: {v}" for k, v in sorted(loops["start"].items(), key=lambda kv: int(kv[0].split()[3].split("-")[0]))))
    if bad:
        print(f"{len(bad)} of {len(cases)} disagree with cshogi; first ones:")
        for line, exp, v in bad[:10]:
            print(" ", line[:200], "\n    expected", exp, "\n    got     ", json.dumps(v, ensure_ascii=False))
        sys.exit(1)
    plies = sum(v["ply"] for v in verdicts)
    print(f"all {len(cases)} verdicts agree with cshogi; shinpan check took {seconds:.2f} s "
          f"({len(cases) / seconds:.0f} records/s, {plies / seconds:.0f} plies/s)")


if __name__ == "__main__":
    main()
