// The Go board in SVG from the stones the server sends. In the main game a click plays at a
// legal point (or anywhere: the server refuses what is illegal); after the passes a click marks
// or unmarks a stone dead or in seki, or an empty point neutral, for the players' proposal
// (rfg 7.2, 8.1 commentary, 8.3). After the count the seki and the neutral points are shown.
import { useState } from "preact/hooks";
import { t } from "../i18n";
import { columnLetters, fromGtp, gtp, starPoints } from "../go";
import type { Side } from "../types";

const C = 30;
const M = 28;

interface Props {
  size: number;
  black: string[];
  white: string[];
  toMove: Side;
  legal: Set<string>;
  lastMove: string | null;
  marking: boolean;
  dead: Set<string>;
  proposed: Set<string>;
  /** Stones marked (or counted) in seki, and empty points marked (or counted) neutral. */
  seki: Set<string>;
  neutral: Set<string>;
  territory: { black: string[]; white: string[] } | null;
  canPlay: boolean;
  onPoint(p: string): void;
}

export function GoBoard(p: Props) {
  const n = p.size;
  const [cursor, setCursor] = useState<[number, number]>([Math.floor(n / 2), Math.floor(n / 2)]);
  const side = M * 2 + C * (n - 1);
  const color = new Map<string, Side>();
  p.black.forEach((s) => color.set(s, "black"));
  p.white.forEach((s) => color.set(s, "white"));
  const lines = [];
  for (let i = 0; i < n; i++) {
    lines.push(<line key={`h${i}`} x1={M} y1={M + i * C} x2={M + (n - 1) * C} y2={M + i * C} />);
    lines.push(<line key={`v${i}`} x1={M + i * C} y1={M} x2={M + i * C} y2={M + (n - 1) * C} />);
  }
  const letters = columnLetters(n);
  const points = [];
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      const pt = gtp(col, row, n);
      const c = color.get(pt);
      const x = M + col * C;
      const y = M + row * C;
      const isDead = p.dead.has(pt) || p.proposed.has(pt);
      const mark = c && isDead ? "dead" : c && p.seki.has(pt) ? "seki" : !c && p.neutral.has(pt) ? "neutral" : undefined;
      points.push(
        <g key={pt} data-point={pt} data-mark={mark} onClick={() => p.onPoint(pt)} class={`pt ${cursor[0] === col && cursor[1] === row ? "cursor" : ""}`}>
          <rect x={x - C / 2} y={y - C / 2} width={C} height={C} class="hit" />
          {c && <circle cx={x} cy={y} r={C / 2 - 1.5} class={`stone ${c} ${isDead ? "dead" : ""}`} />}
          {c && isDead && (
            <g class={`deadmark ${p.proposed.has(pt) ? "proposed" : ""}`}>
              <line x1={x - 6} y1={y - 6} x2={x + 6} y2={y + 6} />
              <line x1={x - 6} y1={y + 6} x2={x + 6} y2={y - 6} />
            </g>
          )}
          {mark === "seki" && (
            <polygon points={`${x},${y - 7} ${x + 6.5},${y + 5} ${x - 6.5},${y + 5}`} class={`sekimark ${c}`} pointer-events="none" />
          )}
          {mark === "neutral" && (
            <rect x={x - 4} y={y - 4} width={8} height={8} transform={`rotate(45 ${x} ${y})`} class="neutralmark" pointer-events="none" />
          )}
          {!c && p.canPlay && !p.marking && p.legal.has(pt) && <circle cx={x} cy={y} r={3} class="hover-dot" pointer-events="none" />}
          {p.lastMove === pt && c && <circle cx={x} cy={y} r={5} class={`last ${c}`} pointer-events="none" />}
        </g>,
      );
    }
  }
  const terr = [];
  if (p.territory) {
    for (const s of ["black", "white"] as Side[]) {
      for (const pt of p.territory[s]) {
        const q = fromGtp(pt, n);
        if (q) terr.push(<rect key={`t${pt}`} x={M + q.col * C - 5} y={M + q.row * C - 5} width={10} height={10} class={`terr ${s}`} />);
      }
    }
  }
  const onKey = (e: KeyboardEvent) => {
    const d: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (d[e.key]) {
      e.preventDefault();
      setCursor([Math.min(n - 1, Math.max(0, cursor[0] + d[e.key][0])), Math.min(n - 1, Math.max(0, cursor[1] + d[e.key][1]))]);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      p.onPoint(gtp(cursor[0], cursor[1], n));
    }
  };
  return (
    <svg
      viewBox={`0 0 ${side} ${side}`}
      class="goboard"
      role="grid"
      tabindex={0}
      onKeyDown={onKey}
      aria-label={t("goBoardLabel", { size: n, side: t(p.toMove) })}
    >
      <rect x={0} y={0} width={side} height={side} class="board-bg" />
      <g class="lines">{lines}</g>
      {starPoints(n).map(([c, r]) => (
        <circle key={`s${c}-${r}`} cx={M + c * C} cy={M + r * C} r={3} class="star" />
      ))}
      {letters.map((l, i) => (
        <text key={l} x={M + i * C} y={12} class="coord" text-anchor="middle">{l}</text>
      ))}
      {letters.map((_, i) => (
        <text key={`n${i}`} x={8} y={M + i * C + 4} class="coord" text-anchor="middle">{n - i}</text>
      ))}
      {terr}
      {points}
    </svg>
  );
}
