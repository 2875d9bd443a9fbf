#!/usr/bin/env python3
"""Differential test of shinpan's KIF and CSA readers and writers against cshogi (the oracle).

cshogi plays random games (from the even start and from handicap positions, biased toward
captures, drops, promotions and checks) that end in mate or resignation, and writes them with
its own exporters (KIF in Shift_JIS, CSA with times). Then:
  1. shinpan reads each file back (`shinpan convert FILE --to usi`) to the same start and moves,
     and (`--to csa`) to the same end word;
  2. shinpan writes KIF and CSA (`shinpan convert FILE --to kif|csa`), and cshogi's own parsers
     (`cshogi.KIF.Parser.parse_file`, `cshogi.CSA.Parser.parse_file`) read them to the same start
     and moves.
Even games are also written by cshogi's KI2 exporter and read by shinpan, and every game is
written as KI2 by shinpan and read by cshogi's KI2 parser, move by move. Two cshogi KI2 defects
are counted apart and reported, never hidden: its parser counts a possible drop among the pieces
that relative words choose from (such moves are checked by rule), and its exporter sometimes
leaves a move ambiguous (`△８九と右` with tokins on 9h and 9i) — then cshogi cannot read its
own file either, and shinpan must report the ambiguity.
cshogi's KIF and KI2 exporters have no 詰み end, so mated games are written there without an
end and must read back without one. Exit status 1 on any difference.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF

HANDICAPS = {
    "香落ち": "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "角落ち": "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛車落ち": "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "飛香落ち": "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "二枚落ち": "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "四枚落ち": "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "六枚落ち": "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
}


def pick_move(board, rng):
    moves = list(board.legal_moves)
    if not moves:
        return None
    # Mate in one when there is one, so that games end in mate often.
    checks = []
    for m in moves:
        board.push(m)
        mated = board.is_game_over()
        if board.is_check():
            checks.append(m)
        board.pop()
        if mated and rng.random() < 0.9:
            return m
    special = checks + [m for m in moves if cshogi.move_is_drop(m) or cshogi.move_is_promotion(m) or cshogi.move_cap(m)]
    if special and rng.random() < 0.5:
        return rng.choice(special)
    return rng.choice(moves)


def play_game(rng):
    sfen = cshogi.STARTING_SFEN if rng.random() < 0.6 else rng.choice(list(HANDICAPS.values()))
    board = cshogi.Board(sfen)
    moves, times = [], []
    limit = rng.randint(1, 250)
    while len(moves) < limit:
        if board.is_draw() == cshogi.REPETITION_DRAW:
            break
        m = pick_move(board, rng)
        if m is None:
            break
        moves.append(m)
        times.append(rng.randint(0, 90))
        board.push(m)
    mated = board.is_game_over()
    return sfen, moves, times, mated


def shinpan(binary, *args):
    r = subprocess.run([binary, *args], capture_output=True)
    if r.returncode != 0:
        raise RuntimeError(f"shinpan {' '.join(args)}: exit {r.returncode}: {r.stderr.decode(errors='replace')}")
    return r.stdout.decode()


def without_result(usi):
    """shinpan's USI line without the result words it writes after the moves (`resign`,
    `rep_draw`, …): cshogi writes moves only. The end itself is compared through `--to csa`."""
    tokens = usi.split()
    while tokens and tokens[-1] != "startpos" and not any(c.isdigit() for c in tokens[-1]):
        tokens.pop()
    return " ".join(tokens)


def usi_of(sfen, moves):
    start = "position startpos" if sfen == cshogi.STARTING_SFEN else f"position sfen {sfen}"
    return start + (" moves " + " ".join(cshogi.move_to_usi(m) for m in moves) if moves else "")


def check_parsed(what, parser, sfen, moves):
    if parser.sfen != sfen:
        return f"{what}: cshogi reads start {parser.sfen!r}, expected {sfen!r}"
    got = [cshogi.move_to_usi(m) for m in parser.moves]
    want = [cshogi.move_to_usi(m) for m in moves]
    if got != want:
        return f"{what}: cshogi reads {len(got)} moves, expected {len(want)}; first difference at {next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))}"
    return None


def write_csa(path, sfen, moves, end, names, var_info=None, times=None):
    """cshogi writes the game (its exporter) — the examples are games cshogi played."""
    ex = cshogi.CSA.Exporter(path)
    ex.info(init_board=cshogi.Board(sfen), names=names, var_info=var_info, version="V2.2")
    for i, m in enumerate(moves):
        ex.move(m, time=times[i] if times else None)
    if end:
        ex.endgame(end, time=times[-1] if times else None)
    ex.close()


def examples(binary, out, rng):
    """Example records for `make run`, all played by cshogi (legal except the one nifu drop)."""
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as d:
        # A short game from the even start ending in mate (Shift_JIS KIF).
        sfen, moves, times, mated = play_game(rng)
        while not (mated and 20 <= len(moves) <= 60 and sfen == cshogi.STARTING_SFEN):
            sfen, moves, times, mated = play_game(rng)
        csa = os.path.join(d, "mate.csa")
        write_csa(csa, sfen, moves, "%TSUMI", ["Sato", "Suzuki"], times=times + [0])
        shinpan(binary, "convert", csa, "--to", "kif", "-o", os.path.join(out, "shogi_mate.kif"))
        # A resigned game with times and $TIME_LIMIT (CSA as cshogi writes it).
        sfen, moves, times, mated = play_game(rng)
        while mated or len(moves) < 40 or sfen != cshogi.STARTING_SFEN:
            sfen, moves, times, mated = play_game(rng)
        write_csa(os.path.join(out, "shogi_resign.csa"), sfen, moves, "%TORYO", ["Tanaka", "Watanabe"],
                  {"EVENT": "shinpan example", "TIME_LIMIT": "01:30+60"}, times + [12])
        # A lance-handicap game (KIF with 手合割).
        lance = HANDICAPS["香落ち"]
        sfen, moves, times, mated = play_game(rng)
        while sfen != lance or len(moves) < 30:
            sfen, moves, times, mated = play_game(rng)
        csa = os.path.join(d, "handicap.csa")
        write_csa(csa, sfen, moves, "%TSUMI" if mated else "%TORYO", ["Shitate", "Uwate"], times=times + [7])
        shinpan(binary, "convert", csa, "--to", "kif", "-o", os.path.join(out, "shogi_handicap.kif"))
        # Sennichite: an opening, then both rooks shuttle until the fourth occurrence.
        board = cshogi.Board()
        moves = []
        cycle = ["2h3h", "8b7b", "3h2h", "7b8b"]
        for u in ["7g7f", "3c3d", "2g2f", "8c8d"] + cycle * 3:
            m = board.move_from_usi(u)
            assert m in board.legal_moves
            board.push(m)
            moves.append(m)
        assert board.is_draw() == cshogi.REPETITION_DRAW
        csa = os.path.join(d, "sennichite.csa")
        write_csa(csa, cshogi.STARTING_SFEN, moves, "%SENNICHITE", ["Ito", "Kato"], times=[3] * len(moves) + [0])
        shinpan(binary, "convert", csa, "--to", "kif", "-o", os.path.join(out, "shogi_sennichite.kif"))
        # A scoresheet with nifu: cshogi plays until sente has a pawn in hand and a file with its
        # own pawn is open for a drop; sente drops there (illegal, fesa-2017 3.11a), the game goes
        # on a few moves and gote resigns.
        while True:
            board = cshogi.Board()
            moves = []
            for _ in range(rng.randint(30, 80)):
                legal = list(board.legal_moves)
                if not legal:
                    break
                m = pick_move(board, rng)
                board.push(m)
                moves.append(m)
            if board.is_game_over() or board.turn != cshogi.BLACK or not board.pieces_in_hand[cshogi.BLACK][cshogi.HPAWN]:
                continue
            nifu = None
            for f in range(9):
                if not any(board.piece(f * 9 + r) == cshogi.BPAWN for r in range(9)):
                    continue
                # A drop on an empty square of a file holding sente's pawn: nifu.
                empty = [r for r in range(1, 9) if board.piece(f * 9 + r) == 0]
                if empty:
                    nifu = board.drop_move(f * 9 + rng.choice(empty), cshogi.PAWN)
                    break
            if nifu is None:
                continue
            board.push(nifu)
            moves.append(nifu)
            ok = True
            for _ in range(3):
                legal = list(board.legal_moves)
                if not legal:
                    ok = False
                    break
                m = rng.choice(legal)
                board.push(m)
                moves.append(m)
            if ok and not board.is_game_over():
                break
        csa = os.path.join(d, "nifu.csa")
        write_csa(csa, cshogi.STARTING_SFEN, moves, "%TORYO", ["Kimura", "Yamada"])
        shinpan(binary, "convert", csa, "--to", "kif", "-o", os.path.join(out, "shogi_illegal_nifu.kif"))
    for f in sorted(os.listdir(out)):
        if f.startswith("shogi_"):
            print("example", f, shinpan(binary, "convert", os.path.join(out, f), "--to", "usi")[:60], "…")


def cshogi_reads_ki2(path, sfen, moves, stats):
    """cshogi's KI2 parser, move by move. It counts a possible drop among the pieces that
    relative words choose from (`▲５九金引` with a gold in hand picks the drop), so a move with
    relative words whose piece could also be dropped there is checked by rule instead: the words
    must be present (a board move, not 打). Returns an error text or None."""
    with open(path, encoding="cp932") as f:
        lines = [l for l in f.read().splitlines() if l.startswith(("▲", "△"))]
    if len(lines) != len(moves):
        return f"cshogi sees {len(lines)} move lines, expected {len(moves)}"
    board = cshogi.Board(sfen)
    for i, (line, want) in enumerate(zip(lines, moves)):
        try:
            got = cshogi.KI2.Parser.parse_move_str(line, board.copy())
            got = got[0] if got else None
        except (AssertionError, IndexError):
            got = None
        if got != want:
            drop_too = (not cshogi.move_is_drop(want)) and any(
                cshogi.move_is_drop(m) and cshogi.move_to(m) == cshogi.move_to(want)
                and cshogi.hand_piece_to_piece_type(cshogi.move_drop_hand_piece(m)) == cshogi.move_from_piece_type(want)
                for m in board.legal_moves)
            if drop_too and any(w in line for w in "右左直上引寄"):
                stats["ki2_drop_words"] += 1
            else:
                return f"move {i + 1} {line!r}: cshogi reads {cshogi.move_to_usi(got) if got else None}, expected {cshogi.move_to_usi(want)}"
        board.push(want)
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--examples", metavar="DIR", help="write the example records into DIR and stop")
    a = ap.parse_args()
    if a.examples:
        examples(a.binary, a.examples, random.Random(a.seed))
        return
    rng = random.Random(a.seed)
    failures = []
    stats = {"mate": 0, "resign": 0, "handicap": 0, "moves": 0, "drops": 0, "promotions": 0, "ki2": 0, "ki2_drop_words": 0, "cshogi_ki2_ambiguous": 0}
    with tempfile.TemporaryDirectory() as d:
        for g in range(a.games):
            sfen, moves, times, mated = play_game(rng)
            stats["mate" if mated else "resign"] += 1
            stats["handicap"] += sfen != cshogi.STARTING_SFEN
            stats["moves"] += len(moves)
            stats["drops"] += sum(cshogi.move_is_drop(m) for m in moves)
            stats["promotions"] += sum(cshogi.move_is_promotion(m) for m in moves)
            board = cshogi.Board(sfen)
            kif_path, csa_path = os.path.join(d, f"{g}.kif"), os.path.join(d, f"{g}.csa")
            kif = cshogi.KIF.Exporter(kif_path)
            handicap = next((k for k, v in HANDICAPS.items() if v == sfen), None)
            kif.header([f"先手{g}", f"後手{g}"], handicap=board if handicap else None)
            csa = cshogi.CSA.Exporter(csa_path)
            csa.info(init_board=board, names=[f"black{g}", f"white{g}"])
            total = [0, 0]
            for i, (m, t) in enumerate(zip(moves, times)):
                total[i % 2] += t
                kif.move(m, sec=t, sec_sum=total[i % 2])
                csa.move(m, time=t)
            if not mated:
                kif.end("resign", sec=5, sec_sum=total[len(moves) % 2] + 5)
            csa.endgame("%TSUMI" if mated else "%TORYO", time=5)
            kif.close()
            csa.close()
            if sfen == cshogi.STARTING_SFEN:
                # cshogi's KI2 exporter writes even games only; it has no 詰み end.
                ki2_path = os.path.join(d, f"{g}.ki2")
                ki2 = cshogi.KI2.Exporter(ki2_path)
                ki2.header([f"先手{g}", f"後手{g}"])
                for m in moves:
                    ki2.move(m)
                if not mated:
                    ki2.end("%TORYO")
                ki2.close()
                try:
                    try:
                        got = without_result(shinpan(a.binary, "convert", ki2_path, "--to", "usi").strip())
                    except RuntimeError as e:
                        # cshogi's KI2 exporter sometimes leaves a move ambiguous (`△８九と右`
                        # with tokins on 9h and 9i): then cshogi cannot read its own file either.
                        if "ambiguous" in str(e) and cshogi_reads_ki2(ki2_path, sfen, moves, {"ki2_drop_words": 0}):
                            stats["cshogi_ki2_ambiguous"] += 1
                            got = None
                        else:
                            raise
                    if got is not None and got != usi_of(sfen, moves):
                        failures.append(f"game {g}: shinpan reads cshogi's ki2 as {got[:200]!r}")
                    ends = [] if got is None else [l for l in shinpan(a.binary, "convert", ki2_path, "--to", "csa").splitlines() if l.startswith("%")]
                    if got is not None and ends != ([] if mated else ["%TORYO"]):
                        failures.append(f"game {g}: shinpan reads cshogi's ki2 end as {ends}")
                except Exception as e:  # noqa: BLE001
                    failures.append(f"game {g} (ki2): {e}")
                stats["ki2"] += 1
            want_usi = usi_of(sfen, moves)
            for path, kind in [(kif_path, "kif"), (csa_path, "csa")]:
                try:
                    got = without_result(shinpan(a.binary, "convert", path, "--to", "usi").strip())
                    if got != want_usi:
                        failures.append(f"game {g}: shinpan reads cshogi's {kind} as {got[:200]!r}, expected {want_usi[:200]!r}")
                        continue
                    as_csa = shinpan(a.binary, "convert", path, "--to", "csa")
                    ends = [l for l in as_csa.splitlines() if l.startswith("%")]
                    want_end = (["%TSUMI"] if mated else ["%TORYO"]) if (kind == "csa" or not mated) else []
                    if ends != want_end:
                        failures.append(f"game {g}: shinpan reads cshogi's {kind} end as {ends}, expected {want_end}")
                    # shinpan writes, cshogi reads.
                    out_kif, out_csa = os.path.join(d, f"{g}.{kind}.out.kif"), os.path.join(d, f"{g}.{kind}.out.csa")
                    shinpan(a.binary, "convert", path, "--to", "kif", "-o", out_kif)
                    shinpan(a.binary, "convert", path, "--to", "csa", "-o", out_csa)
                    out_ki2 = os.path.join(d, f"{g}.{kind}.out.ki2")
                    shinpan(a.binary, "convert", path, "--to", "ki2", "-o", out_ki2)
                    err = cshogi_reads_ki2(out_ki2, sfen, moves, stats)
                    if err:
                        failures.append(f"game {g}: shinpan ki2 (from {kind}): {err}")
                    for what, parsed in [
                        (f"shinpan kif (from {kind})", cshogi.KIF.Parser.parse_file(out_kif)),
                        (f"shinpan csa (from {kind})", cshogi.CSA.Parser.parse_file(out_csa, encoding="utf-8")[0]),
                    ]:
                        err = check_parsed(what, parsed, sfen, moves)
                        if err:
                            failures.append(f"game {g}: {err}")
                    if kind == "csa":
                        parsed = cshogi.CSA.Parser.parse_file(out_csa, encoding="utf-8")[0]
                        if parsed.endgame != ("%TSUMI" if mated else "%TORYO"):
                            failures.append(f"game {g}: cshogi reads shinpan's csa end as {parsed.endgame}")
                        if list(parsed.times)[:len(times)] != times:
                            failures.append(f"game {g}: cshogi reads shinpan's csa times as {list(parsed.times)[:10]}…, expected {times[:10]}…")
                except Exception as e:  # noqa: BLE001 - every failure is reported
                    failures.append(f"game {g} ({kind}): {e}")
    print(f"cshogi_formats: {a.games} games ({stats['mate']} mate, {stats['resign']} resignation, {stats['handicap']} handicap, {stats['ki2']} also as KI2), "
          f"{stats['moves']} moves ({stats['drops']} drops, {stats['promotions']} promotions)")
    print(f"cshogi_formats: {stats['ki2_drop_words']} KI2 moves with relative words and a possible drop of the same piece "
          "checked by rule (cshogi's KI2 reader counts the drop among the candidates); "
          f"{stats['cshogi_ki2_ambiguous']} cshogi KI2 files that cshogi cannot read back either (ambiguous words), where shinpan reports the ambiguity")
    for f in failures[:30]:
        print("FAIL", f)
    if failures:
        print(f"cshogi_formats: {len(failures)} differences")
        sys.exit(1)
    print("cshogi_formats: KIF, CSA and KI2 agree with cshogi both ways")


if __name__ == "__main__":
    main()
