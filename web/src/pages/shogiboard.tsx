// The shogi board in SVG, drawn from the SFEN the server sends. Input by click, drag or keyboard;
// the squares a piece may go to are the server's legal moves. A move to any other square is
// still sent, and the server's refusal shown: the browser judges nothing.
import { useRef, useState } from "preact/hooks";
import { t } from "../i18n";
import { glyph, kindGlyph, HAND_ORDER, parseUsi, usiSquare, type Board, type Kind, type Piece, type PieceStyle } from "../shogi";
import type { Side } from "../types";

const W = 40;
const H = 44;
const OX = 14;
const OY = 22;
const RANKS = "一二三四五六七八九";

export interface Selection {
  from: string | null;
  drop: Kind | null;
}

interface Props {
  board: Board;
  legal: string[];
  mySide: Side | null;
  flipped: boolean;
  style: PieceStyle;
  lastMove: string | null;
  check: boolean;
  onMove(from: string | null, drop: Kind | null, to: string): void;
}

/** Screen cell (col, row) of a square for the viewer. */
function cellOf(file: number, rank: number, flipped: boolean): [number, number] {
  return flipped ? [file - 1, 9 - rank] : [9 - file, rank - 1];
}
function squareAt(col: number, row: number, flipped: boolean): [number, number] {
  return flipped ? [col + 1, 9 - row] : [9 - col, row + 1];
}

function PieceShape({ p, x, y, up, style }: { p: Piece; x: number; y: number; up: boolean; style: PieceStyle }) {
  const cx = x + W / 2;
  const cy = y + H / 2;
  const text = glyph(p, style);
  return (
    <g transform={`rotate(${up ? 0 : 180} ${cx} ${cy})`} class={`piece ${p.promoted ? "promoted" : ""}`} pointer-events="none">
      <polygon
        points={`${cx},${y + 4} ${x + W - 7},${y + 11} ${x + W - 4},${y + H - 3} ${x + 4},${y + H - 3} ${x + 7},${y + 11}`}
      />
      <text x={cx} y={cy + 4} font-size={style === "western" ? 16 : 20} text-anchor="middle" dominant-baseline="middle">
        {text}
      </text>
    </g>
  );
}

export function ShogiBoard(props: Props) {
  const { board, legal, mySide, flipped, style } = props;
  const [sel, setSel] = useState<Selection>({ from: null, drop: null });
  const [cursor, setCursor] = useState<[number, number]>([4, 6]);
  // A piece dragged from a square (`from`) or from the hand (`drop`), pressed at (sx, sy) and now
  // at (x, y), in the board's units.
  const [drag, setDrag] = useState<{
    from: string | null;
    drop: Kind | null;
    sx: number;
    sy: number;
    x: number;
    y: number;
    moved: boolean;
  } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  // A drag from the hand ends with a click on its button, which must not select the piece again.
  const dropped = useRef(false);

  const targets = new Set<string>();
  for (const m of legal) {
    const u = parseUsi(m);
    if ((sel.from && u.from === sel.from) || (sel.drop && u.drop === sel.drop)) targets.add(u.to);
  }
  const last = props.lastMove ? parseUsi(props.lastMove) : null;
  const mine = (p: Piece | null) => !!p && p.side === mySide;

  const pick = (sq: string) => {
    const [file, rank] = [Number(sq[0]), sq.charCodeAt(1) - 96];
    const p = board.squares[rank - 1][9 - file];
    if (sel.from === sq) return setSel({ from: null, drop: null });
    if (mine(p) && !(sel.from || sel.drop)) return setSel({ from: sq, drop: null });
    if (mine(p) && sel.from && !targets.has(sq)) return setSel({ from: sq, drop: null });
    if (sel.from || sel.drop) {
      props.onMove(sel.from, sel.drop, sq);
      setSel({ from: null, drop: null });
    }
  };

  const point = (e: PointerEvent): [number, number] | null => {
    const s = svg.current;
    const m = s?.getScreenCTM();
    if (!s || !m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  const squareFromPoint = (x: number, y: number): string | null => {
    const col = Math.floor((x - OX) / W);
    const row = Math.floor((y - OY) / H);
    if (col < 0 || col > 8 || row < 0 || row > 8) return null;
    const [f, r] = squareAt(col, row, flipped);
    return usiSquare(f, r);
  };

  const cells = [];
  for (let rank = 1; rank <= 9; rank++) {
    for (let file = 1; file <= 9; file++) {
      const [col, row] = cellOf(file, rank, flipped);
      const sq = usiSquare(file, rank);
      const x = OX + col * W;
      const y = OY + row * H;
      const p = board.squares[rank - 1][9 - file];
      const cls = [
        "sq",
        sel.from === sq ? "selected" : "",
        targets.has(sq) ? "target" : "",
        last && (last.to === sq || last.from === sq) ? "last" : "",
        cursor[0] === col && cursor[1] === row ? "cursor" : "",
      ].join(" ");
      cells.push(
        <g key={sq} data-square={sq}>
          <rect x={x} y={y} width={W} height={H} class={cls} />
          {targets.has(sq) && !p && <circle cx={x + W / 2} cy={y + H / 2} r={5} class="dot" pointer-events="none" />}
          {p && !(drag?.moved && drag.from === sq) && (
            <PieceShape p={p} x={x} y={y} up={(p.side === "black") !== flipped} style={style} />
          )}
        </g>,
      );
    }
  }
  const dragged: Piece | null = !drag?.moved
    ? null
    : drag.from
      ? board.squares[drag.from.charCodeAt(1) - 97][9 - Number(drag.from[0])]
      : drag.drop && mySide
        ? { kind: drag.drop, promoted: false, side: mySide }
        : null;
  // A drag starts on a press: the pointer is captured, so the drag follows it off the element.
  const startDrag = (e: PointerEvent, pt: [number, number], from: string | null, drop: Kind | null) => {
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    setDrag({ from, drop, sx: pt[0], sy: pt[1], x: pt[0], y: pt[1], moved: false });
  };
  // The drag that ends on this release, and the square it ends on.
  const endDrag = (e: PointerEvent) => {
    const pt = point(e);
    const square = pt && squareFromPoint(pt[0], pt[1]);
    const ended = drag;
    setDrag(null);
    return { ended, square };
  };
  const dragTo = (e: PointerEvent) => {
    if (!drag) return;
    const pt = point(e);
    if (!pt) return;
    // A drag once the pointer is 6 units from where it was pressed (not from its last position:
    // small steps would never add up to one).
    const moved = drag.moved || Math.hypot(pt[0] - drag.sx, pt[1] - drag.sy) > 6;
    if (moved && !drag.moved) setSel({ from: drag.from, drop: drag.drop });
    setDrag({ ...drag, x: pt[0], y: pt[1], moved });
  };

  const onKey = (e: KeyboardEvent) => {
    const [c, r] = cursor;
    const moves: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      setCursor([Math.min(8, Math.max(0, c + moves[e.key][0])), Math.min(8, Math.max(0, r + moves[e.key][1]))]);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const [f, rk] = squareAt(c, r, flipped);
      pick(usiSquare(f, rk));
    } else if (e.key === "Escape") setSel({ from: null, drop: null });
  };

  const hand = (side: Side) => {
    const h = board.hands[side];
    const clickable = side === mySide;
    return (
      <div class={`hand ${side}`} aria-label={`${t("hand")}: ${t(side)}`} data-hand={side}>
        <span class="hand-label">{side === "black" ? "☗" : "☖"} {t("hand")}</span>
        {HAND_ORDER.filter((k) => h[k]).map((k) => (
          <button
            type="button"
            key={k}
            class={`hand-piece ${sel.drop === k && clickable ? "selected" : ""}`}
            disabled={!clickable}
            data-drop={k}
            aria-label={`${kindGlyph(k, style)} ×${h[k]}`}
            onClick={() => {
              if (dropped.current) return void (dropped.current = false);
              setSel(sel.drop === k ? { from: null, drop: null } : { from: null, drop: k });
            }}
            onPointerDown={(e) => {
              const pt = point(e);
              if (!clickable || !pt) return;
              dropped.current = false;
              startDrag(e, pt, null, k);
            }}
            onPointerMove={dragTo}
            onPointerUp={(e) => {
              // A drop dragged from the hand onto a square; a press without a drag is the click.
              const { ended, square } = endDrag(e);
              if (ended?.moved) {
                dropped.current = true;
                if (square) props.onMove(null, k, square);
                setSel({ from: null, drop: null });
              }
            }}
          >
            {kindGlyph(k, style)}
            {h[k]! > 1 && <sub>{h[k]}</sub>}
          </button>
        ))}
      </div>
    );
  };

  const top: Side = flipped ? "black" : "white";
  const bottom: Side = flipped ? "white" : "black";
  return (
    <div class="shogi">
      {hand(top)}
      <svg
        ref={svg}
        viewBox={`0 0 ${OX * 2 + 9 * W + 6} ${OY + 9 * H + 8}`}
        class="board"
        role="grid"
        tabindex={0}
        aria-label={t("boardLabel", { side: t(board.turn) })}
        onKeyDown={onKey}
        onPointerDown={(e) => {
          const pt = point(e);
          const sq = pt && squareFromPoint(pt[0], pt[1]);
          if (!sq || !pt) return;
          const p = board.squares[sq.charCodeAt(1) - 97][9 - Number(sq[0])];
          if (mine(p)) startDrag(e, pt, sq, null);
        }}
        onPointerMove={dragTo}
        onPointerUp={(e) => {
          const { ended, square } = endDrag(e);
          if (ended?.moved && ended.from) {
            if (square && square !== ended.from) props.onMove(ended.from, null, square);
            setSel({ from: null, drop: null });
            return;
          }
          if (square) pick(square);
        }}
      >
        <rect x={OX - 3} y={OY - 3} width={9 * W + 6} height={9 * H + 6} class="board-bg" />
        {Array.from({ length: 9 }, (_, i) => (
          <text key={`f${i}`} x={OX + i * W + W / 2} y={OY - 8} class="coord" text-anchor="middle">
            {flipped ? i + 1 : 9 - i}
          </text>
        ))}
        {Array.from({ length: 9 }, (_, i) => (
          <text key={`r${i}`} x={OX + 9 * W + 4} y={OY + i * H + H / 2 + 4} class="coord" text-anchor="start" font-size="9">
            {style === "western" ? String.fromCharCode(97 + (flipped ? 8 - i : i)) : RANKS[flipped ? 8 - i : i]}
          </text>
        ))}
        {cells}
        {dragged && drag && (
          <g class="dragging" pointer-events="none">
            <PieceShape p={dragged} x={drag.x - W / 2} y={drag.y - H / 2} up={(dragged.side === "black") !== flipped} style={style} />
          </g>
        )}
      </svg>
      {hand(bottom)}
      {props.check && <p class="check-badge">{t("check")}</p>}
    </div>
  );
}
