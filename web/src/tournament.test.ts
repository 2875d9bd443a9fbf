import { afterEach, describe, expect, it } from "vitest";
import { setLang } from "./i18n";
import { RESULTS, canJoin, tiebreakLabel, tiebreakValue, isCorrection, lastRoundOpen, nextRound, playerName, resultLabel, roundStatus, tournamentTime, trfDate, canRate,
  announcedByes, byeLabel, canEditPairing, draftOf, draftProblem, pairsText, parseNumbers, playerRounds, resultPoints, roundPlayers,
  PLAYER_BYES, myLatestRound, myReport, outcomeFor, resultFor, waitingForArbiters } from "./tournament";
import type { TournamentBoard, TournamentRound, User } from "./types";

afterEach(() => setLang("en"));

const user: User = { id: 2, name: "bob", role: "player" };
const round = (open: number) => ({ number: 1, open, boards: [], byes: [] });

describe("tournament helpers", () => {
  it("offers the director's six results, first mover first", () => {
    expect(RESULTS).toEqual(["1-0", "0-1", "½-½", "+/-", "-/+", "--/--"]);
  });
  it("labels results, forfeits with what they mean", () => {
    expect(resultLabel("1-0")).toBe("1-0");
    expect(resultLabel("½-½")).toBe("½-½");
    expect(resultLabel("+/-")).toBe("+/- (forfeit, first wins)");
    expect(resultLabel("-/+")).toBe("-/+ (forfeit, second wins)");
    expect(resultLabel("--/--")).toBe("--/-- (both forfeited)");
    expect(resultLabel(null)).toBe("— no result —");
    setLang("ja");
    expect(resultLabel("--/--")).toBe("--/-- (双方不戦敗)");
  });
  it("says how many boards of a round are open", () => {
    expect(roundStatus(round(0))).toBe("complete");
    expect(roundStatus(round(1))).toBe("1 board open");
    expect(roundStatus(round(3))).toBe("3 boards open");
    setLang("pl");
    expect(roundStatus(round(2))).toBe("partie bez wyniku: 2");
  });
  it("asks a reason only to change an entered result", () => {
    expect(isCorrection(null, "1-0")).toBe(false);
    expect(isCorrection("1-0", "1-0")).toBe(false);
    expect(isCorrection("1-0", "0-1")).toBe(true);
  });
  it("knows the next round to pair and the last round's open boards", () => {
    expect(nextRound({ rounds: [], rounds_planned: 3 })).toBe(1);
    expect(nextRound({ rounds: [round(0), round(0)], rounds_planned: 3 })).toBe(3);
    expect(nextRound({ rounds: [round(0), round(0), round(0)], rounds_planned: 3 })).toBe(null);
    expect(nextRound({ rounds: [round(0)], rounds_planned: null })).toBe(2);
    expect(lastRoundOpen({ rounds: [] })).toBe(0);
    expect(lastRoundOpen({ rounds: [round(0), round(2)] })).toBe(2);
  });
  it("lets a logged-in non-player join before round 1 only", () => {
    const me = { arbiter: false, player: null };
    expect(canJoin({ rounds: [], me }, user)).toBe(true);
    expect(canJoin({ rounds: [], me }, null)).toBe(false);
    expect(canJoin({ rounds: [], me: { arbiter: false, player: 3 } }, user)).toBe(false);
    expect(canJoin({ rounds: [round(1)], me }, user)).toBe(false);
  });
  it("makes the online games' time control from minutes and byo-yomi seconds", () => {
    expect(tournamentTime(10, 30)).toEqual({ main_ms: 600000, overtime: { kind: "byo_yomi", period_ms: 30000, periods: 1 } });
    expect(tournamentTime(15, 0)).toEqual({ main_ms: 900000, overtime: { kind: "none" } });
    expect(tournamentTime(0, 30)).toEqual({ main_ms: 0, overtime: { kind: "byo_yomi", period_ms: 30000, periods: 1 } });
    expect(tournamentTime(0, 0)).toBe(null);
  });
  it("names players by number", () => {
    const players = [{ number: 1, name: "Bob", rating: 0, grade: null, club: "", federation: "", account: null, status: "active" as const, from_round: null }];
    expect(playerName({ players }, 1)).toBe("Bob");
    expect(playerName({ players }, 7)).toBe("#7");
  });
  it("heads the tie-break columns with the rows' labels and finds each value", () => {
    const row = { rank: 1, number: 1, name: "Bob", rating: 0, grade: null, club: "", federation: "", score: "2", tiebreaks: [["BH", "3"], ["SB", "2.5"]] as [string, string][], rounds: [] };
    expect(tiebreakLabel([row], ["buchholz", "sb"], 0)).toBe("BH");
    expect(tiebreakLabel([], ["buchholz", "sb"], 1)).toBe("sb");
    expect(tiebreakValue(row, "sb", 1)).toBe("2.5");
    expect(tiebreakValue({ ...row, tiebreaks: [["buchholz", "4"]] }, "buchholz", 0)).toBe("4");
    expect(tiebreakValue({ ...row, tiebreaks: [] }, "buchholz", 0)).toBe("");
  });
  it("writes a date input's day as TRF does", () => {
    expect(trfDate("2026-11-21")).toBe("2026/11/21");
    expect(trfDate("")).toBe("");
  });
  it("offers the FESA rating after the last round of a rated shogi tournament only", () => {
    const tm = { rated: true, game: "shogi" as const, rounds_planned: 2, rounds: [round(0), round(0)] };
    expect(canRate(tm)).toBe(true);
    expect(canRate({ ...tm, rounds: [round(0), round(1)] })).toBe(false);
    expect(canRate({ ...tm, rounds: [round(0)] })).toBe(false);
    expect(canRate({ ...tm, rated: false })).toBe(false);
    expect(canRate({ ...tm, game: "go" as const })).toBe(false);
    expect(canRate({ ...tm, rounds_planned: null, rounds: [] })).toBe(false);
  });
});

const board = (number: number, first: number, second: number, over: Partial<TournamentBoard> = {}): TournamentBoard => ({
  number, first, second, result: null, replayed: false, game: null, game_status: null, ...over,
});
const players = [1, 2, 3, 4, 5].map((number) => ({ number, name: `P${number}` }));

describe("the console's helpers", () => {
  it("lists the boards waiting for the arbiters: a dispute, a game ended without a result, reports that differ", () => {
    const live = { ply: 200, to_move: "black" as const, clock: null, disputed_by: "white" as const };
    const r1 = {
      number: 1,
      open: 4,
      byes: [],
      boards: [
        board(1, 1, 2, { game: 7, game_status: "live", live }),
        board(2, 3, 4, { game: 8, game_status: "finished" }),
        board(3, 5, 6, { reports: [{ player: 5, result: "1-0" }, { player: 6, result: "0-1" }] }),
        board(4, 7, 8, { reports: [{ player: 7, result: "1-0" }] }),
        board(5, 9, 10, { game: 9, game_status: "live", live: { ...live, disputed_by: null } }),
        board(6, 11, 12, { game: 10, game_status: "finished", result: "1-0" }),
      ],
    };
    const got = waitingForArbiters({ rounds: [r1] }).map((w) => [w.round, w.board.number, w.why]);
    expect(got).toEqual([
      [1, 1, "dispute"],
      [1, 2, "no_result"],
      [1, 3, "reports_differ"],
    ]);
  });

  it("no longer offers to rate once the results are in the published list", () => {
    const tm = { rated: true, game: "shogi" as const, rounds: [round(0)], rounds_planned: 1 };
    expect(canRate(tm)).toBe(true);
    expect(canRate({ ...tm, rated_list: false })).toBe(true);
    expect(canRate({ ...tm, rated_list: true })).toBe(false);
  });
  it("names the announced byes and groups a round's by kind", () => {
    expect(byeLabel("half")).toBe("Half-point bye");
    const r = { announced: [{ player: 3, bye: "zero" as const }, { player: 1, bye: "half" as const }, { player: 2, bye: "half" as const }] };
    expect(announcedByes({ players } as never, r)).toEqual([["half", ["P1", "P2"]], ["zero", ["P3"]]]);
    expect(announcedByes({ players } as never, {})).toEqual([]);
    setLang("ru");
    expect(byeLabel("full")).toBe("Bye на очко");
  });
  it("reads pairing numbers however they are typed, each once", () => {
    expect(parseNumbers("1, 4")).toEqual([1, 4]);
    expect(parseNumbers(" 3 7;3 x 0 9")).toEqual([3, 7, 9]);
    expect(parseNumbers("")).toEqual([]);
    expect(pairsText([[1, 4], [2, 3]])).toBe("1-4 2-3");
  });
  it("lets the last round be paired by hand only before its results and games", () => {
    const r1: TournamentRound = { number: 1, open: 0, boards: [board(1, 1, 2, { result: "1-0" })], byes: [] };
    const r2: TournamentRound = { number: 2, open: 2, boards: [board(1, 1, 3), board(2, 2, 4)], byes: [5] };
    const tm = { rounds: [r1, r2] };
    expect(canEditPairing(tm, r1)).toBe(false);
    expect(canEditPairing(tm, r2)).toBe(true);
    expect(canEditPairing(tm, { ...r2, boards: [board(1, 1, 3, { game: 7 }), board(2, 2, 4)] })).toBe(false);
    expect(canEditPairing(tm, { ...r2, boards: [board(1, 1, 3, { result: "½-½" }), board(2, 2, 4)] })).toBe(false);
    expect(draftOf(r2)).toEqual({ boards: [[1, 3], [2, 4]], byes: [5] });
    expect(roundPlayers(r2)).toEqual([1, 3, 2, 4, 5]);
  });
  it("checks a hand pairing places every player of the round once", () => {
    const all = [1, 2, 3, 4, 5];
    expect(draftProblem({ boards: [[1, 4], [2, 3]], byes: [5] }, all)).toBeNull();
    expect(draftProblem({ boards: [[1, 1], [2, 3]], byes: [5] }, all)).toBe("Board 1: player 1 on both sides.");
    expect(draftProblem({ boards: [[1, 4], [2, 4]], byes: [5] }, all)).toBe("Player 4 is placed twice.");
    expect(draftProblem({ boards: [[1, 4], [2, 3]], byes: [4] }, all)).toBe("Player 4 is placed twice.");
    expect(draftProblem({ boards: [[1, 4]], byes: [5] }, all)).toBe("Not placed: 2, 3.");
  });
  it("gives each side its points of a result", () => {
    expect(resultPoints("1-0")).toEqual([1, 0]);
    expect(resultPoints("-/+")).toEqual([0, 1]);
    expect(resultPoints("½-½")).toEqual([0.5, 0.5]);
    expect(resultPoints("--/--")).toEqual([0, 0]);
  });
  it("lays out a player's rounds: games, byes, announced byes, rounds he was not paired", () => {
    const rounds: TournamentRound[] = [
      { number: 1, open: 0, boards: [board(1, 2, 1, { result: "0-1", game: 12 }), board(2, 3, 4, { result: "1-0" })], byes: [5] },
      { number: 2, open: 1, boards: [board(1, 1, 3)], byes: [], announced: [{ player: 2, bye: "half" }] },
      { number: 3, open: 1, boards: [board(1, 3, 4)], byes: [1], announced: [] },
    ];
    const tm = { rounds };
    expect(playerRounds(tm, 1)).toEqual([
      { round: 1, kind: "game", board: 1, opponent: 2, colour: "second", result: "0-1", points: 1, game: 12, bye: null },
      { round: 2, kind: "game", board: 1, opponent: 3, colour: "first", result: null, points: null, game: null, bye: null },
      { round: 3, kind: "bye", board: null, opponent: null, colour: null, result: null, points: null, game: null, bye: null },
    ]);
    expect(playerRounds(tm, 2).map((r) => [r.kind, r.points, r.bye])).toEqual([["game", 0, null], ["announced", 0.5, "half"], ["none", null, null]]);
  });
});

describe("a player's own actions", () => {
  it("lets a player announce a half-point or a zero-point bye, not a full one", () => {
    expect(PLAYER_BYES).toEqual(["half", "zero"]);
  });
  it("turns 'I won' into the result with the first-named player first, and back", () => {
    const b = board(1, 3, 7);
    expect(resultFor(b, 3, "win")).toBe("1-0");
    expect(resultFor(b, 3, "loss")).toBe("0-1");
    expect(resultFor(b, 7, "win")).toBe("0-1");
    expect(resultFor(b, 7, "loss")).toBe("1-0");
    expect(resultFor(b, 7, "draw")).toBe("½-½");
    for (const me of [3, 7]) for (const o of ["win", "loss", "draw"] as const) expect(outcomeFor(b, me, resultFor(b, me, o))).toBe(o);
    expect(outcomeFor(b, 7, "+/-")).toBe("loss");
    expect(outcomeFor(b, 7, "-/+")).toBe("win");
    expect(outcomeFor(b, 3, "--/--")).toBeNull();
  });
  it("reads a board's reports from the player's side", () => {
    const b = (over: Partial<TournamentBoard>) => board(2, 3, 7, over);
    expect(myReport(b({}), 3)).toEqual({ state: "none", mine: null, theirs: null });
    expect(myReport(b({ reports: [] }), 3).state).toBe("none");
    expect(myReport(b({ reports: [{ player: 3, result: "1-0" }] }), 3)).toEqual({ state: "waiting", mine: "1-0", theirs: null });
    expect(myReport(b({ reports: [{ player: 3, result: "1-0" }] }), 7)).toEqual({ state: "opponent", mine: null, theirs: "1-0" });
    const differ = [{ player: 3, result: "1-0" as const }, { player: 7, result: "0-1" as const }];
    expect(myReport(b({ reports: differ }), 7)).toEqual({ state: "differ", mine: "0-1", theirs: "1-0" });
    expect(myReport(b({ reports: differ, result: "1-0" }), 7).state).toBe("entered");
    expect(myReport(b({ game: 12 }), 3).state).toBe("online");
  });
  it("finds the player in the latest round: his board, his pairing bye, his announced bye", () => {
    const rounds: TournamentRound[] = [
      { number: 1, open: 0, boards: [board(1, 1, 2, { result: "1-0" })], byes: [3] },
      { number: 2, open: 1, boards: [board(1, 3, 1)], byes: [4], announced: [{ player: 2, bye: "zero" }] },
    ];
    expect(myLatestRound({ rounds: [] }, 1)).toBeNull();
    expect(myLatestRound({ rounds }, 1)).toEqual({ round: 2, kind: "board", board: rounds[1].boards[0] });
    expect(myLatestRound({ rounds }, 4)).toEqual({ round: 2, kind: "bye" });
    expect(myLatestRound({ rounds }, 2)).toEqual({ round: 2, kind: "announced", bye: "zero" });
    expect(myLatestRound({ rounds }, 5)).toBeNull();
  });
});
