// Reading the position the server sends (SFEN) for drawing, and naming pieces. No rules here:
// which moves are legal comes from the server's `legal_moves`.
import type { PlayedMove, Side } from "./types";

export type Kind = "P" | "L" | "N" | "S" | "G" | "B" | "R" | "K";
export interface Piece {
  kind: Kind;
  promoted: boolean;
  side: Side;
}
export interface Board {
  /** squares[rank 0..8][file index 0..8], file index 0 = file 9 (left from Black's seat). */
  squares: (Piece | null)[][];
  hands: Record<Side, Partial<Record<Kind, number>>>;
  turn: Side;
}

export const HAND_ORDER: Kind[] = ["R", "B", "G", "S", "N", "L", "P"];

export function parseSfen(sfen: string): Board {
  const [placement, turn, hands] = sfen.trim().split(/\s+/);
  const squares: (Piece | null)[][] = [];
  for (const row of placement.split("/")) {
    const r: (Piece | null)[] = [];
    let promoted = false;
    for (const c of row) {
      if (c === "+") {
        promoted = true;
      } else if (c >= "1" && c <= "9") {
        for (let i = 0; i < Number(c); i++) r.push(null);
      } else {
        r.push({ kind: c.toUpperCase() as Kind, promoted, side: c === c.toUpperCase() ? "black" : "white" });
        promoted = false;
      }
    }
    squares.push(r);
  }
  const h: Board["hands"] = { black: {}, white: {} };
  if (hands && hands !== "-") {
    let n = 0;
    for (const c of hands) {
      if (c >= "0" && c <= "9") n = n * 10 + Number(c);
      else {
        const side: Side = c === c.toUpperCase() ? "black" : "white";
        const k = c.toUpperCase() as Kind;
        h[side][k] = (h[side][k] ?? 0) + (n || 1);
        n = 0;
      }
    }
  }
  return { squares, hands: h, turn: turn === "w" ? "white" : "black" };
}

/** USI square (`7g`) from file 1..9 and rank 1..9. */
export function usiSquare(file: number, rank: number): string {
  return `${file}${String.fromCharCode(96 + rank)}`;
}

/** File and rank (1..9) of a USI square. */
export function squareOf(sq: string): { file: number; rank: number } {
  return { file: Number(sq[0]), rank: sq.charCodeAt(1) - 96 };
}

/** The from and to squares of a USI move, or the dropped kind. */
export function parseUsi(mv: string): { from: string | null; drop: Kind | null; to: string; promote: boolean } {
  if (mv[1] === "*") return { from: null, drop: mv[0] as Kind, to: mv.slice(2, 4), promote: false };
  return { from: mv.slice(0, 2), drop: null, to: mv.slice(2, 4), promote: mv.endsWith("+") };
}

const KANJI: Record<Kind, [string, string]> = {
  P: ["歩", "と"],
  L: ["香", "杏"],
  N: ["桂", "圭"],
  S: ["銀", "全"],
  G: ["金", "金"],
  B: ["角", "馬"],
  R: ["飛", "龍"],
  K: ["玉", "玉"],
};

export type PieceStyle = "kanji" | "western";

/** The glyph drawn on a piece: kanji (王 for Black's king, 玉 for White's) or the Western letter. */
export function glyph(p: Piece, style: PieceStyle): string {
  if (style === "western") return (p.promoted ? "+" : "") + p.kind;
  if (p.kind === "K") return p.side === "black" ? "王" : "玉";
  return KANJI[p.kind][p.promoted ? 1 : 0];
}

export function kindGlyph(k: Kind, style: PieceStyle): string {
  return style === "western" ? k : KANJI[k][0];
}

const FULL_DIGITS = "０１２３４５６７８９";

/** One line of the move list: number, side mark and the move in the chosen notation. */
export function moveLabel(m: PlayedMove, index: number, notation: "ja" | "western" | "usi"): string {
  const n = index + 1;
  const black = index % 2 === 0;
  if (notation === "ja") return `${n} ${black ? "▲" : "△"}${m.ja ?? m.move}`;
  if (notation === "western") return `${n}. ${m.western ?? m.move}`;
  return `${n}. ${m.move}`;
}

/** A number in full-width digits (as KIF writes squares). */
export function fullWidth(n: number): string {
  return String(n)
    .split("")
    .map((d) => FULL_DIGITS[Number(d)])
    .join("");
}
