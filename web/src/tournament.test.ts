import { afterEach, describe, expect, it } from "vitest";
import { setLang } from "./i18n";
import { RESULTS, canJoin, tiebreakLabel, tiebreakValue, isCorrection, lastRoundOpen, nextRound, playerName, resultLabel, roundStatus, tournamentTime, trfDate, canRate } from "./tournament";
import type { User } from "./types";

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
