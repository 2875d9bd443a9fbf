// HTTP API (docs/protocol.md): JSON both ways; a changing request carries the session's CSRF
// token in X-CSRF-Token.
import type {
  AuditEntry,
  BoardResult,
  EngineInfo,
  GameDetail,
  GameSummary,
  AnnouncedBye,
  HandPairing,
  PlayerEdit,
  NewPlayer,
  NewTournament,
  Tournament,
  TournamentSummary,
  User,
  Action,
  Answer,
} from "./types";

export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
  ) {
    super(message);
  }
}

let csrf: string | null = null;

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (method !== "GET" && csrf) headers["x-csrf-token"] = csrf;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: "same-origin" });
  if (r.status === 204) return undefined as T;
  const text = await r.text();
  const json = text ? JSON.parse(text) : undefined;
  if (!r.ok) {
    const e = json?.error ?? { code: "internal", message: r.statusText };
    throw new ApiError(r.status, e.code, e.message);
  }
  return json as T;
}

// Whether this browser has logged in (the session cookie itself is HttpOnly): without it the
// client does not ask /api/me, whose 401 a browser would log as an error on every page.
const SESSION_FLAG = "shinpan.session";

export async function me(): Promise<User | null> {
  if (localStorage.getItem(SESSION_FLAG) !== "1") return null;
  const r = await fetch("/api/me", { credentials: "same-origin" });
  if (!r.ok) {
    localStorage.removeItem(SESSION_FLAG);
    return null;
  }
  const j = await r.json();
  csrf = j.csrf;
  return j.user as User;
}

export async function register(name: string, password: string): Promise<void> {
  await call("POST", "/api/accounts", { name, password });
}

export async function login(name: string, password: string): Promise<User> {
  const j = await call<{ user: User; csrf: string }>("POST", "/api/session", { name, password });
  csrf = j.csrf;
  localStorage.setItem(SESSION_FLAG, "1");
  return j.user;
}

export async function logout(): Promise<void> {
  await call("DELETE", "/api/session");
  csrf = null;
  localStorage.removeItem(SESSION_FLAG);
}

export const createToken = (name: string) => call<{ token: string; name: string }>("POST", "/api/tokens", { name });
export const listGames = (status: "open" | "live" | "finished") =>
  call<{ games: GameSummary[] }>("GET", `/api/games?status=${status}`).then((j) => j.games);
export const getGame = (id: number) => call<GameDetail>("GET", `/api/games/${id}`);
export const createGame = (body: unknown) => call<{ id: number; color: string; draw: unknown }>("POST", "/api/games", body);
export const acceptGame = (id: number) => call<{ id: number }>("POST", `/api/games/${id}/accept`);
export const cancelGame = (id: number) => call<void>("POST", `/api/games/${id}/cancel`);
export const act = (id: number, action: Action) => call<{ seq: number; answer: Answer }>("POST", `/api/games/${id}/actions`, { action });
export const claimAbsent = (id: number) => call<{ seq: number; answer: Answer }>("POST", `/api/games/${id}/claim-absent`);
export const recordUrl = (id: number, ext: string) => `/api/games/${id}.${ext}`;
export const listEngines = () => call<{ engines: EngineInfo[] }>("GET", "/api/engines").then((j) => j.engines);

// Tournaments (docs/protocol.md, "Tournaments").
const tour = (id: number) => `/api/tournaments/${id}`;
export const createTournament = (body: NewTournament) => call<{ id: number }>("POST", "/api/tournaments", body);
export const listTournaments = () => call<{ tournaments: TournamentSummary[] }>("GET", "/api/tournaments").then((j) => j.tournaments);
export const getTournament = (id: number) => call<Tournament>("GET", tour(id));
export const addTournamentArbiter = (id: number, name: string) => call<unknown>("POST", `${tour(id)}/arbiters`, { name });
export const registerPlayer = (id: number, body: NewPlayer) => call<{ player: number; round: number }>("POST", `${tour(id)}/players`, body);
export const withdrawPlayer = (id: number, player: number, body: { from_round?: number; reason?: string } = {}) =>
  call<unknown>("POST", `${tour(id)}/players/${player}/withdraw`, body);
export const pairRound = (id: number, body: { edition?: string; sente?: string; seed?: number; draft?: boolean } = {}) =>
  call<{ round: number; boards: unknown; byes: unknown }>("POST", `${tour(id)}/rounds`, body);
/** The draft of a round published as it stands, or discarded. */
export const publishDraft = (id: number, round: number) => call<unknown>("POST", `${tour(id)}/rounds/${round}/publish`);
export const discardDraft = (id: number, round: number) => call<unknown>("DELETE", `${tour(id)}/rounds/${round}/draft`);
export const startRoundGames = (id: number, round: number) =>
  call<{ started: { board: number; game: number }[] }>("POST", `${tour(id)}/rounds/${round}/games`);
export const enterResult = (id: number, round: number, board: number, body: { result: BoardResult; replayed?: boolean; reason?: string }) =>
  call<unknown>("PUT", `${tour(id)}/rounds/${round}/boards/${board}`, body);
export const tournamentAudit = (id: number) => call<{ entries: AuditEntry[] }>("GET", `${tour(id)}/audit`).then((j) => j.entries);
export const standingsUrl = (id: number, format: "json" | "text" | "csv" | "html" | "egf") => `${tour(id)}/standings?format=${format}`;
export const trfUrl = (id: number) => `${tour(id)}/trf`;
/** After the last round: the FESA rating of a rated shogi tournament, published as the new list. */
export const rateTournament = (id: number) =>
  call<{ name: string; rating: number; games: number; grade: string | null }[]>("POST", `${tour(id)}/rate`);
/** A bye announced for the next round to pair, or (`null`) taken back. */
export const announceBye = (id: number, player: number, bye: AnnouncedBye | null, reason?: string) =>
  call<{ round: number; bye: AnnouncedBye | null }>("POST", `${tour(id)}/players/${player}/bye`, { bye, ...(reason ? { reason } : {}) });
/** Players (pairing numbers) who must never meet. */
export const forbidPlayers = (id: number, players: number[], reason?: string) =>
  call<void>("POST", `${tour(id)}/forbidden`, { players, ...(reason ? { reason } : {}) });
/** The last round paired by hand, before any of its results or games; a reason is required. */
export const pairByHand = (id: number, round: number, body: { boards: [number, number][]; byes: number[]; reason: string }) =>
  call<HandPairing>("PUT", `${tour(id)}/rounds/${round}/pairing`, body);
/** A player's details corrected (what is given). */
export const editPlayer = (id: number, player: number, body: PlayerEdit) => call<unknown>("PUT", `${tour(id)}/players/${player}`, body);
/**
 * A board player's report of his over-the-board game's result; `entered` is the result once both
 * players reported the same, else null (one report missing, or the two differ).
 */
export const reportResult = (id: number, round: number, board: number, result: BoardResult) =>
  call<{ entered: BoardResult | null }>("POST", `${tour(id)}/rounds/${round}/boards/${board}/report`, { result });

/** What a failed request (or anything thrown) says: the server's message for an API error. */
export const errorMessage = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Runs a change: its error (the server's message) goes to `setError`, cleared first; `then`
 * (a reload) runs after it either way. Whether it succeeded.
 */
export async function attempt(f: () => Promise<unknown>, setError: (e: string | null) => void, then: () => Promise<unknown>): Promise<boolean> {
  setError(null);
  try {
    await f();
    return true;
  } catch (e) {
    setError(errorMessage(e));
    return false;
  } finally {
    await then();
  }
}
