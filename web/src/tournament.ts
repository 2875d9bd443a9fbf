// Pure helpers of the tournament pages (docs/protocol.md, "Tournaments"): result labels, a
// round's status, who may do what next, the time control from the form's two numbers.
import { t } from "./i18n";
import type { BoardResult, StandingsRow, TimeControl, Tournament, TournamentRound, User } from "./types";

/** The results an arbiter may enter, first mover first, as the director writes them. */
export const RESULTS: readonly BoardResult[] = ["1-0", "0-1", "½-½", "+/-", "-/+", "--/--"];

export const SYSTEMS = ["dutch", "mcmahon", "round-robin", "knockout"] as const;

/** A result as shown: the director's text, with what a forfeit means. */
export function resultLabel(r: BoardResult | null): string {
  if (r === null) return t("noResultYet");
  switch (r) {
    case "+/-":
      return `+/- (${t("forfeitFirstWins")})`;
    case "-/+":
      return `-/+ (${t("forfeitSecondWins")})`;
    case "--/--":
      return `--/-- (${t("doubleForfeit")})`;
    default:
      return r;
  }
}

/** "2 boards open", or "complete" once every board has its result. */
export function roundStatus(r: Pick<TournamentRound, "open">): string {
  if (r.open === 0) return t("roundComplete");
  return r.open === 1 ? t("oneBoardOpen") : t("boardsOpen", { n: r.open });
}

/** Whether entering `next` over `current` is a correction, which needs a reason. */
export const isCorrection = (current: BoardResult | null, next: BoardResult) => current !== null && current !== next;

/** The number of the next round to pair, or null when every planned round is paired. */
export function nextRound(tm: Pick<Tournament, "rounds" | "rounds_planned">): number | null {
  const n = tm.rounds.length + 1;
  return tm.rounds_planned && n > tm.rounds_planned ? null : n;
}

/** Boards of the last round still without a result (pairing the next is refused meanwhile). */
export const lastRoundOpen = (tm: Pick<Tournament, "rounds">) => tm.rounds[tm.rounds.length - 1]?.open ?? 0;

/** A logged-in player registers himself before the first round is paired. */
export const canJoin = (tm: Pick<Tournament, "rounds" | "me">, user: User | null) =>
  user !== null && tm.me.player === null && tm.rounds.length === 0;

/** The online games' time control: main minutes, then one byo-yomi period; 0 and 0 is untimed. */
export function tournamentTime(mainMinutes: number, byoYomiSeconds: number): TimeControl | null {
  if (!(mainMinutes > 0) && !(byoYomiSeconds > 0)) return null;
  return {
    main_ms: Math.round(Math.max(0, mainMinutes) * 60000),
    overtime: byoYomiSeconds > 0 ? { kind: "byo_yomi", period_ms: Math.round(byoYomiSeconds * 1000), periods: 1 } : { kind: "none" },
  };
}

/** A player's name by number, for the pairings. */
export function playerName(tm: Pick<Tournament, "players">, n: number): string {
  return tm.players.find((p) => p.number === n)?.name ?? `#${n}`;
}

/**
 * The standings name their tie-breaks (`buchholz`) where each row pairs its values with the
 * short label the printed standings use (`BH`): a column's header is the rows' label, else the
 * name; a cell is the value under the column's name, else at its place.
 */
export function tiebreakLabel(rows: readonly StandingsRow[], names: readonly string[], i: number): string {
  return rows[0]?.tiebreaks[i]?.[0] ?? names[i];
}

export function tiebreakValue(row: StandingsRow, name: string, i: number): string {
  return (row.tiebreaks.find(([k]) => k === name) ?? row.tiebreaks[i])?.[1] ?? "";
}

/** A date input's `YYYY-MM-DD` as TRF writes it (`YYYY/MM/DD`); empty: none. */
export const trfDate = (value: string) => value.trim().replace(/-/g, "/");

/** A rated shogi tournament with every planned round paired and no board open may be rated. */
export const canRate = (tm: Pick<Tournament, "rated" | "game" | "rounds" | "rounds_planned">) =>
  tm.rated && tm.game === "shogi" && tm.rounds.length > 0 && tm.rounds.length >= (tm.rounds_planned ?? 0) && lastRoundOpen(tm) === 0;
