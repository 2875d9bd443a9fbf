// Go coordinates as GTP writes them (letters without I, rows from the bottom).
const LETTERS = "ABCDEFGHJKLMNOPQRST";

export function gtp(col: number, row: number, size: number): string {
  // col 0 = left, row 0 = top of the drawn board.
  return `${LETTERS[col]}${size - row}`;
}

export function fromGtp(p: string, size: number): { col: number; row: number } | null {
  const col = LETTERS.indexOf(p[0]?.toUpperCase());
  const n = Number(p.slice(1));
  if (col < 0 || !Number.isInteger(n) || n < 1 || n > size) return null;
  return { col, row: size - n };
}

export const columnLetters = (size: number) => LETTERS.slice(0, size).split("");

/** Star points (hoshi) drawn on the usual sizes. */
export function starPoints(size: number): [number, number][] {
  const e = size >= 13 ? 3 : 2;
  const m = (size - 1) / 2;
  const pts: [number, number][] = [
    [e, e],
    [size - 1 - e, e],
    [e, size - 1 - e],
    [size - 1 - e, size - 1 - e],
  ];
  if (size % 2 === 1) pts.push([m, m]);
  if (size === 19)
    pts.push([m, e], [m, size - 1 - e], [e, m], [size - 1 - e, m]);
  return pts;
}

/** The stones of a board as the server writes a move's `board` (rows from the top, `X`/`O`). */
export function stonesOf(board: string, size: number): { black: string[]; white: string[] } {
  const black: string[] = [];
  const white: string[] = [];
  for (let i = 0; i < size * size && i < board.length; i++) {
    const c = board[i];
    if (c === "X") black.push(gtp(i % size, Math.floor(i / size), size));
    else if (c === "O") white.push(gtp(i % size, Math.floor(i / size), size));
  }
  return { black, white };
}

/** What a player marks in the finishing phase (rfg 7.2): dead stones, stones alive in seki
 * (their eyes are nobody's, rfg 8.1 commentary) and neutral empty points (rfg 8.3). */
export type MarkKind = "dead" | "seki" | "neutral";
export interface Marks {
  dead: Set<string>;
  seki: Set<string>;
  neutral: Set<string>;
}

export const noMarks = (): Marks => ({ dead: new Set(), seki: new Set(), neutral: new Set() });

/** Toggles `kind` on `pt`: dead and seki go on stones only, and a stone is one or the other;
 * neutral goes on empty points only. A mark that does not fit the point leaves the marks as
 * they are (the server checks again). */
export function toggleMark(m: Marks, kind: MarkKind, pt: string, stone: boolean): Marks {
  if ((kind === "neutral") === stone) return m;
  const next: Marks = { dead: new Set(m.dead), seki: new Set(m.seki), neutral: new Set(m.neutral) };
  const set = next[kind];
  if (set.has(pt)) set.delete(pt);
  else {
    set.add(pt);
    if (kind === "dead") next.seki.delete(pt);
    if (kind === "seki") next.dead.delete(pt);
  }
  return next;
}

/** The marks as the `mark_dead` and `rule_dead` acts take them. */
export function marksPayload(m: Marks): { stones: string[]; seki: string[]; neutral: string[] } {
  return { stones: [...m.dead].sort(), seki: [...m.seki].sort(), neutral: [...m.neutral].sort() };
}
