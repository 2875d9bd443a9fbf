// A tournament's players acting for themselves in the browser against a real server
// (docs/protocol.md, "Tournaments"; docs/web-tournaments.md, "My tournament"): a player announces
// a half-point bye, takes it back and announces a zero-point one, which round 1 (paired by the
// arbiter over HTTP) gives him; the two players of an over-the-board board report its result —
// first differently (the arbiters decide), then one corrects and the result is entered; a stale
// page's report is refused and the page says why; another player withdraws with a reason. An
// anonymous viewer, a user not in the tournament, the arbiter and a player on someone else's card
// see no panel; a draw is offered only where one stands (ufs-2016, not fesa-2017); a board played
// online links to its game; the panel has every string in the five languages.
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { shot, siteForFile, type ApiClient } from "./harness";

const PASSWORD = "correct-horse-1";
const file = siteForFile(PASSWORD);
const { login, newAccount, getJson } = file;

/** A browser page logged in as `name` (an account made over HTTP), as the Swiss test logs its arbiter in. */
async function loggedIn(name: string, lang?: string): Promise<Page> {
  const { page } = await file.site.page({ lang });
  await page.goto("/login");
  await page.fill('input[name="name"]', name);
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button[type="submit"]');
  await page.getByTestId("whoami").waitFor();
  return page;
}

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? "").trim();

describe("a player's own actions on the tournament page", () => {
  const http: Record<string, ApiClient> = {};
  const pages: Record<string, Page> = {};
  let id = 0;
  // Account name → pairing number, and back.
  const number = new Map<string, number>();
  const nameOf = (n: number) => [...number].find(([, v]) => v === n)![0];
  let tm: any;
  const refresh = async () => (tm = await getJson(`/api/tournaments/${id}`));
  const me = (name: string) => tm.players.find((p: any) => p.number === number.get(name));
  /** Round 1's over-the-board board: its first-named and second-named players, and who has the pairing bye. */
  let first = "";
  let second = "";
  let byePlayer = "";

  beforeAll(async () => {
    // The first account of a server is its admin; he makes an arbiter, who makes the tournament.
    await newAccount("root");
    http.root = await login("root");
    for (const name of ["arb", "alice", "bob", "carol", "dave", "erin"]) await newAccount(name);
    const role = await http.root.req("PUT", "/api/users/arb/role", { role: "arbiter" });
    expect(role.status, JSON.stringify(role.json)).toBeLessThan(300);
    for (const name of ["arb", "alice", "bob", "carol", "dave", "erin"]) http[name] = await login(name);
    const made = await http.arb.req("POST", "/api/tournaments", { name: "Spring Swiss", system: "dutch", game: "shogi", rounds: 3, rules: "fesa-2017" });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    id = made.json.id;
    for (const name of ["alice", "bob", "carol", "dave"]) {
      const r = await http[name].req("POST", `/api/tournaments/${id}/players`, {});
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      number.set(name, r.json.player);
    }
    for (const name of ["alice", "bob", "carol", "dave"]) pages[name] = await loggedIn(name);
  });

  it("shows the panel to none but the tournament's players", async () => {
    // Anonymous.
    const anon = (await file.site.page()).page;
    await anon.goto(`/tournaments/${id}`);
    await anon.locator('[data-testid="players"]').waitFor();
    expect(await anon.getByTestId("my-tournament").count()).toBe(0);
    await anon.goto(`/tournaments/${id}/players/${number.get("alice")}`);
    await anon.getByTestId("player-details").waitFor();
    expect(await anon.getByTestId("my-tournament").count()).toBe(0);
    // A user not in the tournament: a Join button, no panel.
    const erin = await loggedIn("erin");
    await erin.goto(`/tournaments/${id}`);
    await erin.getByRole("button", { name: "Join" }).waitFor();
    expect(await erin.getByTestId("my-tournament").count()).toBe(0);
    // The arbiter (no player): his console, no panel.
    const arb = await loggedIn("arb");
    await arb.goto(`/tournaments/${id}`);
    await arb.getByTestId("arbiter-console").waitFor();
    expect(await arb.getByTestId("my-tournament").count()).toBe(0);
    // A player: the panel, not the console; on his own card, not on another's.
    const bob = pages.bob;
    await bob.goto(`/tournaments/${id}`);
    await bob.getByTestId("my-tournament").waitFor();
    expect(await bob.getByTestId("arbiter-console").count()).toBe(0);
    // Before round 1: nothing to report yet; a bye for round 1 and the withdrawal are offered.
    expect(await bob.getByTestId("my-round").count()).toBe(0);
    expect(await text(bob, '[data-testid="my-bye-line"]')).toBe("No bye announced for round 1.");
    await bob.goto(`/tournaments/${id}/players/${number.get("alice")}`);
    await bob.getByTestId("player-details").waitFor();
    expect(await bob.getByTestId("my-tournament").count()).toBe(0);
    await bob.goto(`/tournaments/${id}/players/${number.get("bob")}`);
    await bob.getByTestId("my-tournament").waitFor();
    for (const p of [anon, erin, arb]) await p.context().close();
  });

  it("lets a player announce a half-point bye, take it back, and announce a zero-point bye", async () => {
    const alice = pages.alice;
    await alice.goto(`/tournaments/${id}`);
    const panel = alice.getByTestId("my-tournament");
    await panel.waitFor();
    const myBye = panel.getByTestId("my-bye");
    const tableCell = alice.locator(`[data-testid="players"] tr[data-player="${number.get("alice")}"] td[data-bye-next]`);
    // No full-point bye for a player to take.
    expect(await panel.getByTestId("bye-full").count()).toBe(0);

    await panel.getByTestId("bye-half").click();
    await alice.locator('[data-testid="my-bye"][data-bye="half"]').waitFor();
    expect(await text(alice, '[data-testid="my-bye-line"]')).toBe("Your bye for round 1: Half-point bye.");
    await tableCell.filter({ hasText: "Half-point bye" }).waitFor();
    await refresh();
    expect(me("alice").bye_next).toBe("half");

    await panel.getByTestId("bye-none").click();
    await alice.locator('[data-testid="my-bye"][data-bye=""]').waitFor();
    expect(await text(alice, '[data-testid="my-bye-line"]')).toBe("No bye announced for round 1.");
    expect(await myBye.getByTestId("bye-none").count()).toBe(0);
    await refresh();
    expect(me("alice").bye_next).toBeNull();

    await panel.getByTestId("bye-zero").click();
    await alice.locator('[data-testid="my-bye"][data-bye="zero"]').waitFor();
    expect(await text(alice, '[data-testid="my-bye-line"]')).toBe("Your bye for round 1: Zero-point bye.");
    await tableCell.filter({ hasText: "Zero-point bye" }).waitFor();
    // Offered now: the other kind and taking it back.
    expect(await myBye.getByTestId("bye-half").count()).toBe(1);
    expect(await myBye.getByTestId("bye-zero").count()).toBe(0);
    expect(await myBye.getByTestId("bye-none").count()).toBe(1);
    await refresh();
    expect(me("alice").bye_next).toBe("zero");
    // Every change is in the audit log, in the player's own name.
    const audit = await http.arb.req("GET", `/api/tournaments/${id}/audit`);
    const byes = audit.json.entries.filter((e: any) => e.action === "bye").map((e: any) => [e.actor, e.detail]);
    const n = number.get("alice");
    expect(byes).toEqual([
      ["alice", `player ${n}: a half-point bye in round 1`],
      ["alice", `player ${n}: no bye after all in round 1`],
      ["alice", `player ${n}: a zero-point bye in round 1`],
    ]);
    await shot(alice, "player-bye-announced");
  });

  it("gives him in round 1, paired by the arbiter, the zero-point bye he announced", async () => {
    const paired = await http.arb.req("POST", `/api/tournaments/${id}/rounds`, {});
    expect(paired.status, JSON.stringify(paired.json)).toBe(200);
    await refresh();
    const r1 = tm.rounds[0];
    const alice = number.get("alice")!;
    expect(r1.announced).toEqual([{ player: alice, bye: "zero" }]);
    expect(r1.boards.flatMap((b: any) => [b.first, b.second])).not.toContain(alice);
    expect(r1.byes).not.toContain(alice);
    // The three others: one board, one pairing-allocated bye; nobody's game is started, so the
    // board is played over the board.
    expect(r1.boards.length).toBe(1);
    expect(r1.byes.length).toBe(1);
    expect(r1.boards[0].game).toBeNull();
    first = nameOf(r1.boards[0].first);
    second = nameOf(r1.boards[0].second);
    byePlayer = nameOf(r1.byes[0]);
    // The announced bye is not the next round's any more.
    expect(me("alice").bye_next).toBeNull();

    const page = pages.alice;
    const panel = page.getByTestId("my-tournament");
    await panel.locator('[data-testid="my-round"][data-kind="announced"][data-bye="zero"]').waitFor();
    expect(await text(page, '[data-testid="my-round"]')).toBe("Round 1: Zero-point bye.");
    await page.locator('[data-round="1"] [data-testid="announced"][data-bye="zero"]').filter({ hasText: "Zero-point bye: alice" }).waitFor();
    // The next bye offered is round 2's.
    expect(await text(page, '[data-testid="my-bye-line"]')).toBe("No bye announced for round 2.");
    // His card says the same.
    await page.goto(`/tournaments/${id}/players/${alice}`);
    await page.locator('[data-testid="player-rounds"] tr[data-round="1"][data-kind="announced"]').waitFor();
    await page.locator('[data-testid="my-tournament"] [data-testid="my-round"][data-kind="announced"]').waitFor();
    // The player with the pairing bye is told so.
    const bp = pages[byePlayer];
    await bp.goto(`/tournaments/${id}`);
    await bp.locator('[data-testid="my-round"][data-kind="bye"]').filter({ hasText: "Round 1: you have the pairing bye." }).waitFor();
  });

  it("takes two reports of the over-the-board game: differing ones wait for the arbiters, the same result is entered", async () => {
    const f = pages[first];
    const s = pages[second];
    // The first mover's page runs on Playwright's clock, to be paused below.
    await f.clock.install();
    for (const p of [f, s]) await p.goto(`/tournaments/${id}`);
    const report = (p: Page) => p.locator('[data-testid="my-tournament"] [data-testid="report"]');
    for (const [p, other, colour] of [
      [f, second, "☗ first mover"],
      [s, first, "☖ second mover"],
    ] as const) {
      await p.locator('[data-testid="report"][data-state="none"]').waitFor();
      expect(await text(p, '[data-testid="my-round"][data-kind="board"] p')).toBe(`Round 1, board 1: you play ${colour} against ${other}.`);
      // fesa-2017 replays a drawn game (12.2): no draw to report.
      expect(await report(p).getByTestId("report-win").count()).toBe(1);
      expect(await report(p).getByTestId("report-loss").count()).toBe(1);
      expect(await report(p).getByTestId("report-draw").count()).toBe(0);
    }
    // "I won" is the result with the first-named player first.
    expect(await report(f).getByTestId("report-win").getAttribute("data-result")).toBe("1-0");
    expect(await report(s).getByTestId("report-win").getAttribute("data-result")).toBe("0-1");

    // Both say they won.
    await report(f).getByTestId("report-win").click();
    await f.locator('[data-testid="report"][data-state="waiting"]').waitFor();
    expect(await text(f, '[data-testid="report-state"]')).toBe("You reported: you won. Waiting for your opponent's report.");
    await s.locator('[data-testid="report"][data-state="opponent"]').waitFor();
    expect(await text(s, '[data-testid="report-state"]')).toBe("Your opponent reported: you lost. Report yours.");
    await report(s).getByTestId("report-win").click();
    await s.locator('[data-testid="report"][data-state="differ"]').waitFor();
    expect(await text(s, '[data-testid="report-state"]')).toBe(
      "You reported: you won; your opponent: you lost. The reports differ: the arbiters decide.",
    );
    await f.locator('[data-testid="report"][data-state="differ"]').waitFor();
    expect(await text(f, '[data-testid="report-state"]')).toBe(
      "You reported: you won; your opponent: you lost. The reports differ: the arbiters decide.",
    );
    await refresh();
    const b = tm.rounds[0].boards[0];
    expect(b.result).toBeNull();
    expect([...b.reports].sort((x: any, y: any) => x.player - y.player)).toEqual(
      [
        { player: number.get(first), result: "1-0" },
        { player: number.get(second), result: "0-1" },
      ].sort((x, y) => x.player! - y.player!),
    );
    await shot(s, "player-reports-differ");
    // The arbiter's console lists the board as waiting for a decision.
    const arb = await loggedIn("arb");
    await arb.goto(`/tournaments/${id}`);
    await arb.locator('[data-testid="waiting"] li[data-round-board="1-1"][data-why="reports_differ"]').waitFor();
    expect(await text(arb, '[data-testid="waiting"] h3')).toBe("Waiting for the arbiters: 1");
    await arb.close();

    // The first mover's page stops asking the server (its clock paused): it stays as it is now.
    // A poll the pause itself fires has its answer before the correction.
    await f.clock.pauseAt(Date.now() + 1000);
    await new Promise((r) => setTimeout(r, 500));

    // The second mover corrects his report: the first mover won, and the result is entered.
    await report(s).getByTestId("report-loss").click();
    await s.locator('[data-testid="my-result"][data-result="1-0"]').waitFor();
    expect(await text(s, '[data-testid="my-result"]')).toBe("Result entered: 1-0 — you lost.");
    expect(await report(s).count()).toBe(0);
    await s.locator('[data-round="1"] tr[data-board="1"] td.board-result[data-result="1-0"]').waitFor();
    await s.locator('[data-round="1"]').getByTestId("round-status").filter({ hasText: "complete" }).waitFor();
    await refresh();
    expect(tm.rounds[0].boards[0].result).toBe("1-0");
    expect(tm.rounds[0].open).toBe(0);
    const row = (n: string) => tm.standings.rows.find((r: any) => r.number === number.get(n));
    expect(Number(row(first).score)).toBe(1);
    expect(Number(row(second).score)).toBe(0);
    const audit = await http.arb.req("GET", `/api/tournaments/${id}/audit`);
    expect(audit.json.entries.map((e: any) => e.action)).toContain("report");
    expect(audit.json.entries.find((e: any) => e.action === "result").detail).toContain("reported by both players");

    // The first mover's stale page still offers "I lost": the server refuses it (the board has its
    // result), and the page says why next to the board, then shows the result entered.
    const errorsBefore = file.site.errors.length;
    await report(f).getByTestId("report-loss").click();
    const refused = f.locator('[data-testid="my-round"] [data-testid="report-error"]');
    await refused.waitFor();
    expect(await refused.textContent()).toBe("Error: board 1 has its result: 1-0");
    await f.locator('[data-testid="my-result"][data-result="1-0"]').waitFor();
    expect(await text(f, '[data-testid="my-result"]')).toBe("Result entered: 1-0 — you won.");
    // The browser logs the refused request; that one error is expected.
    await expect.poll(() => file.site.errors.length).toBe(errorsBefore + 1);
    expect(file.site.errors.pop()).toMatch(/status of 409/);
    await shot(f, "player-report-refused");
    await f.clock.resume();
    await refresh();
    expect(tm.rounds[0].boards[0].result).toBe("1-0");
  });

  it("lets a player withdraw, with a confirmation and a reason; then the panel offers nothing", async () => {
    const p = pages[byePlayer];
    await p.goto(`/tournaments/${id}`);
    const panel = p.getByTestId("my-tournament");
    await panel.getByTestId("withdraw").click();
    const form = panel.getByTestId("withdraw-confirm");
    expect(await text(p, '[data-testid="withdraw-confirm"] p')).toBe("Withdraw from round 2 on? Only the arbiters can take you back.");
    // Not yet: "No" keeps him in.
    await form.getByTestId("withdraw-no").click();
    expect(await panel.getByTestId("withdraw-confirm").count()).toBe(0);
    await refresh();
    expect(me(byePlayer).status).toBe("active");

    await panel.getByTestId("withdraw").click();
    await form.locator('[name="withdraw-reason"]').fill("a family matter");
    await form.getByTestId("withdraw-yes").click();
    await p.locator('[data-testid="my-tournament"][data-status="withdrawn"]').waitFor();
    expect(await text(p, '[data-testid="my-status"]')).toBe("You have withdrawn from the tournament (from round 2).");
    for (const t of ["my-bye", "withdraw", "my-round", "report"]) expect(await panel.getByTestId(t).count(), t).toBe(0);
    await p.locator(`[data-testid="players"] tr[data-player="${number.get(byePlayer)}"] td[data-status="withdrawn"]`).waitFor();
    await refresh();
    expect([me(byePlayer).status, me(byePlayer).from_round]).toEqual(["withdrawn", 2]);
    const audit = await http.arb.req("GET", `/api/tournaments/${id}/audit`);
    const w = audit.json.entries.find((e: any) => e.action === "withdraw");
    expect([w.actor, w.detail, w.reason]).toEqual([byePlayer, `player ${number.get(byePlayer)} from round 2`, "a family matter"]);
    await shot(p, "player-withdrawn");

    // Round 2 is paired without him.
    const paired = await http.arb.req("POST", `/api/tournaments/${id}/rounds`, {});
    expect(paired.status, JSON.stringify(paired.json)).toBe(200);
    await refresh();
    const r2 = tm.rounds[1];
    expect([...r2.boards.flatMap((b: any) => [b.first, b.second]), ...r2.byes]).not.toContain(number.get(byePlayer));
  });

  it("renders the panel in the five languages without a missing string", async () => {
    // Round 2: a board (not reported yet) for two of the three still in, and the withdrawn player.
    const r2 = tm.rounds[1];
    const onBoard = nameOf(r2.boards[0].first);
    for (const lang of ["en", "ja", "ru", "uk", "pl"]) {
      for (const name of [onBoard, byePlayer]) {
        const p = await loggedIn(name, lang);
        await p.goto(`/tournaments/${id}`);
        const panel = p.getByTestId("my-tournament");
        await panel.waitFor();
        if (name === onBoard) {
          await panel.locator('[data-testid="report"][data-state="none"]').waitFor();
          await panel.getByTestId("withdraw").click();
          await panel.getByTestId("withdraw-confirm").waitFor();
        } else await panel.getByTestId("my-status").waitFor();
        const body = await panel.innerText();
        expect(body, `${lang} ${name}`).not.toContain("⟦");
        await p.context().close();
      }
    }
  });

  it("offers a draw where the ruleset has draws (ufs-2016), entered once both report it", async () => {
    const made = await http.arb.req("POST", "/api/tournaments", { name: "Draw Cup", system: "dutch", game: "shogi", rounds: 1, rules: "ufs-2016" });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const cup = made.json.id;
    for (const name of ["bob", "carol"]) {
      const r = await http[name].req("POST", `/api/tournaments/${cup}/players`, {});
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
    expect((await http.arb.req("POST", `/api/tournaments/${cup}/rounds`, {})).status).toBe(200);
    for (const name of ["bob", "carol"]) {
      const p = pages[name];
      await p.goto(`/tournaments/${cup}`);
      const draw = p.locator('[data-testid="my-tournament"] [data-testid="report-draw"]');
      expect(await draw.getAttribute("data-result")).toBe("½-½");
      await draw.click();
    }
    const last = pages.carol;
    await last.locator('[data-testid="my-result"][data-result="½-½"]').waitFor();
    expect(await text(last, '[data-testid="my-result"]')).toBe("Result entered: ½-½ — a draw.");
    expect((await getJson(`/api/tournaments/${cup}`)).rounds[0].boards[0].result).toBe("½-½");
    // Every planned round is paired: no bye and no withdrawal to offer any more.
    expect(await last.getByTestId("my-bye").count()).toBe(0);
    expect(await last.getByTestId("withdraw").count()).toBe(0);
  });

  it("links a board played online to its game instead of offering a report", async () => {
    const made = await http.arb.req("POST", "/api/tournaments", { name: "Online Cup", system: "dutch", game: "shogi", rounds: 1, rules: "fesa-2017" });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const cup = made.json.id;
    for (const name of ["bob", "carol"]) expect((await http[name].req("POST", `/api/tournaments/${cup}/players`, {})).status).toBe(201);
    expect((await http.arb.req("POST", `/api/tournaments/${cup}/rounds`, {})).status).toBe(200);
    const started = await http.arb.req("POST", `/api/tournaments/${cup}/rounds/1/games`);
    expect(started.status, JSON.stringify(started.json)).toBe(200);
    const game = started.json.started[0].game;
    const p = pages.bob;
    await p.goto(`/tournaments/${cup}`);
    const link = p.locator('[data-testid="my-tournament"] [data-testid="my-game"] a');
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(`/game/${game}`);
    expect(await p.getByTestId("report").count()).toBe(0);
  });

  it("logged no other browser error on any page", () => {
    expect(file.site.errors).toEqual([]);
  });
});
