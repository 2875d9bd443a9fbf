// The arbiter's console of a tournament in the browser against a real server (docs/protocol.md,
// "Tournaments"; docs/web-tournaments.md): the arbiter announces a half-point bye for a player,
// forbids two players to meet, pairs round 1, pairs it again by hand with a reason, corrects a
// player's details, starts the online games and watches their clocks on the console; a
// player's card and the printable pairing cards; a player's page shows none of the console; a
// round drafted, changed by hand and published, and a stale draft discarded.
// What the server refuses is tried over HTTP from here, never from a page (whose console would
// log the failed request).
import { beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { register, shot, siteForFile, type ApiClient } from "./harness";

const PASSWORD = "correct-horse-1";
const file = siteForFile(PASSWORD);
const { login, newAccount, getJson } = file;

const text = async (page: Page, selector: string) => ((await page.locator(selector).first().textContent()) ?? "").trim();

describe("the arbiter console of a tournament", () => {
  let admin: Page;
  let bob: Page;
  const http: Record<string, ApiClient> = {};
  let id = 0;
  // Name → pairing number.
  const number = new Map<string, number>();
  const nameOf = (n: number) => [...number].find(([, v]) => v === n)![0];
  let boards: [number, number][] = [];

  beforeAll(async () => {
    // The first account of a server is its admin: the tournament's arbiter.
    admin = (await file.site.page()).page;
    await register(admin, "admin");
    bob = (await file.site.page()).page;
    await register(bob, "bob");
    for (const name of ["alice", "carol", "dave"]) await newAccount(name);
    for (const name of ["admin", "alice", "bob", "carol", "dave"]) http[name] = await login(name);
    const made = await http.admin.req("POST", "/api/tournaments", {
      name: "Winter Cup",
      system: "dutch",
      game: "shogi",
      rounds: 3,
      rules: "fesa-2017",
      time: { main_ms: 600000, overtime: { kind: "byo_yomi", period_ms: 30000, periods: 1 } },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    id = made.json.id;
    for (const name of ["alice", "bob", "carol", "dave"]) {
      const r = await http[name].req("POST", `/api/tournaments/${id}/players`, {});
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      number.set(name, r.json.player);
    }
    const erin = await http.admin.req("POST", `/api/tournaments/${id}/players`, { name: "Erin Board", rating: 1400, club: "Lviv" });
    expect(erin.status, JSON.stringify(erin.json)).toBe(201);
    number.set("Erin Board", erin.json.player);
  });

  it("console: the arbiter announces a half-point bye for a player; everyone sees it; a player may not announce another's", async () => {
    await admin.goto(`/tournaments/${id}`);
    await admin.getByTestId("arbiter-console").waitFor();
    const form = admin.locator('form[aria-label="Bye for the next round"]');
    await form.locator('[name="bye-player"]').selectOption(String(number.get("Erin Board")));
    await form.locator('[name="bye-kind"]').selectOption("half");
    await form.locator('[name="bye-reason"]').fill("at a wedding");
    await form.locator('button[type="submit"]').click();
    const cell = (p: Page, n: number) => p.locator(`[data-testid="players"] tr[data-player="${n}"] td[data-bye-next]`);
    await cell(admin, number.get("Erin Board")!).filter({ hasText: "Half-point bye" }).waitFor();
    await admin.locator('[data-testid="audit"] td', { hasText: "at a wedding" }).waitFor();
    await bob.goto(`/tournaments/${id}`);
    await cell(bob, number.get("Erin Board")!).filter({ hasText: "Half-point bye" }).waitFor();

    // Over HTTP: a player announces no bye for another, nor a full-point one for himself.
    const other = await http.bob.req("POST", `/api/tournaments/${id}/players/${number.get("alice")}/bye`, { bye: "half" });
    expect(other.status, JSON.stringify(other.json)).toBe(403);
    const full = await http.bob.req("POST", `/api/tournaments/${id}/players/${number.get("bob")}/bye`, { bye: "full" });
    expect(full.status, JSON.stringify(full.json)).toBeGreaterThanOrEqual(400);
    expect((await getJson(`/api/tournaments/${id}`)).players.find((p: any) => p.number === number.get("bob")).bye_next).toBeNull();
  });

  it("console: the arbiter forbids alice and bob to meet; a player may not", async () => {
    const form = admin.locator('form[aria-label="Players who must never meet"]');
    // One number is not a pair: the page says so and sends nothing.
    await form.locator('[name="forbid-players"]').fill(String(number.get("alice")));
    await form.locator('button[type="submit"]').click();
    expect(await form.getByRole("alert").textContent()).toBe("Give two or more pairing numbers.");
    await form.locator('[name="forbid-players"]').fill(`${number.get("alice")}, ${number.get("bob")}`);
    await form.locator('[name="forbid-reason"]').fill("siblings");
    await form.locator('button[type="submit"]').click();
    await form.getByTestId("forbidden").filter({ hasText: `Forbidden: ${number.get("alice")}, ${number.get("bob")}` }).waitFor();
    await admin.locator('[data-testid="audit"] td', { hasText: "siblings" }).waitFor();
    const refused = await http.bob.req("POST", `/api/tournaments/${id}/forbidden`, { players: [number.get("carol"), number.get("dave")] });
    expect(refused.status, JSON.stringify(refused.json)).toBe(403);
  });

  it("console: pairs round 1 without the forbidden pair, then pairs it by hand with a reason", async () => {
    await admin.getByTestId("pair-round").click();
    const round = admin.locator('[data-round="1"]');
    await round.locator("tr[data-board]").nth(1).waitFor();
    expect(await round.locator("tr[data-board]").count()).toBe(2);
    boards = [];
    for (const b of [1, 2]) {
      const tr = round.locator(`tr[data-board="${b}"]`);
      boards.push([Number(await tr.getAttribute("data-first")), Number(await tr.getAttribute("data-second"))]);
    }
    const [a, b] = [number.get("alice")!, number.get("bob")!];
    const together = (p: [number, number]) => p.includes(a) && p.includes(b);
    expect(boards.some(together), `round 1: ${JSON.stringify(boards)}`).toBe(false);
    expect(boards.flat().sort()).toEqual(["alice", "bob", "carol", "dave"].map((n) => number.get(n)!).sort());
    // Erin's announced bye is the round's.
    await round.locator('[data-testid="announced"][data-bye="half"]').filter({ hasText: "Half-point bye: Erin Board" }).waitFor();

    // By hand: the other pairs that keep alice and bob apart.
    const [[x1, y1], [x2, y2]] = boards;
    const cross: [number, number][] = [
      [x1, y2],
      [x2, y1],
    ];
    const wanted: [number, number][] = cross.some(together)
      ? [
          [x1, x2],
          [y1, y2],
        ]
      : cross;
    await round.getByTestId("edit-pairing").click();
    const editor = admin.locator('form[aria-label="Edit pairing 1"]');
    for (const [i, [f, s]] of wanted.entries()) {
      await editor.locator(`[name="first-${i + 1}"]`).selectOption(String(f));
      await editor.locator(`[name="second-${i + 1}"]`).selectOption(String(s));
    }
    // Without a reason the page refuses and sends nothing.
    await editor.locator('button[type="submit"]').click();
    expect(await editor.getByRole("alert").textContent()).toBe("A reason is needed to pair by hand.");
    await editor.locator('[name="pairing-reason"]').fill("the two clubs travel together");
    await shot(admin, "console-pairing-editor");
    await editor.locator('button[type="submit"]').click();
    for (const [i, [f, s]] of wanted.entries()) await round.locator(`tr[data-board="${i + 1}"][data-first="${f}"][data-second="${s}"]`).waitFor();
    // The system's own pairs, which the hand pairing does not use.
    const sys = await text(admin, '[data-round="1"] [data-testid="system-pairs"]');
    expect(sys).toMatch(/^The system would pair: \d+-\d+( \d+-\d+)*$/);
    for (const [f, s] of boards) expect(sys).toContain(`${f}-${s}`);
    await admin.locator('[data-testid="audit"] td', { hasText: "the two clubs travel together" }).waitFor();
    boards = wanted;
    // Every page shows the new pairs.
    await bob.goto(`/tournaments/${id}`);
    for (const [i, [f, s]] of wanted.entries()) await bob.locator(`[data-round="1"] tr[data-board="${i + 1}"][data-first="${f}"][data-second="${s}"]`).waitFor();

    // Over HTTP: a player may not; nor may the arbiter without a reason.
    const path = `/api/tournaments/${id}/rounds/1/pairing`;
    const byPlayer = await http.bob.req("PUT", path, { boards: wanted, byes: [], reason: "mine" });
    expect(byPlayer.status, JSON.stringify(byPlayer.json)).toBe(403);
    const noReason = await http.admin.req("PUT", path, { boards: wanted, byes: [] });
    expect(noReason.status, JSON.stringify(noReason.json)).toBe(400);
    await shot(admin, "console-paired-by-hand");
  });

  it("console: corrects a player's details with a reason", async () => {
    const form = admin.locator('form[aria-label="Edit a player"]');
    await form.locator('[name="e-player"]').selectOption(String(number.get("Erin Board")));
    expect(await form.locator('[name="e-club"]').inputValue()).toBe("Lviv");
    await form.locator('[name="e-club"]').fill("Kyiv");
    await form.locator('[name="e-rating"]').fill("1450");
    await form.locator('[name="e-reason"]').fill("club misspelt on the entry form");
    await form.locator('button[type="submit"]').click();
    const row = admin.locator(`[data-testid="players"] tr[data-player="${number.get("Erin Board")}"]`);
    await row.locator("td", { hasText: "Kyiv" }).waitFor();
    expect(((await row.locator("td").nth(2).textContent()) ?? "").trim()).toBe("1450");
    await admin.locator('[data-testid="audit"] td', { hasText: "club misspelt on the entry form" }).waitFor();
    const refused = await http.bob.req("PUT", `/api/tournaments/${id}/players/${number.get("bob")}`, { club: "Mine" });
    expect(refused.status, JSON.stringify(refused.json)).toBe(403);
  });

  it("console: starts the online games and shows their live clocks", async () => {
    const round = admin.locator('[data-round="1"]');
    await round.getByRole("button", { name: "Start online games" }).click();
    await round.getByText("Online games started: 2").waitFor();
    // No pairing by hand once the games are started.
    await expect.poll(() => round.getByTestId("edit-pairing").count()).toBe(0);
    const live = admin.getByTestId("live-boards");
    await live.locator("tr[data-live-board]").nth(1).waitFor({ timeout: 10_000 });
    const tm = await getJson(`/api/tournaments/${id}`);
    const b1 = tm.rounds[0].boards[0];
    expect(b1.live, JSON.stringify(b1)).toBeTruthy();
    // The first mover of board 1 plays a move: the console shows it, Gote to move.
    const black = http[nameOf(b1.first)];
    const mv = await black.req("POST", `/api/games/${b1.game}/actions`, { action: { kind: "move", move: "7g7f" } });
    expect(mv.status, JSON.stringify(mv.json)).toBe(200);
    const row = live.locator('tr[data-live-board="1-1"]');
    await row.getByTestId("live-state").filter({ hasText: "☖ to move · moves played: 1" }).waitFor({ timeout: 10_000 });
    const clock = row.locator('td[data-clock="white"] .live-time');
    expect(await row.locator('td[data-clock="black"]').textContent()).toContain(nameOf(b1.first));
    expect(await clock.textContent()).toMatch(/^\d+:\d\d$/);
    // Gote's clock runs, and the console counts it down between polls.
    await row.locator('td[data-clock="white"].running').waitFor();
    const before = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(before);
    expect(await row.getByRole("link").getAttribute("href")).toBe(`/game/${b1.game}`);
    expect(await row.getByTestId("dispute").count()).toBe(0);
    await shot(admin, "console-live-boards");
  });

  it("console: opens a player's card from the players table and a round's printable pairings", async () => {
    const carol = number.get("carol")!;
    await admin.locator(`[data-testid="players"] tr[data-player="${carol}"] a`).click();
    await admin.waitForURL(new RegExp(`/tournaments/${id}/players/${carol}$`));
    expect(await text(admin, '[data-testid="player-name"]')).toBe(`Player ${carol}: carol`);
    const board = boards.findIndex((p) => p.includes(carol));
    const [f, s] = boards[board];
    const opp = f === carol ? s : f;
    const r1 = admin.locator('[data-testid="player-rounds"] tr[data-round="1"]');
    await r1.waitFor();
    expect(await r1.getAttribute("data-kind")).toBe("game");
    expect(await r1.locator("td[data-colour]").getAttribute("data-colour")).toBe(f === carol ? "first" : "second");
    expect(await r1.getByRole("link", { name: `${opp}. ${nameOf(opp)}` }).getAttribute("href")).toBe(`/tournaments/${id}/players/${opp}`);
    expect(await r1.getByRole("link", { name: /^#\d+$/ }).getAttribute("href")).toMatch(/^\/game\/\d+$/);
    expect(await text(admin, '[data-testid="player-rank"]')).toMatch(/^Rank \d+, 0 points$/);
    await shot(admin, "console-player-card");
    // The opponent's card, by its link.
    await r1.getByRole("link", { name: `${opp}. ${nameOf(opp)}` }).click();
    await admin.getByTestId("player-name").filter({ hasText: `Player ${opp}: ${nameOf(opp)}` }).waitFor();
    // Erin's card: round 1 was her half-point bye.
    await admin.goto(`/tournaments/${id}/players/${number.get("Erin Board")}`);
    const e1 = admin.locator('[data-testid="player-rounds"] tr[data-round="1"]');
    await e1.waitFor();
    expect(await e1.getAttribute("data-kind")).toBe("announced");
    expect(await e1.textContent()).toContain("Half-point bye");
    expect(((await e1.locator("td.points").textContent()) ?? "").trim()).toBe("0.5");
    expect(await admin.getByTestId("player-details").textContent()).toContain("Kyiv");

    // The printable pairings of round 1: no site header, the boards, a blank result column.
    await admin.goto(`/tournaments/${id}`);
    const href = await admin.locator('[data-round="1"] [data-testid="print-pairings"]').getAttribute("href");
    expect(href).toBe(`/tournaments/${id}/rounds/1/print`);
    await admin.goto(href!);
    const table = admin.getByTestId("print-table");
    await table.locator("tbody tr").nth(1).waitFor();
    expect(await admin.locator("header.top").count()).toBe(0);
    for (const [i, [f, s]] of boards.entries()) {
      const tds = table.locator(`tr[data-board="${i + 1}"] td`);
      expect(((await tds.nth(1).textContent()) ?? "").trim()).toBe(`${nameOf(f)} (${f})`);
      expect(((await tds.nth(2).textContent()) ?? "").trim()).toBe(`${nameOf(s)} (${s})`);
      expect(((await tds.nth(3).textContent()) ?? "").trim()).toBe("");
    }
    await admin.emulateMedia({ media: "print" });
    await shot(admin, "console-print-pairings");
    expect(await admin.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    await admin.emulateMedia({ media: "screen" });
  });

  it("console: a player's page shows none of the console, and his own card", async () => {
    await bob.goto(`/tournaments/${id}`);
    await bob.locator('[data-testid="players"]').waitFor();
    expect(await bob.locator("main").getAttribute("data-arbiter")).toBe("no");
    expect(await bob.getByTestId("arbiter-console").count()).toBe(0);
    expect(await bob.getByTestId("edit-pairing").count()).toBe(0);
    expect(await bob.getByTestId("live-boards").count()).toBe(0);
    for (const label of ["Bye for the next round", "Players who must never meet", "Edit a player", "Register a player"])
      expect(await bob.locator(`form[aria-label="${label}"]`).count()).toBe(0);
    // The standings link his card.
    await bob.locator(`[data-testid="standings"] tr[data-player="${number.get("bob")}"] a`).click();
    await bob.getByTestId("player-name").filter({ hasText: `Player ${number.get("bob")}: bob` }).waitFor();
  });

  it("console: renders the card and the print view in the five languages without a missing string", async () => {
    for (const lang of ["en", "ja", "ru", "uk", "pl"]) {
      const { page, context } = await file.site.page({ lang });
      for (const path of [`/tournaments/${id}/players/${number.get("Erin Board")}`, `/tournaments/${id}/rounds/1/print`]) {
        await page.goto(path);
        await page.locator("main h1").first().waitFor();
        await page.locator("main table").first().waitFor();
        const body = await page.locator("body").innerText();
        expect(body, `${lang} ${path}`).not.toContain("⟦");
      }
      await context.close();
    }
  });

  it("console: drafts a round, changes it by hand, publishes it; a stale draft is discarded", async () => {
    const made = await http.admin.req("POST", "/api/tournaments", { name: "Draft Cup", system: "dutch", game: "shogi", rounds: 2 });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const cup = made.json.id;
    for (const name of ["alice", "bob", "carol", "dave"]) {
      const r = await http[name].req("POST", `/api/tournaments/${cup}/players`, {});
      expect(r.status, JSON.stringify(r.json)).toBe(201);
    }
    await admin.goto(`/tournaments/${cup}`);
    await admin.getByTestId("draft-round").click();
    const draft = admin.locator('[data-draft-round="1"]');
    await draft.locator("tr[data-board]").nth(1).waitFor();
    const drafted: [number, number][] = [];
    for (const b of [1, 2]) {
      const tr = draft.locator(`tr[data-board="${b}"]`);
      drafted.push([Number(await tr.getAttribute("data-first")), Number(await tr.getAttribute("data-second"))]);
    }
    // Not public: a player's page has no round, the export no round either.
    await bob.goto(`/tournaments/${cup}`);
    await bob.locator('[data-testid="players"]').waitFor();
    expect(await bob.locator('[data-round="1"]').count()).toBe(0);
    expect(await bob.getByTestId("draft").count()).toBe(0);
    expect((await getJson(`/api/tournaments/${cup}`)).rounds).toEqual([]);
    // By hand as a draft: the first movers swapped, with a reason.
    await draft.getByTestId("edit-pairing").click();
    const editor = admin.locator('form[aria-label="Edit pairing 1"]');
    const swapped = drafted.map(([f, s]) => [s, f] as [number, number]);
    for (const [i, [f, s]] of swapped.entries()) {
      await editor.locator(`[name="first-${i + 1}"]`).selectOption(String(f));
      await editor.locator(`[name="second-${i + 1}"]`).selectOption(String(s));
    }
    await editor.locator('[name="pairing-reason"]').fill("the clubs asked for the other colours");
    await editor.locator('button[type="submit"]').click();
    for (const [i, [f, s]] of swapped.entries()) await draft.locator(`tr[data-board="${i + 1}"][data-first="${f}"][data-second="${s}"]`).waitFor();
    expect(await bob.locator('[data-round="1"]').count()).toBe(0);
    await shot(admin, "console-draft");
    await draft.getByTestId("publish-draft").click();
    await admin.locator('[data-round="1"] tr[data-board="2"]').waitFor();
    expect(await admin.getByTestId("draft").count()).toBe(0);
    await bob.goto(`/tournaments/${cup}`);
    for (const [i, [f, s]] of swapped.entries()) await bob.locator(`[data-round="1"] tr[data-board="${i + 1}"][data-first="${f}"][data-second="${s}"]`).waitFor();

    // Results entered elsewhere reach bob's open page at once: the server's events, not the
    // fallback poll (15 s), bring them.
    for (const b of [1, 2]) {
      const r = await http.admin.req("PUT", `/api/tournaments/${cup}/rounds/1/boards/${b}`, { result: "1-0" });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      const t0 = Date.now();
      await bob.locator(`[data-round="1"] tr[data-board="${b}"] .board-result[data-result="1-0"]`).waitFor({ timeout: 5000 });
      expect(Date.now() - t0).toBeLessThan(5000);
    }

    // Round 2 drafted; a bye announced after it makes it stale: it cannot be published.
    await admin.reload();
    await admin.getByTestId("draft-round").click();
    await admin.locator('[data-draft-round="2"] tr[data-board]').first().waitFor();
    const bye = await http.bob.req("POST", `/api/tournaments/${cup}/players/${(await getJson(`/api/tournaments/${cup}`)).players.find((p: { account: string }) => p.account === "bob").number}/bye`, { bye: "zero" });
    expect(bye.status, JSON.stringify(bye.json)).toBe(200);
    await admin.reload();
    await admin.getByTestId("draft-stale").waitFor();
    expect(await admin.getByTestId("publish-draft").isDisabled()).toBe(true);
    const refused = await http.admin.req("POST", `/api/tournaments/${cup}/rounds/2/publish`);
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    await admin.getByTestId("discard-draft").click();
    await expect.poll(() => admin.getByTestId("draft").count()).toBe(0);
    const audit = await http.admin.req("GET", `/api/tournaments/${cup}/audit`);
    const actions = audit.json.entries.map((e: { action: string }) => e.action);
    for (const a of ["draft", "pair_by_hand", "publish", "discard_draft"]) expect(actions).toContain(a);
  });

  it("console: logged no console error on any page", () => {
    expect(file.site.errors).toEqual([]);
  });
});
