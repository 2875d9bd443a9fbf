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
