// Clock display: what a side's clock shows at an instant, from the server's clock view (its
// `remaining` at `at`) and the time control of the game. The phase is named so nobody has to
// guess: main time, byo-yomi period n of N, Canadian moves in the period, Fischer.
import type { ClockView, Side, TimeControl } from "./types";

export type Phase =
  | { kind: "untimed" }
  | { kind: "main" }
  | { kind: "byo_yomi"; period: number; of: number }
  | { kind: "canadian"; movesLeft: number }
  | { kind: "fischer" }
  | { kind: "flag" };

export interface ClockFace {
  /** Time shown: main time in the main phase, else the current period's. */
  ms: number;
  text: string;
  phase: Phase;
  running: boolean;
  /** Whole seconds left in a byo-yomi period (for the count), else null. */
  countSeconds: number | null;
}

export function formatMs(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return (h > 0 ? `${h}:` : "") + `${mm}:${String(sec).padStart(2, "0")}`;
}

/** The side's clock at `now` (the server's time base). */
export function clockFace(view: ClockView | null, side: Side, tc: TimeControl | undefined, now: number): ClockFace {
  if (!view || !tc) return { ms: 0, text: "—", phase: { kind: "untimed" }, running: false, countSeconds: null };
  const i = side === "black" ? 0 : 1;
  const sc = view[side];
  const running = view.running === side && !view.paused;
  const rem = Math.max(0, view.remaining[i] - (running ? Math.max(0, now - view.at) : 0));
  if (sc.flag_fell_at !== null || rem === 0) {
    return { ms: 0, text: formatMs(0), phase: { kind: "flag" }, running: false, countSeconds: null };
  }
  const ot = sc.overtime;
  switch (ot.kind) {
    case "byo_yomi": {
      const budget = ot.period_ms * ot.periods;
      const of = tc.overtime.kind === "byo_yomi" ? tc.overtime.periods : ot.periods;
      if (rem > budget) return face(rem - budget, { kind: "main" }, running, null);
      const left = Math.ceil(rem / ot.period_ms); // periods left, the current one included
      const inPeriod = rem - (left - 1) * ot.period_ms;
      return face(inPeriod, { kind: "byo_yomi", period: of - left + 1, of }, running, Math.ceil(inPeriod / 1000));
    }
    case "canadian": {
      if (rem > ot.period_left_ms) return face(rem - ot.period_left_ms, { kind: "main" }, running, null);
      return face(rem, { kind: "canadian", movesLeft: ot.moves_left }, running, null);
    }
    case "fischer":
      return face(rem, { kind: "fischer" }, running, null);
    default:
      return face(rem, { kind: "main" }, running, null);
  }
}

function face(ms: number, phase: Phase, running: boolean, countSeconds: number | null): ClockFace {
  return { ms, text: formatMs(ms), phase, running, countSeconds };
}

/** A time control in words-free short form, e.g. `10:00 + 3×30s`, `5:00 + 10/5:00`, `3:00 + 2s`. */
export function tcShort(tc: TimeControl | undefined | null): string {
  if (!tc) return "∞";
  const main = formatMs(tc.main_ms);
  const o = tc.overtime;
  switch (o.kind) {
    case "byo_yomi":
      return `${main} + ${o.periods}×${o.period_ms / 1000}s`;
    case "canadian":
      return `${main} + ${o.moves}/${formatMs(o.period_ms)}`;
    case "fischer":
      return `${main} + ${o.increment_ms / 1000}s/move`;
    default:
      return main;
  }
}
