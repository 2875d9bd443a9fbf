#!/usr/bin/env python3
"""Random Dutch tournaments paired round by round by bbpPairings (the FIDE-endorsed engine).

    dutch_golden.py generate --bbp PATH --out DIR [--count N] [--seed S]
    dutch_golden.py expand DIR OUT      # one NAME-rRR.trf + .pairs per round (for the CLI)

`generate` plays each tournament with bbpPairings' own pairings and random results (draws,
forfeits, pairing-allocated byes, half-point byes, absences, late entries, withdrawals, some
with 3/1/0 points) and writes, per tournament, the final record `NAME.trf` and `NAME.golden`:

    round R fnv HHHHHHHHHHHHHHHH      the input for round R is round_input(final, R);
    N                                  its FNV-1a 64 hash pins the exact text bbp read
    W B ...                            bbp's `-p` output (B = 0 for the bye)
    round R fnv HHHH none             bbp found no valid pairing (exit code 1)

round_input(final, R) keeps rounds 1..R-1 of every 001 line, keeps a round-R entry only when
it is a bye or absence decided before pairing (H, Z, F, or blank), and rewrites the points
field. tests/dutch_golden.rs rebuilds the same text and checks the hash before pairing.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

PRE_PAIRING = set("HZF")  # round entries that exist before the round is paired


def fnv64(text):
    h = 0xCBF29CE484222325
    for b in text.encode():
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def entry_points(code, win, draw):
    if code in "1+WUF":
        return win
    if code in "=DH":
        return draw
    return 0


def fmt_points(tenths):
    return "%d.%d" % (tenths // 10, tenths % 10)


def parse_scoring(lines):
    win, draw = 10, 5
    for l in lines:
        if l.startswith("BBW"):
            win = round(float(l[4:]) * 10)
        elif l.startswith("BBD"):
            draw = round(float(l[4:]) * 10)
    return win, draw


def round_input(final_text, r):
    """The TRF bbp was given to pair round r (1-based) of the final record."""
    lines = final_text.split("\n")
    win, draw = parse_scoring(lines)
    out = []
    for l in lines:
        if not l.startswith("001"):
            out.append(l)
            continue
        head = l[:91]
        entries = [l[91 + 10 * i: 91 + 10 * i + 8] for i in range((len(l) - 91 + 2) // 10)]
        keep = entries[: r - 1]
        if len(entries) >= r and entries[r - 1][7] in PRE_PAIRING and entries[r - 1][:4] == "0000":
            keep.append(entries[r - 1])
        pts = sum(entry_points(e[7], win, draw) for e in entries[: r - 1])
        head = head[:80] + fmt_points(pts).rjust(4) + head[84:]
        out.append((head + "  ".join(keep)).rstrip() if keep else head.rstrip())
    return "\n".join(out)


def player_line(num, name, rating, entries, pts, rank):
    head = "001 %4d      %-33s %4d" % (num, name, rating) + " " * 28 + "%4s %4d" % (
        fmt_points(pts), rank)
    assert len(head) == 89, len(head)
    return head + "  " + "  ".join(entries) if entries else head


class Sim:
    def __init__(self, seed, bbp, workdir, players=None):
        self.rng = random.Random(seed)
        self.bbp = bbp
        self.work = workdir
        rng = self.rng
        size_roll = rng.random()
        self.n = (rng.randint(6, 16) if size_roll < 0.35 else
                  rng.randint(17, 60) if size_roll < 0.8 else
                  rng.randint(61, 120) if size_roll < 0.95 else rng.randint(121, 200))
        if players:
            self.n = rng.randint(*players)
        self.rounds = rng.randint(5, 11)
        if self.n <= 10:
            self.rounds = min(self.rounds, self.n - 2)
        self.rounds = max(self.rounds, 3)
        self.football = rng.random() < 0.1
        self.win, self.draw = (30, 10) if self.football else (10, 5)
        self.first = rng.choice(["white1", "black1"])
        self.ratings = sorted((rng.randint(1000, 2800) for _ in range(self.n)), reverse=True)
        # entries[p][r] = "oooo c r" text
        self.entries = [[] for _ in range(self.n)]
        # late entrants miss the first rounds, withdrawals miss the last ones
        self.late = {}
        self.withdraw = {}
        for p in range(self.n):
            x = rng.random()
            if x < 0.04 and self.rounds > 3:
                self.late[p] = rng.randint(2, 3)  # first round played
            elif x < 0.08 and self.rounds > 3:
                self.withdraw[p] = rng.randint(3, self.rounds)  # first round missed
        self.name = "s%04d-n%03d-r%02d" % (seed, self.n, self.rounds)

    def header(self):
        h = ["012 Random Dutch %s" % self.name, "XXR %d" % self.rounds, "XXC %s" % self.first]
        if self.football:
            h += ["BBW  3.0", "BBD  1.0"]
        return h

    def text(self, upto):
        """Record with `upto` entries per player at most (points of complete rounds only)."""
        lines = self.header()
        for p in range(self.n):
            es = self.entries[p][:upto]
            pts = sum(entry_points(e[7], self.win, self.draw) for e in es)
            lines.append(player_line(p + 1, "Player %04d" % (p + 1), self.ratings[p], es, pts, p + 1))
        return "\n".join(lines) + "\n"

    def preassign(self, r):
        """Entries fixed before pairing round r (1-based): absences and byes."""
        rng = self.rng
        for p in range(self.n):
            assert len(self.entries[p]) == r - 1
            if p in self.late and r < self.late[p]:
                self.entries[p].append("0000 - Z")
            elif p in self.withdraw and r >= self.withdraw[p]:
                self.entries[p].append("0000 - Z")
            else:
                x = rng.random()
                if x < 0.02:
                    self.entries[p].append("0000 - H")
                elif x < 0.035:
                    self.entries[p].append("0000 - Z")

    def play(self, r, pairs):
        rng = self.rng
        for w, b in pairs:
            if b == 0:
                self.entries[w - 1].append("0000 - U")
                continue
            x = rng.random()
            if x < 0.03:
                rw, rb = ("+", "-") if rng.random() < 0.5 else ("-", "+")
            else:
                d = (self.ratings[w - 1] - self.ratings[b - 1]) / 400.0
                e = 1 / (1 + 10 ** (-d))
                y = rng.random()
                draw_p = 0.25
                if y < draw_p:
                    rw, rb = "=", "="
                elif y < draw_p + (1 - draw_p) * e:
                    rw, rb = "1", "0"
                else:
                    rw, rb = "0", "1"
            self.entries[w - 1].append("%4d w %s" % (b, rw))
            self.entries[b - 1].append("%4d b %s" % (w, rb))
        for p in range(self.n):
            assert len(self.entries[p]) == r, (p, r, self.entries[p])

    def run(self):
        golden = []
        for r in range(1, self.rounds + 1):
            self.preassign(r)
            final_like = self.text(r)
            inp = round_input(final_like, r)
            path = os.path.join(self.work, "in.trf")
            with open(path, "w") as f:
                f.write(inp)
            res = subprocess.run([self.bbp, "--dutch", path, "-p"], capture_output=True, text=True)
            h = fnv64(inp)
            if res.returncode == 1:
                golden.append("round %d fnv %s none\n" % (r, h))
                # the record keeps the pre-assigned entries of the unpaired round
                return self.text(r), "".join(golden), r - 1
            if res.returncode != 0:
                sys.exit("bbp failed on %s round %d: %s\n%s" % (self.name, r, res.stderr, inp))
            out = res.stdout
            golden.append("round %d fnv %s\n%s" % (r, h, out))
            pairs = [tuple(map(int, l.split())) for l in out.strip().split("\n")[1:]]
            self.play(r, pairs)
        return self.text(self.rounds), "".join(golden), self.rounds


def generate(args):
    os.makedirs(args.out, exist_ok=True)
    total = 0
    with tempfile.TemporaryDirectory() as work:
        for k in range(args.count):
            sim = Sim(args.seed + k, args.bbp, work, args.players)
            final, golden, played = sim.run()
            # every recorded round must be reproducible from the final record
            for block in golden.split("round ")[1:]:
                r, _, h = block.split("\n")[0].split()[:3]
                assert fnv64(round_input(final, int(r))) == h, (sim.name, r)
            with open(os.path.join(args.out, sim.name + ".trf"), "w") as f:
                f.write(final)
            with open(os.path.join(args.out, sim.name + ".golden"), "w") as f:
                f.write(golden)
            total += golden.count("round ")
            print("%s: %d rounds (total %d)" % (sim.name, golden.count("round "), total), flush=True)


def expand(args):
    os.makedirs(args.out, exist_ok=True)
    for name in sorted(os.listdir(args.dir)):
        if not name.endswith(".golden"):
            continue
        base = name[: -len(".golden")]
        final = open(os.path.join(args.dir, base + ".trf")).read()
        for block in open(os.path.join(args.dir, name)).read().split("round ")[1:]:
            first, _, rest = block.partition("\n")
            r = int(first.split()[0])
            stem = os.path.join(args.out, "%s-r%02d" % (base, r))
            with open(stem + ".trf", "w") as f:
                f.write(round_input(final, r))
            with open(stem + ".pairs", "w") as f:
                f.write("none\n" if first.endswith("none") else rest)


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("generate")
    g.add_argument("--bbp", required=True)
    g.add_argument("--out", required=True)
    g.add_argument("--count", type=int, default=10)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--players", type=lambda v: tuple(map(int, v.split("-"))), default=None,
                   help="MIN-MAX field size instead of the default mix")
    e = sub.add_parser("expand")
    e.add_argument("dir")
    e.add_argument("out")
    args = ap.parse_args()
    generate(args) if args.cmd == "generate" else expand(args)


if __name__ == "__main__":
    main()
