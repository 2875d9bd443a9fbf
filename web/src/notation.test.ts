import { describe, expect, it } from "vitest";
import { glyph, moveLabel, parseSfen, parseUsi } from "./shogi";
import { fromGtp, gtp, marksPayload, noMarks, stonesOf, toggleMark } from "./go";
import type { PlayedMove } from "./types";

describe("move list", () => {
  const moves: PlayedMove[] = [
    { move: "7g7f", ms: 1000, ja: "７六歩(77)", western: "P-7f" },
    { move: "3c3d", ms: 1000, ja: "３四歩(33)", western: "P-3d" },
    { move: "8h2b+", ms: 1000, ja: "２二角成(88)", western: "Bx2b+" },
    { move: "3a2b", ms: 1000, ja: "同　銀(31)", western: "Sx2b" },
  ];
  it("numbers moves and marks the side in Japanese notation", () => {
    expect(moves.map((m, i) => moveLabel(m, i, "ja"))).toEqual(["1 ▲７六歩(77)", "2 △３四歩(33)", "3 ▲２二角成(88)", "4 △同　銀(31)"]);
  });
  it("writes Western notation and USI", () => {
    expect(moveLabel(moves[2], 2, "western")).toBe("3. Bx2b+");
    expect(moveLabel(moves[2], 2, "usi")).toBe("3. 8h2b+");
  });
  it("falls back to the USI move when the server gave no notation", () => {
    expect(moveLabel({ move: "P*5e", ms: 0 }, 4, "ja")).toBe("5 ▲P*5e");
  });
});

describe("SFEN reading", () => {
  it("reads the board, promoted pieces and hands", () => {
    const b = parseSfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1+B5R1/LNSGKGSNL w 2Pb 2");
    expect(b.turn).toBe("white");
    expect(b.squares[0][0]).toEqual({ kind: "L", promoted: false, side: "white" });
    expect(b.squares[7][1]).toEqual({ kind: "B", promoted: true, side: "black" });
    expect(b.squares[5][2]).toEqual({ kind: "P", promoted: false, side: "black" });
    expect(b.hands.black).toEqual({ P: 2 });
    expect(b.hands.white).toEqual({ B: 1 });
  });
  it("names pieces in both styles", () => {
    expect(glyph({ kind: "B", promoted: true, side: "black" }, "kanji")).toBe("馬");
    expect(glyph({ kind: "K", promoted: false, side: "white" }, "kanji")).toBe("玉");
    expect(glyph({ kind: "K", promoted: false, side: "black" }, "kanji")).toBe("王");
    expect(glyph({ kind: "R", promoted: true, side: "black" }, "western")).toBe("+R");
  });
  it("splits USI moves", () => {
    expect(parseUsi("8h2b+")).toEqual({ from: "8h", drop: null, to: "2b", promote: true });
    expect(parseUsi("P*5e")).toEqual({ from: null, drop: "P", to: "5e", promote: false });
  });
});

describe("Go coordinates", () => {
  it("skip I and count rows from the bottom", () => {
    expect(gtp(0, 8, 9)).toBe("A1");
    expect(gtp(8, 0, 9)).toBe("J9");
    expect(fromGtp("J9", 9)).toEqual({ col: 8, row: 0 });
    expect(fromGtp("I5", 9)).toBeNull();
  });
});

describe("a Go move's board", () => {
  it("reads the server's rows from the top into GTP stones", () => {
    // 5×5: X at A5 (top left), O at E1 (bottom right), X at C3 (centre).
    const board = "X...." + "....." + "..X.." + "....." + "....O";
    expect(stonesOf(board, 5)).toEqual({ black: ["A5", "C3"], white: ["E1"] });
  });
});

describe("Go marks of the finishing phase", () => {
  it("puts dead and seki on stones only, one or the other, and neutral on empty points", () => {
    let m = noMarks();
    m = toggleMark(m, "dead", "C3", true);
    expect(marksPayload(m)).toEqual({ stones: ["C3"], seki: [], neutral: [] });
    // Marking the same stone seki takes it out of the dead.
    m = toggleMark(m, "seki", "C3", true);
    expect(marksPayload(m)).toEqual({ stones: [], seki: ["C3"], neutral: [] });
    // Neutral on a stone and seki on an empty point do not take.
    expect(toggleMark(m, "neutral", "C3", true)).toBe(m);
    expect(toggleMark(m, "seki", "D4", false)).toBe(m);
    m = toggleMark(m, "neutral", "E1", false);
    m = toggleMark(m, "neutral", "A1", false);
    expect(marksPayload(m)).toEqual({ stones: [], seki: ["C3"], neutral: ["A1", "E1"] });
    // A second click takes a mark off.
    m = toggleMark(m, "seki", "C3", true);
    expect(marksPayload(m).seki).toEqual([]);
  });
});
