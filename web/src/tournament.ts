// Pure helpers of the tournament pages (docs/protocol.md, "Tournaments"): result labels, a
// round's status, who may do what next, the time control from the form's two numbers.
import { t } from "./i18n";
import type { AnnouncedBye, BoardResult, StandingsRow, TimeControl, Tournament, TournamentBoard, TournamentRound, User } from "./types";

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

/**
 * A rated shogi tournament with every planned round paired and no board open may be rated, once:
 * not after its results are in the published list (`rated_list`).
 */
export const canRate = (tm: Pick<Tournament, "rated" | "game" | "rounds" | "rounds_planned" | "rated_list">) =>
  tm.rated && !tm.rated_list && tm.game === "shogi" && tm.rounds.length > 0 && tm.rounds.length >= (tm.rounds_planned ?? 0) && lastRoundOpen(tm) === 0;

export const BYES: readonly AnnouncedBye[] = ["half", "zero", "full"];

/** "Half-point bye", "Zero-point bye", "Full-point bye". */
export const byeLabel = (b: AnnouncedBye) => t(`bye_${b}`);

/** A round's announced byes by kind, in the order half, zero, full: `[kind, names]`. */
export function announcedByes(tm: Pick<Tournament, "players">, round: Pick<TournamentRound, "announced">): [AnnouncedBye, string[]][] {
  const all = round.announced ?? [];
  return BYES.map((k): [AnnouncedBye, string[]] => [k, all.filter((a) => a.bye === k).map((a) => playerName(tm, a.player))]).filter(
    ([, names]) => names.length > 0,
  );
}

/** Pairing numbers typed in a field: `1, 4` or `1 4 7`; each once, in order. */
export function parseNumbers(text: string): number[] {
  const out: number[] = [];
  for (const w of text.split(/[^0-9]+/)) {
    const n = Number(w);
    if (w !== "" && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

/** Pairs as the arbiter reads them: `1-4 2-3`. */
export const pairsText = (pairs: readonly (readonly [number, number])[]) => pairs.map(([a, b]) => `${a}-${b}`).join(" ");

/**
 * The last round may be paired by hand before any of its results is entered and before any of
 * its online games is started.
 */
export function canEditPairing(tm: Pick<Tournament, "rounds">, round: Pick<TournamentRound, "number" | "boards">): boolean {
  return round.number === tm.rounds.length && round.boards.every((b) => b.result === null && b.game === null);
}

/** A pairing by hand: the boards (first, second) and the pairing-allocated byes. */
export interface PairingDraft {
  boards: [number, number][];
  byes: number[];
}

/** A round's pairing: its boards' players and its byes (a published round or a draft). */
export interface Paired {
  boards: { first: number; second: number }[];
  byes: number[];
}

export const draftOf = (round: Paired): PairingDraft => ({
  boards: round.boards.map((b): [number, number] => [b.first, b.second]),
  byes: [...round.byes],
});

/**
 * What is wrong with a draft whose round placed `players` (each once): a player placed twice, a
 * player left out, a board with one player on both sides; null when it may be sent.
 */
export function draftProblem(draft: PairingDraft, players: readonly number[]): string | null {
  const seen = new Set<number>();
  for (const [i, [a, b]] of draft.boards.entries()) if (a === b) return t("pairingSameTwice", { b: i + 1, n: a });
  for (const n of [...draft.boards.flat(), ...draft.byes]) {
    if (seen.has(n)) return t("pairingPlacedTwice", { n });
    seen.add(n);
  }
  const missing = players.filter((n) => !seen.has(n));
  if (missing.length > 0) return t("pairingMissing", { n: missing.join(", ") });
  return null;
}

/** Points of a result for the first mover and the second. */
export function resultPoints(r: BoardResult): [number, number] {
  switch (r) {
    case "1-0":
    case "+/-":
      return [1, 0];
    case "0-1":
    case "-/+":
      return [0, 1];
    case "½-½":
      return [0.5, 0.5];
    default:
      return [0, 0];
  }
}

/** A round of a player's card. */
export interface CardRound {
  round: number;
  /** `game`: paired on a board; `bye`: the pairing-allocated bye; `announced`: a bye he asked for; `none`: not paired. */
  kind: "game" | "bye" | "announced" | "none";
  board: number | null;
  opponent: number | null;
  colour: "first" | "second" | null;
  result: BoardResult | null;
  /** His points from this round, when known (a pairing-allocated bye's depend on the rules). */
  points: number | null;
  game: number | null;
  bye: AnnouncedBye | null;
}

/** Player `n`'s rounds, from the tournament's boards, byes and announced byes. */
export function playerRounds(tm: Pick<Tournament, "rounds">, n: number): CardRound[] {
  return tm.rounds.map((r): CardRound => {
    const base = { round: r.number, board: null, opponent: null, colour: null, result: null, points: null, game: null, bye: null };
    const b = r.boards.find((x) => x.first === n || x.second === n);
    if (b) {
      const first = b.first === n;
      return {
        ...base,
        kind: "game",
        board: b.number,
        opponent: first ? b.second : b.first,
        colour: first ? "first" : "second",
        result: b.result,
        points: b.result === null ? null : resultPoints(b.result)[first ? 0 : 1],
        game: b.game,
      };
    }
    if (r.byes.includes(n)) return { ...base, kind: "bye" };
    const a = r.announced?.find((x) => x.player === n);
    if (a) return { ...base, kind: "announced", bye: a.bye, points: { half: 0.5, zero: 0, full: 1 }[a.bye] };
    return { ...base, kind: "none" };
  });
}

/** The players a round placed: on its boards and its pairing-allocated byes. */
export const roundPlayers = (round: Paired) => [...round.boards.flatMap((b) => [b.first, b.second]), ...round.byes];

/** A points value as the standings write it: `1`, `0.5`, `0`. */
export const pointsText = (p: number | null) => (p === null ? "" : String(p));

// A player's own actions (the "My tournament" panel): his bye for the next round, his
// withdrawal, the result of his over-the-board game.

/** The byes a player may announce for himself; a full-point bye is the arbiters' to give. */
export const PLAYER_BYES: readonly AnnouncedBye[] = ["half", "zero"];

/** What a player says of his own game. */
export type Outcome = "win" | "loss" | "draw";

/** The result that says `outcome` for player `me` of `board`, the first-named player first. */
export function resultFor(board: Pick<TournamentBoard, "first" | "second">, me: number, outcome: Outcome): BoardResult {
  if (outcome === "draw") return "½-½";
  const first = board.first === me;
  return (outcome === "win") === first ? "1-0" : "0-1";
}

/** What a result means for player `me` of `board`: null for a double forfeit. */
export function outcomeFor(board: Pick<TournamentBoard, "first" | "second">, me: number, result: BoardResult): Outcome | null {
  if (result === "--/--") return null;
  const [a, b] = resultPoints(result);
  const mine = board.first === me ? a : b;
  const theirs = board.first === me ? b : a;
  return mine > theirs ? "win" : mine < theirs ? "loss" : "draw";
}

/** Where a board's over-the-board result stands for player `me`. */
export type ReportState =
  /** The board has its result. */
  | "entered"
  /** The board has an online game: the game gives the result. */
  | "online"
  /** Nobody reported. */
  | "none"
  /** He reported; his opponent did not yet. */
  | "waiting"
  /** His opponent reported; he did not yet. */
  | "opponent"
  /** Both reported, differently: the arbiters decide. */
  | "differ";

export interface MyReport {
  state: ReportState;
  mine: BoardResult | null;
  theirs: BoardResult | null;
}

/** The reports of `board` as player `me` reads them. */
export function myReport(board: Pick<TournamentBoard, "first" | "second" | "result" | "game" | "reports">, me: number): MyReport {
  const other = board.first === me ? board.second : board.first;
  const of = (n: number) => board.reports?.find((r) => r.player === n)?.result ?? null;
  const mine = of(me);
  const theirs = of(other);
  const state: ReportState =
    board.result !== null
      ? "entered"
      : board.game !== null
        ? "online"
        : mine === null
          ? theirs === null
            ? "none"
            : "opponent"
          : theirs === null || theirs === mine
            ? "waiting"
            : "differ";
  return { state, mine, theirs };
}

/** Player `me` in the latest round: his board, his pairing bye, his announced bye, or nothing. */
export type MyRound =
  | { round: number; kind: "board"; board: TournamentBoard }
  | { round: number; kind: "bye" }
  | { round: number; kind: "announced"; bye: AnnouncedBye };

export function myLatestRound(tm: Pick<Tournament, "rounds">, me: number): MyRound | null {
  const r = tm.rounds[tm.rounds.length - 1];
  if (!r) return null;
  const board = r.boards.find((b) => b.first === me || b.second === me);
  if (board) return { round: r.number, kind: "board", board };
  if (r.byes.includes(me)) return { round: r.number, kind: "bye" };
  const a = r.announced?.find((x) => x.player === me);
  return a ? { round: r.number, kind: "announced", bye: a.bye } : null;
}

/** Why a board waits for the arbiters. */
export type Waiting = "dispute" | "no_result" | "reports_differ";

/**
 * The boards that wait for an arbiter's decision, every round's: a Go finishing phase disputed
 * (rfg 7.2; ruled on the game page), an online game that ended with no result (a drawn replay,
 * no result: the arbiters enter one), two players' reports of an over-the-board game that differ.
 */
export function waitingForArbiters(tm: Pick<Tournament, "rounds">): { round: number; board: TournamentBoard; why: Waiting }[] {
  const out: { round: number; board: TournamentBoard; why: Waiting }[] = [];
  for (const r of tm.rounds)
    for (const b of r.boards) {
      if (b.result !== null) continue;
      const reports = b.reports ?? [];
      const why: Waiting | null = b.live?.disputed_by
        ? "dispute"
        : b.game !== null && (b.game_status === "finished" || b.game_status === "cancelled")
          ? "no_result"
          : b.game === null && reports.length === 2 && reports[0].result !== reports[1].result
            ? "reports_differ"
            : null;
      if (why) out.push({ round: r.number, board: b, why });
    }
  return out;
}
