// The server's JSON (docs/protocol.md, docs/schemas/server.json), as far as the client reads it.

export type Side = "black" | "white";
export type GameKind = "shogi" | "go";

export type OvertimeLeft =
  | { kind: "none" }
  | { kind: "byo_yomi"; period_ms: number; periods: number }
  | { kind: "canadian"; moves: number; period_ms: number; moves_left: number; period_left_ms: number }
  | { kind: "fischer"; increment_ms: number };

export type Overtime =
  | { kind: "none" }
  | { kind: "byo_yomi"; period_ms: number; periods: number }
  | { kind: "canadian"; moves: number; period_ms: number }
  | { kind: "fischer"; increment_ms: number };

export interface TimeControl {
  main_ms: number;
  overtime: Overtime;
}

export interface SideClock {
  main_ms: number;
  overtime: OvertimeLeft;
  flag_fell_at: number | null;
  spent_ms: number;
  moves: number;
}

export interface ClockView {
  at: number;
  black: SideClock;
  white: SideClock;
  remaining: [number, number];
  running: Side | null;
  paused: boolean;
  flag_at: number | null;
}

export interface DeclarationCondition {
  name: string;
  met: boolean;
  found: number;
  required: number;
}

export interface DeclarationView {
  article: string;
  side: Side;
  wins: boolean;
  conditions: DeclarationCondition[];
}

export type PositionView =
  | {
      game: "shogi";
      sfen: string;
      check: boolean;
      impasse_points: [number, number];
      impasse_proposed_by: Side | null;
      declaration: DeclarationView | null;
    }
  | {
      game: "go";
      size: number;
      black: string[];
      white: string[];
      captures: [number, number];
      main_game_ended: boolean;
      dead_proposal: [Side, string[]] | null;
      proposed_seki: string[];
      proposed_neutral: string[];
      disputed_by: Side | null;
      score: GoScore | null;
    };

export interface GoSideScore {
  territory: number;
  prisoners: number;
  stones: number;
  komi: number;
  total: number;
}

export interface GoScore {
  black: GoSideScore;
  white: GoSideScore;
  winner: Side | null;
  margin: number;
  territory_black: string[];
  territory_white: string[];
  seki: string[];
  neutral: string[];
}

export interface Outcome {
  result: "black_win" | "white_win" | "draw" | "no_result" | "unfinished";
  reason: string;
  article: string | null;
  ply: number;
  followup?: unknown;
}

export interface GameView {
  game: GameKind;
  ply: number;
  to_move: Side;
  position: PositionView;
  legal_moves: string[];
  clock: ClockView | null;
  outcome: Outcome | null;
}

export interface PlayedMove {
  move: string;
  ms: number;
  ja?: string;
  western?: string;
  /** Shogi: the position the move was played in. */
  sfen?: string;
  /** Go: the board the move was played on, rows from the top: `.` empty, `X` black, `O` white. */
  board?: string;
}

export interface Setup {
  ruleset: string;
  time?: { black: TimeControl; white: TimeControl } | null;
  board: { game: "shogi"; handicap?: string | null } | { game: "go"; size: number; handicap?: number; komi?: number | null };
  rated?: boolean;
}

export interface GameDetail {
  id: number;
  status: "open" | "live" | "finished" | "cancelled";
  game: GameKind;
  ruleset: string;
  setup: Setup;
  time: Setup["time"];
  rated: boolean;
  draw: unknown;
  players: { black: string | null; white: string | null };
  arbiter: string | null;
  moves: PlayedMove[];
  view: GameView;
  outcome: Outcome | null;
  created_ms: number;
}

export interface GameSummary {
  id: number;
  status: string;
  game: GameKind;
  ruleset: string;
  time: Setup["time"];
  rated: boolean;
  players: { black: string | null; white: string | null };
  created_ms: number;
}

export interface User {
  id: number;
  name: string;
  role: "player" | "arbiter" | "admin";
}

export type Refusal = { code: string; detail?: string; article?: string; [k: string]: unknown };
export type Answer = { verdict: "accepted" } | { verdict: "refused"; reason: Refusal };

export interface Countdown {
  side: Side;
  absent_since: number;
  claimable_at: number;
}

export type ServerMsg =
  | { type: "hello"; version: number; user: string | null }
  | { type: "event"; game: number; seq: number; t: number; actor: number | null; event: any; answer: Answer }
  | { type: "state"; game: number; seq: number; view: GameView; countdown?: Countdown }
  | { type: "ack"; id: number; game: number; seq: number; answer: Answer }
  | { type: "error"; id?: number; code: string; message: string };

export type Action = { kind: string; [k: string]: unknown };

/** An engine the server may seat (`GET /api/engines`). */
export interface EngineInfo {
  name: string;
  game: "shogi" | "go";
  protocol: "usi" | "gtp";
}

// Tournaments (docs/protocol.md, "Tournaments").

export type TournamentSystem = "dutch" | "mcmahon" | "round-robin" | "knockout";

/** A board's result as the director writes it, first mover first. */
export type BoardResult = "1-0" | "0-1" | "½-½" | "+/-" | "-/+" | "--/--";

/** `POST /api/tournaments`. */
export interface NewTournament {
  name: string;
  system: TournamentSystem;
  game: GameKind;
  rounds?: number;
  rules?: string;
  city?: string;
  date?: string;
  time_control?: string;
  seed?: number;
  /** The online games' time control; absent: untimed. */
  time?: TimeControl;
  rated?: boolean;
}

/** A row of `GET /api/tournaments`. */
export interface TournamentSummary {
  id: number;
  name: string;
  game: GameKind;
  system: TournamentSystem;
  rounds_planned: number | null;
  rounds_paired: number;
  players: number;
}

export interface TournamentPlayer {
  number: number;
  name: string;
  rating: number;
  grade: string | null;
  club: string;
  federation: string;
  account: string | null;
  status: "active" | "withdrawn" | "excluded";
  from_round: number | null;
  /** The bye he announced for the next round to pair, if any. */
  bye_next?: AnnouncedBye | null;
}

/** A bye announced ahead (TRF-2025 240): half a point, none, or a full point. */
export type AnnouncedBye = "half" | "zero" | "full";

/** A board's live game: the ply, who moves, the clock as in a game's view, a Go dispute. */
export interface BoardLive {
  ply: number;
  to_move: Side;
  clock: ClockView | null;
  /** A Go finishing phase waiting for the arbiter: the side that disputed. */
  disputed_by: Side | null;
}

export interface TournamentBoard {
  number: number;
  first: number;
  second: number;
  result: BoardResult | null;
  replayed: boolean;
  /** The handicap the board was paired with, if any (the server adds it; not in the contract's example). */
  handicap?: string | null;
  game: number | null;
  game_status: GameDetail["status"] | null;
  /** Present while the board's game is live. */
  live?: BoardLive | null;
  /** Its players' reports of an over-the-board game's result. */
  reports?: BoardReport[];
}

/** A player's report of his over-the-board game's result, first mover first. */
export interface BoardReport {
  player: number;
  result: BoardResult;
}

export interface TournamentRound {
  number: number;
  /** Boards without a result. */
  open: number;
  boards: TournamentBoard[];
  byes: number[];
  /** The round's announced byes (a late entry's earlier rounds are zero-point byes). */
  announced?: { player: number; bye: AnnouncedBye }[];
}

/** A row of the standings (`shinpan standings --format json`). */
export interface StandingsRow {
  rank: number;
  number: number;
  name: string;
  rating: number;
  grade: string | null;
  club: string;
  federation: string;
  score: string;
  mms?: string | null;
  tiebreaks: [string, string][];
  rounds: string[];
}

export interface Tournament {
  id: number;
  name: string;
  game: GameKind;
  system: TournamentSystem;
  rules: string;
  /** A drawn game stands as ½-½ (its ruleset does not replay it, and it is no knockout). */
  draws: boolean;
  time: TimeControl | null;
  rated: boolean;
  rounds_planned: number | null;
  arbiters: string[];
  players: TournamentPlayer[];
  rounds: TournamentRound[];
  standings: { tiebreaks: string[]; rows: StandingsRow[] };
  /** What the viewer is in this tournament: its arbiter, and his player number. */
  me: { arbiter: boolean; player: number | null };
  /** The tournament's results are in the published FESA list. */
  rated_list?: boolean;
  /** The next round paired but not published (the arbiters' view only). */
  draft?: RoundDraft | null;
}

/** A round paired as the arbiters' draft; `stale` once the tournament changed after it. */
export interface RoundDraft {
  round: number;
  boards: { number: number; first: number; second: number; handicap?: string }[];
  byes: number[];
  stale: boolean;
}

/** `PUT /api/tournaments/{id}/players/{n}`: what is given is corrected. */
export interface PlayerEdit {
  name?: string;
  rating?: number;
  grade?: string;
  club?: string;
  federation?: string;
  reason?: string;
}

/** The answer to a round paired by hand. */
export interface HandPairing {
  round: number;
  boards: { number: number; first: number; second: number }[];
  byes: number[];
  /** The pairs the system gives that the hand pairing does not use. */
  system_pairs: [number, number][];
}

/** `POST /api/tournaments/{id}/players`. */
export interface NewPlayer {
  name?: string;
  rating?: number;
  grade?: string;
  club?: string;
  federation?: string;
  account?: string;
}

export interface AuditEntry {
  seq: number;
  t_ms: number;
  actor: string | null;
  action: string;
  detail: unknown;
  reason: string | null;
}
