// The acceptance check of "Tournaments run on the server": an 8-player Dutch (Swiss) shogi
// tournament of three rounds, rated for FESA, run through the pages against a real server and
// checked against the command-line tool (the same binary): every round the page publishes is what
// `shinpan pair` makes of the TRF exported just before; the final standings on the page are what
// `shinpan standings` makes of the exported TRF; the rating list the arbiter publishes is what
// `shinpan rate fesa` makes of the exported FESA files. Along the way: players joining from their
// pages and entered by the arbiter (with and without accounts), two late entries, online games
// started from the page and played by scripted clients over HTTP (their results reach the boards
// by themselves), results entered on the page, a forfeit, a withdrawal from the player's page,
// and who may not do what.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { BIN, register, shot, siteForFile, type ApiClient } from "./harness";

const PASSWORD = "correct-horse-1";
const tmp = mkdtempSync(join(tmpdir(), "shinpan-swiss-"));

const file = siteForFile(PASSWORD);
const { login, newAccount, getJson } = file;
const getText = async (path: string) => {
  const r = await fetch(`${file.site.url}${path}`);
  expect(r.status, path).toBe(200);
  return r.text();
};

/** Runs the command-line tool (the binary that serves) and returns its standard output. */
const cli = (...args: string[]) => execFileSync(BIN, args, { encoding: "utf8" });

let files = 0;
function tempFile(name: string, content: string) {
  const f = join(tmp, `${++files}-${name}`);
  writeFileSync(f, content);
  return f;
}

/** bbpPairings' format: the number of pairs, then `FIRST SECOND` per board, a bye `ID 0`. */
function parsePairing(out: string) {
  const lines = out.trim().split("\n");
  const n = Number(lines[0]);
  const rest = lines.slice(1).map((l) => l.trim().split(/\s+/).map(Number));
  expect(rest.length, `pairs announced in ${JSON.stringify(out)}`).toBe(n);
  return {
    boards: rest.filter(([, b]) => b !== 0).map(([a, b]) => [a, b] as [number, number]),
    byes: rest.filter(([, b]) => b === 0).map(([a]) => a),
  };
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? "").trim();
const pairKey = (p: [number, number]) => `${p[0]}-${p[1]}`;

describe("a swiss tournament run on the server, checked against the command-line tool", () => {
  let arb: Page;
  const players: Record<string, Page> = {};
  const http: Record<string, ApiClient> = {};
  let id = 0;
  /** The tournament as the API gives it, asked again by `refresh`. */
  let tm: any;
  const refresh = async () => (tm = await getJson(`/api/tournaments/${id}`));
  const accountOf = (n: number): string | null => tm.players.find((p: any) => p.number === n)?.account ?? null;
  const nameOf = (n: number): string => tm.players.find((p: any) => p.number === n)!.name;
  let online = 0;
  let otb = 0;
  /** How each board was played, printed at the end. */
  const played: string[] = [];

  beforeAll(async () => {
    // The first account of a server is its admin; he makes two arbiters.
    await newAccount("root");
    http.root = await login("root");
    for (const name of ["arb", "other", "dave", "erin"]) await newAccount(name);
    for (const name of ["arb", "other"]) {
      const r = await http.root.req("PUT", `/api/users/${name}/role`, { role: "arbiter" });
      expect(r.status, JSON.stringify(r.json)).toBeLessThan(300);
    }
    arb = (await file.site.page()).page;
    await arb.goto("/login");
    await arb.fill('input[name="name"]', "arb");
    await arb.fill('input[name="password"]', PASSWORD);
    await arb.click('button[type="submit"]');
    await arb.getByTestId("whoami").waitFor();
    for (const name of ["alice", "bob", "carol"]) {
      players[name] = (await file.site.page()).page;
      await register(players[name], name, PASSWORD);
    }
    for (const name of ["arb", "other", "alice", "bob", "carol", "dave", "erin"]) http[name] = await login(name);
  });

  /**
   * Pairs the next round on the page after asking `shinpan pair` what it should be, and checks
   * that the round published (API and page) is the tool's.
   */
  async function pairRound(r: number) {
    const trf = await getText(`/api/tournaments/${id}/trf`);
    const want = parsePairing(cli("pair", tempFile(`before-round-${r}.trf`, trf)));
    await arb.getByTestId("pair-round").filter({ hasText: `Pair round ${r}` }).click();
    const round = arb.locator(`[data-round="${r}"]`);
    await round.waitFor();
    await refresh();
    const got = tm.rounds[r - 1];
    expect(got.number).toBe(r);
    const boards = got.boards.map((b: any) => [b.first, b.second] as [number, number]);
    // The same pairs, the same first movers, the same byes — and the same board order.
    expect(boards.map(pairKey).sort(), `round ${r}: the pairs`).toEqual(want.boards.map(pairKey).sort());
    expect([...got.byes].sort(), `round ${r}: the byes`).toEqual([...want.byes].sort());
    expect(boards, `round ${r}: the board order`).toEqual(want.boards);
    // The page shows the same boards, and the bye by name.
    await expect.poll(() => round.locator("tr[data-board]").count()).toBe(boards.length);
    for (const [i, [first, second]] of boards.entries()) {
      const tr = round.locator(`tr[data-board="${i + 1}"]`);
      expect([Number(await tr.getAttribute("data-first")), Number(await tr.getAttribute("data-second"))]).toEqual([first, second]);
      expect(await tr.locator("td").nth(1).textContent()).toBe(nameOf(first));
      expect(await tr.locator("td").nth(3).textContent()).toBe(nameOf(second));
    }
    if (want.byes.length > 0) await round.getByText(`Bye: ${want.byes.map(nameOf).join(", ")}`).waitFor();
    else expect(await round.getByText("Bye:").count()).toBe(0);
    return got.boards as { number: number; first: number; second: number }[];
  }

  /** Enters a board's result on the page and waits for the page to show it. */
  async function enterOnPage(r: number, board: number, result: string) {
    const form = arb.locator(`form[aria-label="Result ${r}-${board}"]`);
    await form.locator("select").selectOption(result);
    await form.locator('button[type="submit"]').click();
    await arb.locator(`[data-round="${r}"] tr[data-board="${board}"] td.board-result[data-result="${result}"]`).waitFor();
    otb++;
    played.push(`round ${r} board ${board}: ${result} entered on the page`);
  }

  /**
   * Plays a round: the boards whose two players have accounts online (started from the page,
   * played over HTTP by the players' scripted clients), the others over the board (entered on
   * the page); `special` gives some boards a result of the page's instead (a forfeit).
   */
  async function playRound(r: number, boards: { number: number; first: number; second: number }[], special: Map<number, string> = new Map()) {
    const round = arb.locator(`[data-round="${r}"]`);
    const onlineBoards = boards.filter((b) => !special.has(b.number) && accountOf(b.first) && accountOf(b.second));
    const pageBoards = boards.filter((b) => !onlineBoards.includes(b));
    // Over the board first, so that "Start online games" starts the others only.
    const results = ["1-0", "0-1", "½-½"];
    for (const [i, b] of pageBoards.entries()) await enterOnPage(r, b.number, special.get(b.number) ?? results[(i + r) % results.length]);
    if (onlineBoards.length === 0) return;
    await round.getByRole("button", { name: "Start online games" }).click();
    await round.getByText(`Online games started: ${onlineBoards.length}`).waitFor();
    await refresh();
    for (const [i, b] of onlineBoards.entries()) {
      const board = tm.rounds[r - 1].boards[b.number - 1];
      expect(board.game, `round ${r} board ${b.number} has its game`).toBeTruthy();
      const game = await getJson(`/api/games/${board.game}`);
      const seat = (s: any) => (typeof s === "string" ? s : s?.name);
      expect([seat(game.players.black), seat(game.players.white)], `game ${board.game}: Black is the first mover`).toEqual([
        accountOf(b.first),
        accountOf(b.second),
      ]);
      expect(game.ruleset).toBe("fesa-2017");
      expect(game.rated).toBe(true);
      const black = http[accountOf(b.first)!];
      const white = http[accountOf(b.second)!];
      const act = async (c: ApiClient, action: unknown) => {
        const res = await c.req("POST", `/api/games/${board.game}/actions`, { action });
        expect(res.status, JSON.stringify(res.json)).toBe(200);
        expect(res.json.answer.verdict, JSON.stringify(res.json)).toBe("accepted");
      };
      await act(black, { kind: "move", move: "7g7f" });
      await act(white, { kind: "move", move: "3c3d" });
      await act(black, { kind: "move", move: "2g2f" });
      // Alternately the first and the second mover resigns.
      const firstResigns = (i + r) % 2 === 0;
      await act(firstResigns ? black : white, { kind: "resign" });
      const result = firstResigns ? "0-1" : "1-0";
      // The referee's result reaches the board by itself (the page polls).
      await round.locator(`tr[data-board="${b.number}"] td.board-result[data-result="${result}"]`).waitFor({ timeout: 15_000 });
      online++;
      played.push(`round ${r} board ${b.number}: ${result} online (game ${board.game}, ${firstResigns ? "first" : "second"} mover resigned)`);
    }
  }

  it("lets an arbiter create a rated 3-round Dutch shogi tournament with its date on the page", async () => {
    await arb.goto("/tournaments");
    const form = arb.locator('form[aria-label="New tournament"]');
    await form.locator('[name="t-name"]').fill("Swiss Autumn Open");
    await form.locator('[name="t-game"]').selectOption("shogi");
    await form.locator('[name="t-system"]').selectOption("dutch");
    await form.locator('[name="t-rounds"]').fill("3");
    await form.locator('[name="t-rules"]').selectOption("fesa-2017");
    await form.locator('[name="t-date"]').fill("2026-11-21");
    await form.locator('[name="t-main"]').fill("30");
    await form.locator('[name="t-byoyomi"]').fill("30");
    await form.locator('[name="t-rated"]').check();
    await form.locator('button[type="submit"]').click();
    await arb.waitForURL(/\/tournaments\/\d+$/);
    id = Number(arb.url().split("/").pop());
    const facts = await text(arb, '[data-testid="tournament-facts"]');
    expect(facts).toContain("Swiss (Dutch)");
    expect(facts).toContain("fesa-2017");
    expect(facts).toContain("30:00 + 1×30s");
    expect(facts).toContain("Rated");
    expect(facts).toContain("Arbiters: arb");
    await refresh();
    expect(tm).toMatchObject({ name: "Swiss Autumn Open", game: "shogi", system: "dutch", rules: "fesa-2017", rated: true, rounds_planned: 3, arbiters: ["arb"] });
    expect(tm.time.main_ms).toBe(1_800_000);
    expect(await getText(`/api/tournaments/${id}/trf`)).toMatch(/^042 2026\/11\/21\s*$/m);
  });

  it("registers six players: three join from their pages, the arbiter enters three (one with an account)", async () => {
    for (const name of ["alice", "bob", "carol"]) {
      const p = players[name];
      await p.goto(`/tournaments/${id}`);
      await p.getByRole("button", { name: "Join" }).click();
      await p.getByTestId("my-number").waitFor();
    }
    const reg = arb.locator('form[aria-label="Register a player"]');
    const entries = [
      { name: "Dover, Dave", rating: "1650", grade: "1d", club: "Oslo", account: "dave" },
      { name: "Kato, Ken", rating: "1900", grade: "3d", club: "Lviv", account: "" },
      { name: "Lund, Lea", rating: "", grade: "5k", club: "Krakow", account: "" },
    ];
    for (const [i, e] of entries.entries()) {
      for (const k of ["name", "rating", "grade", "club", "account"] as const) await reg.locator(`[name="p-${k}"]`).fill(e[k]);
      await reg.locator('button[type="submit"]').click();
      await arb.locator('[data-testid="players"] tbody tr').nth(3 + i).waitFor();
    }
    await refresh();
    expect(tm.players.map((p: any) => [p.name, p.grade, p.account, p.status])).toEqual([
      ["alice", null, "alice", "active"],
      ["bob", null, "bob", "active"],
      ["carol", null, "carol", "active"],
      ["Dover, Dave", "1d", "dave", "active"],
      ["Kato, Ken", "3d", null, "active"],
      ["Lund, Lea", "5k", null, "active"],
    ]);
    expect(await arb.locator('[data-testid="players"] tbody tr').count()).toBe(6);
  });

  it("shows a player none of the arbiters' controls and refuses him, and another tournament's arbiter, the arbiters' requests", async () => {
    const p = players.alice;
    await p.goto(`/tournaments/${id}`);
    await p.locator('[data-testid="players"]').waitFor();
    expect(await p.locator("main").getAttribute("data-arbiter")).toBe("no");
    expect(await p.getByTestId("arbiter-console").count()).toBe(0);
    expect(await p.getByTestId("pair-round").count()).toBe(0);
    expect(await p.locator('form[aria-label="Register a player"]').count()).toBe(0);
    // By HTTP: a player may not pair, nor register someone else.
    expect((await http.alice.req("POST", `/api/tournaments/${id}/rounds`, {})).status).toBe(403);
    expect((await http.alice.req("POST", `/api/tournaments/${id}/players`, { name: "Ghost", account: "erin" })).status).toBe(403);
    // The arbiter of another tournament is no arbiter of this one.
    const other = await http.other.req("POST", "/api/tournaments", { name: "Other Cup", system: "dutch", game: "shogi", rounds: 2 });
    expect(other.status, JSON.stringify(other.json)).toBe(201);
    const refused = await http.other.req("POST", `/api/tournaments/${id}/rounds`, {});
    expect(refused.status, JSON.stringify(refused.json)).toBe(403);
    await refresh();
    expect(tm.rounds).toEqual([]);
  });

  it("pairs round 1 on the page as `shinpan pair` does and plays it online and over the board", async () => {
    const boards = await pairRound(1);
    expect(boards.length).toBe(3);
    await shot(arb, "swiss-round1-paired");
    // A player's result is refused while the board is open.
    const put = await http.alice.req("PUT", `/api/tournaments/${id}/rounds/1/boards/1`, { result: "1-0" });
    expect(put.status, JSON.stringify(put.json)).toBe(403);
    await playRound(1, boards);
    await arb.locator('[data-round="1"]').getByTestId("round-status").filter({ hasText: "complete" }).waitFor();
    // Nor may a player correct one.
    const correct = await http.bob.req("PUT", `/api/tournaments/${id}/rounds/1/boards/1`, { result: "--/--", reason: "mine" });
    expect(correct.status, JSON.stringify(correct.json)).toBe(403);
    await refresh();
    expect(tm.rounds[0].open).toBe(0);
  });

  it("takes two late entries before round 2", async () => {
    const reg = arb.locator('form[aria-label="Register a player"]');
    const entries = [
      { name: "Eng, Erin", rating: "", grade: "2k", club: "Oslo", account: "erin" },
      { name: "Mori, Mai", rating: "1500", grade: "1k", club: "", account: "" },
    ];
    for (const [i, e] of entries.entries()) {
      for (const k of ["name", "rating", "grade", "club", "account"] as const) await reg.locator(`[name="p-${k}"]`).fill(e[k]);
      await reg.locator('button[type="submit"]').click();
      await arb.locator('[data-testid="players"] tbody tr').nth(6 + i).waitFor();
    }
    await refresh();
    expect(tm.players.length).toBe(8);
    expect(tm.players.slice(6).map((p: any) => [p.number, p.name, p.grade, p.account])).toEqual([
      [7, "Eng, Erin", "2k", "erin"],
      [8, "Mori, Mai", "1k", null],
    ]);
    await arb.locator('[data-testid="audit"] td', { hasText: "a late entry from round 2" }).first().waitFor();
    // Their round 1 is a zero-point bye: no points on the standings.
    for (const n of [7, 8]) {
      const row = tm.standings.rows.find((x: any) => x.number === n);
      expect(Number(row.score), `player ${n}`).toBe(0);
    }
  });

  it("pairs round 2 as `shinpan pair` does, with a forfeit entered on the page", async () => {
    const boards = await pairRound(2);
    expect(boards.length).toBe(4);
    // The forfeit: a board over the board if there is one, else the last.
    const forfeit = boards.find((b) => !(accountOf(b.first) && accountOf(b.second))) ?? boards[boards.length - 1];
    await playRound(2, boards, new Map([[forfeit.number, "+/-"]]));
    await arb.locator('[data-round="2"]').getByTestId("round-status").filter({ hasText: "complete" }).waitFor();
    await refresh();
    expect(tm.rounds[1].boards[forfeit.number - 1].result).toBe("+/-");
    await shot(arb, "swiss-round2");
  });

  it("lets a player withdraw from his page before round 3, which `shinpan pair` and the page then pair without him", async () => {
    const p = players.carol;
    await p.goto(`/tournaments/${id}`);
    const mine = p.locator('[data-testid="players"] tr.me');
    // "My tournament" asks once more before it withdraws him.
    const panel = p.getByTestId("my-tournament");
    await panel.getByRole("button", { name: "Withdraw from the tournament" }).click();
    await panel.getByRole("button", { name: "Yes, withdraw" }).click();
    await mine.locator('td[data-status="withdrawn"]').waitFor();
    await refresh();
    const carol = tm.players.find((x: any) => x.account === "carol");
    expect([carol.status, carol.from_round]).toEqual(["withdrawn", 3]);

    const boards = await pairRound(3);
    // Seven players: three boards and a bye; carol is on none.
    expect(boards.length).toBe(3);
    expect(tm.rounds[2].byes.length).toBe(1);
    expect(boards.flatMap((b) => [b.first, b.second])).not.toContain(carol.number);
    expect(tm.rounds[2].byes).not.toContain(carol.number);
    await playRound(3, boards);
    await arb.locator('[data-round="3"]').getByTestId("round-status").filter({ hasText: "complete" }).waitFor();
    await arb.getByText("Every planned round is paired.").waitFor();
    // Both ways of playing were used.
    expect(online, "games played online").toBeGreaterThanOrEqual(2);
    expect(otb, "results entered on the page").toBeGreaterThanOrEqual(2);
  });

  it("shows the final standings as `shinpan standings` computes them from the exported TRF", async () => {
    const trf = await getText(`/api/tournaments/${id}/trf`);
    // An array of rows {rank, number, name, score, tiebreaks, rounds, …}, best first.
    const want: any[] = JSON.parse(cli("standings", tempFile("final.trf", trf), "--format", "json"));
    const wantRows: [string, string, string][] = want.map((r: any) => [String(r.rank), r.name, String(r.score)]);
    expect(wantRows.length).toBe(8);
    await arb.reload();
    const rows = arb.locator('[data-testid="standings"] tbody tr');
    await expect.poll(() => rows.count()).toBe(8);
    const got: [string, string, string][] = [];
    for (let i = 0; i < 8; i++) {
      const tds = rows.nth(i).locator("td");
      got.push([((await tds.nth(0).textContent()) ?? "").trim(), ((await tds.nth(2).textContent()) ?? "").trim(), ((await rows.nth(i).locator("td.score").textContent()) ?? "").trim()]);
    }
    expect(got).toEqual(wantRows);
    // The API's standings are the tool's, tie-breaks and crosstable included.
    await refresh();
    expect(tm.standings.rows).toEqual(want);
    // A player's page shows the same table.
    const p = players.bob;
    await p.goto(`/tournaments/${id}`);
    const prow = p.locator('[data-testid="standings"] tbody tr');
    await expect.poll(() => prow.count()).toBe(8);
    for (let i = 0; i < 8; i++) expect(((await prow.nth(i).locator("td").nth(2).textContent()) ?? "").trim()).toBe(wantRows[i][1]);
    await shot(arb, "swiss-standings");
  });

  it("rates the tournament from the page as `shinpan rate fesa` does on the exported files", async () => {
    // A player may not rate it.
    expect((await http.alice.req("POST", `/api/tournaments/${id}/rate`)).status).toBe(403);
    const fesa = await getJson(`/api/tournaments/${id}/fesa`);
    expect(fesa.list).toBeNull();
    expect(fesa.tournament.startsWith("[Swiss Autumn Open]\n[2026-11-21]\n")).toBe(true);
    const args = ["rate", "fesa", "--tournament", tempFile("turnering.txt", fesa.tournament), "--new-players", tempFile("nye-spillere", fesa.new_players)];
    if (fesa.list !== null) args.push("--list", tempFile("ratingliste.pre", fesa.list));
    const want = JSON.parse(cli(...args, "--json"));
    expect(want.length).toBe(8);

    await arb.reload();
    const rate = arb.getByTestId("rate");
    const answer = arb.waitForResponse((r) => r.url().endsWith(`/api/tournaments/${id}/rate`) && r.request().method() === "POST");
    await rate.click();
    const res = await answer;
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual(want);
    await arb.getByTestId("rated").filter({ hasText: "FESA rating list published: 8 players" }).waitFor();
    // The tournament is in the published list now (`rated_list`): the button is gone.
    await expect.poll(() => arb.getByTestId("rate").count()).toBe(0);
    expect((await getJson(`/api/tournaments/${id}`)).rated_list).toBe(true);
    await shot(arb, "swiss-rated");
    // Rated once; the list published is the new one in force.
    expect((await http.arb.req("POST", `/api/tournaments/${id}/rate`)).status).toBe(409);
    const list = await getText("/api/ratings/fesa?format=list");
    expect(list).toBe(cli(...args));
  });

  it("logged no console error on any page", () => {
    console.info(played.join("\n"));
    expect(file.site.errors).toEqual([]);
  });
});
