#!/usr/bin/env python3
"""python-shogi's own CSA client (shogi.CSA.TCPProtocol) against `shinpan serve --csa-listen`.

Every game of issue 16's list is played by two clients of the library, each in its own thread as
an engine would: log in, read the Game_Summary with the library's parser, AGREE, play, and read
the result lines. Each scenario checks both players' lines against what shogi-server's clients
expect (docs/csa.md), then the record the server kept (`GET /api/games/{Game_ID}.csa`) is read
back by python-shogi. One more game is resumed by Black on a new connection after his first
one is lost (`resumed`).

The move lists: the mate and the perpetual check come from seeded random walks with cshogi
(scripts/csa_clients.py --find shows how), the valid %KACHI is the real game
kfjs-aobazero-viper-kachi.csa (Floodgate-style dr1 test game, 2020) from the real-world set.

Usage: csa_clients.py SHINPAN_BINARY
"""
import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import shogi
import shogi.CSA

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KACHI_RECORD = os.path.join(ROOT, "crates/arbiter/tests/data/real-world/shogi/kfjs-aobazero-viper-kachi.csa")

# Seeded cshogi random walk (seed 11, a mate in one taken when there is one): White mates.
MATE = "5i5h 9c9d 6g6f 8b7b 5g5f 1c1d 6i6h 4a5b 2g2f 7c7d 8g8f 9d9e 4i4h 2b1c 2h1h 7a6b 1h2h 9a9c 2h3h 1c6h+ 5h4i G*5i".split()
# Seeded cshogi random walk (seed 7) to a position where Black can check forever with a
# 4-ply cycle; the cycle is then played until the position has come four times.
PERPETUAL_PREFIX = (
    "3g3f 6a6b 9g9f 3c3d 3i3h 5c5d 9f9e 8c8d 8i9g 1c1d 9i9h 5a5b 7i6h 2b1c 4i5h 9c9d 2g2f 5b4b 6i7i 3a3b "
    "4g4f 9a9b 9e9d 4c4d 4f4e 8a9c 8g8f 1c5g+ 1i1h 7a7b 9g8e 5g4g 6g6f 3b3c 3h3g P*9e 8e7c+ 3d3e P*5b 2c2d "
    "7i6i 4g8c 9h9g 8c7d 7c7b 8b8a 6h5g 8d8e 3g4f 4b5c 8h9i 7d6d 6f6e 6d7c S*8h 3c4b 4f3g 8a8d 3g4f 1a1b "
    "5h4g 4a3b 1g1f 1b1c 5b5a+ 5d5e 6i6h 8d8a 2h3h 4b3c P*5h 6c6d 5i4i 6b6a 6h6g 3b3a 7b6b 8a9a"
).split()
PERPETUAL_CYCLE = "6b5b 5c6c 5b6b 6c5c".split()
# Kings step aside and back: the start position a fourth time after 12 moves.
SENNICHITE = "5i4h 5a4b 4h5i 4b5a".split() * 3

RESULT_WORDS = {"WIN", "LOSE", "DRAW", "CHUDAN", "CENSORED"}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def csa_move(board, usi):
    """The CSA form python-shogi's client sends for a USI move (piece after the move)."""
    m = shogi.Move.from_usi(usi)
    if m.drop_piece_type:
        piece = m.drop_piece_type
    else:
        piece = board.piece_type_at(m.from_square)
        if m.promotion:
            piece = shogi.PIECE_PROMOTED[piece]
    return piece, m


class Player(threading.Thread):
    """One engine: logs in with `password`, agrees, plays its side's moves of `moves`, then does
    `finish` ("toryo", "kachi", "chudan", "illegal", "wait" for the opponent or the clock)."""

    def __init__(self, port, name, password, moves, finish="wait", x1_game=None):
        super().__init__(daemon=True)
        self.port, self.name, self.password = port, name, password
        self.moves, self.finish, self.x1_game = moves, finish, x1_game
        self.lines = []
        self.error = None
        self.summary = None
        self.game_id = None

    def run(self):
        try:
            self.play()
        except Exception as e:  # reported by the main thread
            self.error = repr(e)

    def read_result(self, c):
        while True:
            line = c.read_line()
            self.lines.append(line)
            if line[1:] in RESULT_WORDS:
                return

    def play(self):
        c = shogi.CSA.TCPProtocol("127.0.0.1", self.port)
        if self.x1_game:
            assert c.login_ex(self.name, self.password)
            assert c.read_line() == "##[LOGIN] +OK x1"
            c.write("%%GAME {} {}\n".format(*self.x1_game))
        else:
            assert c.login(self.name, self.password)
        self.summary = c.wait_match()
        me = self.summary["my_color"]
        board = shogi.Board(self.summary["summary"]["sfen"])
        c.write("AGREE\n")
        start = c.read_line()
        assert start.startswith("START:"), start
        self.game_id = int(start.split(":")[1])
        for usi in self.moves:
            if board.turn == me:
                piece, m = csa_move(board, usi)
                echo = c.move(piece, me, m)
                self.lines.append(echo)
                assert echo.split(",")[0] == shogi.CSA.COLOR_SYMBOLS[me] + echo[1:7], echo
                board.push(m)
            else:
                line = c.read_line()
                self.lines.append(line)
                if line.startswith("#") or line.startswith("%"):
                    # The game ended before the list did (a mate, a repetition).
                    if line[1:] not in RESULT_WORDS:
                        self.read_result(c)
                    return
                (color, usi_in, t, msg) = c.parse_server_message(line, board)
                assert usi_in == usi, (usi_in, usi)
                board.push(shogi.Move.from_usi(usi_in))
        if self.finish == "toryo":
            c.write("%TORYO\n")
        elif self.finish == "kachi":
            c.write("%KACHI\n")
        elif self.finish == "chudan":
            c.write("%CHUDAN\n")
        elif self.finish == "illegal":
            c.write(shogi.CSA.COLOR_SYMBOLS[me] + "7775FU\n")
        self.read_result(c)


class RandomPlayer(threading.Thread):
    """A scripted CSA client that plays random legal moves (python-shogi's move generator)
    against an engine seated by the server (`<id>@<engine>` game names), resigning after
    `resign_after` of its moves if the game is still on."""

    def __init__(self, port, name, game, resign_after=None):
        super().__init__(daemon=True)
        self.port, self.name, self.game, self.resign_after = port, name, game, resign_after
        self.lines, self.error, self.game_id, self.moves = [], None, None, []

    def run(self):
        try:
            import random
            rnd = random.Random(16)
            c = shogi.CSA.TCPProtocol("127.0.0.1", self.port)
            assert c.login(self.name, f"{self.game}-B,secret-pass")
            summary = c.wait_match()
            me = summary["my_color"]
            board = shogi.Board(summary["summary"]["sfen"])
            c.write("AGREE\n")
            start = c.read_line()
            assert start.startswith("START:"), start
            self.game_id = int(start.split(":")[1])
            mine = 0
            while True:
                if board.turn == me and not list(board.legal_moves):
                    pass  # mated: the result lines follow
                elif board.turn == me:
                    if self.resign_after is not None and mine >= self.resign_after:
                        c.write("%TORYO\n")
                    else:
                        m = rnd.choice(list(board.legal_moves))
                        piece, m = csa_move(board, m.usi())
                        c.write(shogi.CSA.COLOR_SYMBOLS[me] + ("00" if m.from_square is None else shogi.CSA.SQUARE_NAMES[m.from_square])
                                + shogi.CSA.SQUARE_NAMES[m.to_square] + shogi.CSA.PIECE_SYMBOLS[piece] + "\n")
                        mine += 1
                while True:
                    line = c.read_line()
                    self.lines.append(line)
                    if line[:1] in "+-":
                        (_, usi, _, _) = c.parse_server_message(line, board)
                        board.push(shogi.Move.from_usi(usi))
                        self.moves.append(usi)
                        break
                    if line[1:] in RESULT_WORDS:
                        return
        except Exception as e:
            self.error = repr(e)


def spectate(http_port, game_id, seen, stop):
    """A WebSocket spectator (docs/protocol.md): the moves it is sent, as they come."""
    from websockets.sync.client import connect
    with connect(f"ws://127.0.0.1:{http_port}/api/ws") as ws:
        ws.send(json.dumps({"type": "watch", "game": game_id}))
        while not stop.is_set():
            try:
                m = json.loads(ws.recv(timeout=0.5))
            except TimeoutError:
                continue
            if m.get("type") == "event" and m["event"].get("type") == "move":
                seen.append(m["event"]["move"])
            if m.get("type") == "state" and m["view"].get("outcome"):
                return


def engine_game(csa, http, base, engine, game, resign_after=None):
    """A scripted CSA client against a USI engine the server seats, watched over the WebSocket."""
    p = RandomPlayer(csa, f"vs{engine.replace('-', '')}", f"{game}@{engine}-0-2", resign_after)
    p.start()
    for _ in range(100):
        if p.game_id:
            break
        time.sleep(0.05)
    assert p.game_id, (p.error, p.lines)
    seen, stop = [], threading.Event()
    watcher = threading.Thread(target=spectate, args=(http, p.game_id, seen, stop), daemon=True)
    watcher.start()
    p.join(600)
    assert not p.is_alive() and p.error is None, (engine, p.error, p.lines[-5:])
    watcher.join(10)
    stop.set()
    g = http_json(base, f"/api/games/{p.game_id}")
    assert g["status"] == "finished", g["status"]
    assert seen == p.moves, (len(seen), len(p.moves))
    assert p.lines[-1] in ("#WIN", "#LOSE", "#DRAW", "#CENSORED"), p.lines[-3:]
    return p, g


def http_json(base, path):
    with urllib.request.urlopen(base + path) as r:
        return json.loads(r.read())


def http_text(base, path):
    with urllib.request.urlopen(base + path) as r:
        return r.read().decode()


def game(port, base, tag, moves, black_finish="wait", white_finish="wait", time="600-10", x1=False):
    """Plays one game between `<tag>b` (Black) and `<tag>w` (White); returns both players."""
    name = f"{tag}-{time}"
    if x1:
        b = Player(port, f"{tag}b", "secret-pass", moves, black_finish, x1_game=(name, "+"))
        w = Player(port, f"{tag}w", "secret-pass", moves, white_finish, x1_game=(name, "-"))
    else:
        b = Player(port, f"{tag}b", f"{name}-B,secret-pass", moves, black_finish)
        w = Player(port, f"{tag}w", f"{name}-W,secret-pass", moves, white_finish)
    b.start()
    w.start()
    b.join(60)
    w.join(60)
    for p in (b, w):
        assert not p.is_alive(), f"{tag}: {p.name} still playing: {p.lines[-3:]}"
        assert p.error is None, f"{tag}: {p.name}: {p.error}; lines {p.lines[-5:]}"
    assert b.game_id == w.game_id
    # The record the server kept reads back, with the same moves.
    text = http_text(base, f"/api/games/{b.game_id}.csa")
    parsed = shogi.CSA.Parser.parse_str(text)[0]
    played = moves[: len(parsed["moves"])]
    assert parsed["moves"] == played, (tag, parsed["moves"][:5], played[:5])
    return b, w


def resumed(port, base):
    """Black's connection is lost mid-game; he logs in again under the game's name and is
    proposed the game as it stands (docs/csa.md, "Resuming a game"): its Position block, read by
    python-shogi's CSA record parser, is the start and the moves played. After AGREE he plays
    on, White's client reads his move, and the record holds the whole game."""
    name = "resume-600-10"
    b = shogi.CSA.TCPProtocol("127.0.0.1", port)
    w = shogi.CSA.TCPProtocol("127.0.0.1", port)
    assert b.login("resumeb", f"{name}-B,secret-pass") and w.login("resumew", f"{name}-W,secret-pass")
    b.wait_match()
    w.wait_match()
    b.write("AGREE\n")
    w.write("AGREE\n")
    start = b.read_line()
    assert start.startswith("START:") and w.read_line() == start, start
    game_id = int(start.split(":")[1])
    board = shogi.Board()
    for usi, mover, other in [("7g7f", b, w), ("3c3d", w, b)]:
        piece, m = csa_move(board, usi)
        mover.move(piece, board.turn, m)
        assert other.parse_server_message(other.read_line(), board)[1] == usi
        board.push(m)
    b.socket.shutdown(socket.SHUT_RDWR)
    b.socket.close()
    time.sleep(0.5)  # the server sees the connection go
    b = shogi.CSA.TCPProtocol("127.0.0.1", port)
    assert b.login("resumeb", f"{name},secret-pass")
    summary = b.read_game_summary()
    lines = summary.split("\n")
    assert f"Game_ID:{game_id}" in lines and "Your_Turn:+" in lines, summary
    block = lines[lines.index("BEGIN Position") + 1 : lines.index("END Position")]
    parsed = shogi.CSA.Parser.parse_str("\n".join(block))[0]
    assert parsed["sfen"] == shogi.STARTING_SFEN and parsed["moves"] == ["7g7f", "3c3d"], parsed
    b.write(f"AGREE {game_id}\n")
    assert b.read_line() == start
    piece, m = csa_move(board, "8h2b+")
    echo = b.move(piece, shogi.BLACK, m)
    assert echo.startswith("+8822UM,T"), echo
    assert w.parse_server_message(w.read_line(), board)[1] == "8h2b+"
    w.write("%TORYO\n")
    ends = [b.read_line() for _ in range(3)]
    assert ends == ["%TORYO", "#RESIGN", "#WIN"], ends
    record = shogi.CSA.Parser.parse_str(http_text(base, f"/api/games/{game_id}.csa"))[0]
    assert record["moves"] == ["7g7f", "3c3d", "8h2b+"], record["moves"]


def tail(p, n):
    return p.lines[-n:]


def main():
    binary = sys.argv[1]
    http, csa = free_port(), free_port()
    tmp = tempfile.mkdtemp()
    server = subprocess.Popen(
        [binary, "serve", "--listen", f"127.0.0.1:{http}", "--database", f"sqlite://{tmp}/csa.db",
         "--csa-listen", f"127.0.0.1:{csa}", "--csa-max-moves", "512"],
        stderr=open(os.path.join(tmp, "server.log"), "w"),
    )
    base = f"http://127.0.0.1:{http}"
    try:
        for _ in range(100):
            try:
                http_json(base, "/health")
                break
            except OSError:
                time.sleep(0.1)
        checks = 0

        # The summary as python-shogi reads it.
        b, w = game(csa, base, "resign", ["7g7f", "3c3d"], black_finish="toryo")
        s = b.summary["summary"]
        assert s["names"] == ["resignb", "resignw"], s["names"]
        assert s["time"]["Total_Time"] == "600" and s["time"]["Byoyomi"] == "10", s["time"]
        assert s["sfen"].startswith("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b"), s["sfen"]
        assert b.summary["my_color"] == shogi.BLACK and w.summary["my_color"] == shogi.WHITE
        assert tail(b, 3) == ["%TORYO", "#RESIGN", "#LOSE"], tail(b, 3)
        assert tail(w, 3) == ["%TORYO", "#RESIGN", "#WIN"], tail(w, 3)
        assert b.lines[0].startswith("+7776FU,T"), b.lines[0]
        checks += 1

        b, w = game(csa, base, "mate", MATE)
        assert tail(b, 1) == ["#LOSE"] and tail(w, 1) == ["#WIN"], (tail(b, 2), tail(w, 2))
        checks += 1

        b, w = game(csa, base, "senn", SENNICHITE)
        assert tail(b, 2) == ["#SENNICHITE", "#DRAW"] and tail(w, 2) == ["#SENNICHITE", "#DRAW"], (tail(b, 3), tail(w, 3))
        checks += 1

        b, w = game(csa, base, "perp", PERPETUAL_PREFIX + PERPETUAL_CYCLE * 3)
        assert tail(b, 2) == ["#OUTE_SENNICHITE", "#LOSE"], tail(b, 3)
        assert tail(w, 2) == ["#OUTE_SENNICHITE", "#WIN"], tail(w, 3)
        checks += 1

        # A declaration at the start fails: the declarer loses (fesa-2017 5.3).
        b, w = game(csa, base, "nokachi", [], black_finish="kachi")
        assert tail(b, 3) == ["%KACHI", "#ILLEGAL_MOVE", "#LOSE"], tail(b, 3)
        assert tail(w, 3) == ["%KACHI", "#ILLEGAL_MOVE", "#WIN"], tail(w, 3)
        checks += 1

        # The real game that ended in a valid declaration, declared again here.
        record = shogi.CSA.Parser.parse_file(KACHI_RECORD)[0]
        kachi_moves = record["moves"]
        declarer = "black" if len(kachi_moves) % 2 == 0 else "white"
        finish = {"black_finish": "kachi"} if declarer == "black" else {"white_finish": "kachi"}
        b, w = game(csa, base, "kachi", kachi_moves, time="3600-10", **finish)
        win, lose = (b, w) if declarer == "black" else (w, b)
        assert tail(win, 3) == ["%KACHI", "#JISHOGI", "#WIN"], tail(win, 3)
        assert tail(lose, 3) == ["%KACHI", "#JISHOGI", "#LOSE"], tail(lose, 3)
        checks += 1

        b, w = game(csa, base, "illegal", ["7g7f"], white_finish="illegal")
        assert tail(w, 2) == ["#ILLEGAL_MOVE", "#LOSE"] and tail(b, 2) == ["#ILLEGAL_MOVE", "#WIN"], (tail(w, 3), tail(b, 3))
        checks += 1

        # 1 s of byo-yomi and Black waits: his flag falls on the server's clock.
        b, w = game(csa, base, "timeup", [], time="0-1")
        assert tail(b, 2) == ["#TIME_UP", "#LOSE"] and tail(w, 2) == ["#TIME_UP", "#WIN"], (tail(b, 2), tail(w, 2))
        checks += 1

        b, w = game(csa, base, "chudan", ["7g7f"], white_finish="chudan")
        assert tail(b, 1) == ["#CHUDAN"] and tail(w, 1) == ["#CHUDAN"], (tail(b, 2), tail(w, 2))
        checks += 1

        # The extended mode: %%GAME after LOGIN … x1.
        b, w = game(csa, base, "xone", ["2g2f"], white_finish="toryo", x1=True)
        assert tail(w, 3) == ["%TORYO", "#RESIGN", "#LOSE"], tail(w, 3)
        checks += 1

        resumed(csa, base)
        checks += 1

        # USI engines seated by the server against a scripted CSA client, a spectator watching:
        # shinpan's own player to the end of the game, fairy-stockfish (when installed) for 20
        # moves of the client's, then the client resigns.
        p, g = engine_game(csa, http, base, "shinpan-shogi", "seat")
        print(f"  vs shinpan-shogi: {len(p.moves)} moves, {g['view']['outcome']['result']} by {g['view']['outcome']['reason']}")
        checks += 1
        if os.path.exists("/usr/games/fairy-stockfish"):
            p, g = engine_game(csa, http, base, "fairy-stockfish", "seat", resign_after=20)
            print(f"  vs fairy-stockfish: {len(p.moves)} moves, {g['view']['outcome']['result']} by {g['view']['outcome']['reason']}")
            checks += 1

        # The Game_ID is the game of the HTTP API, finished with its result.
        g = http_json(base, f"/api/games/{b.game_id}")
        assert g["status"] == "finished", g
        print(f"python-shogi CSA client: {checks} games against shinpan serve, result lines as expected")
    finally:
        server.terminate()
        server.wait(10)


if __name__ == "__main__":
    main()
