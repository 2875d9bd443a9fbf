// A tournament in the browser against a real server (docs/protocol.md, "Tournaments";
// docs/web-tournaments.md): the admin creates a Dutch shogi tournament on the page, three
// players join it from theirs, the arbiter enters a fourth without an account, pairs round 1,
// starts its online game (which its first mover resigns), enters the other board's result and
// corrects it with a reason; the standings on the page follow. A player sees no arbiter control.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { register, shot, startSite, type Site } from "./harness";

let site: Site;

beforeAll(async () => {
  site = await startSite();
});

afterAll(async () => {
  await site?.close();
});

/** The text of a locator, trimmed. */
const text = async (page: Page, selector: string) => ((await page.locator(selector).textContent()) ?? "").trim();

describe("a tournament in the browser", () => {
  let admin: Page;
  const players: Record<string, Page> = {};
  let id = 0;
  // Pairing number → name, as the players table shows them.
  const names = new Map<number, string>();

  beforeAll(async () => {
    // The first account of a server is its admin: the tournament's arbiter.
    admin = (await site.page()).page;
    await register(admin, "admin");
    for (const name of ["alice", "bob", "carol"]) {
      players[name] = (await site.page()).page;
      await register(players[name], name);
    }
  });

  it("lets an arbiter create a Dutch shogi tournament on the page; a player may not", async () => {
    await players.alice.goto("/tournaments");
    await players.alice.getByText("Arbiters and admins create tournaments.").waitFor();
    expect(await players.alice.locator('form[aria-label="New tournament"]').count()).toBe(0);

    await admin.goto("/");
    await admin.getByRole("link", { name: "Tournaments" }).click();
    await admin.waitForURL(/\/tournaments$/);
    const form = admin.locator('form[aria-label="New tournament"]');
    await form.locator('[name="t-name"]').fill("Autumn Cup");
    await form.locator('[name="t-game"]').selectOption("shogi");
    await form.locator('[name="t-system"]').selectOption("dutch");
    await form.locator('[name="t-rounds"]').fill("3");
    await form.locator('[name="t-rules"]').selectOption("fesa-2017");
    await form.locator('[name="t-main"]').fill("10");
    await form.locator('[name="t-byoyomi"]').fill("30");
    await shot(admin, "tournament-new");
    await form.locator('button[type="submit"]').click();
    await admin.waitForURL(/\/tournaments\/\d+$/);
    id = Number(admin.url().split("/").pop());
    expect(await text(admin, '[data-testid="tournament-name"]')).toBe("Autumn Cup");
    const facts = await text(admin, '[data-testid="tournament-facts"]');
    expect(facts).toContain("Swiss (Dutch)");
    expect(facts).toContain("fesa-2017");
    expect(facts).toContain("10:00 + 1×30s");
    expect(facts).toContain("Arbiters: admin");
    await admin.getByTestId("arbiter-console").waitFor();

    // The list shows it, with its link.
    await players.alice.goto("/tournaments");
    await players.alice.locator(`tr[data-tournament="${id}"]`).getByRole("link", { name: "Autumn Cup" }).waitFor();
  });

  it("lets players join from their page and the arbiter register one without an account", async () => {
    for (const name of ["alice", "bob", "carol"]) {
      const p = players[name];
      await p.goto(`/tournaments/${id}`);
      await p.getByRole("button", { name: "Join" }).click();
      await p.getByTestId("my-number").waitFor();
      expect(await p.getByRole("button", { name: "Join" }).count()).toBe(0);
    }
    const reg = admin.locator('form[aria-label="Register a player"]');
    await reg.locator('[name="p-name"]').fill("Dan Board");
    await reg.locator('[name="p-rating"]').fill("1500");
    await reg.locator('[name="p-grade"]').fill("2k");
    await reg.locator('[name="p-club"]').fill("Lviv");
    await reg.locator('button[type="submit"]').click();
    const rows = admin.locator('[data-testid="players"] tbody tr');
    await rows.nth(3).waitFor();
    expect(await rows.count()).toBe(4);
    for (let i = 0; i < 4; i++) {
      const row = rows.nth(i);
      names.set(Number(await row.getAttribute("data-player")), ((await row.locator("td").nth(1).textContent()) ?? "").trim());
    }
    expect([...names.values()].sort()).toEqual(["Dan Board", "alice", "bob", "carol"]);
    const dan = admin.locator('[data-testid="players"] tr', { hasText: "Dan Board" });
    expect(await dan.locator("td").nth(5).textContent()).toBe("");
    expect(await dan.locator("td").nth(6).textContent()).toBe("active");
    // Each player sees his own number.
    for (const name of ["alice", "bob", "carol"]) {
      const n = [...names].find(([, v]) => v === name)![0];
      await players[name].getByTestId("my-number").filter({ hasText: `You play as number ${n}.` }).waitFor();
    }
    await shot(admin, "tournament-registered");
  });

  it("shows a player no arbiter control", async () => {
    const p = players.bob;
    await p.goto(`/tournaments/${id}`);
    await p.locator('[data-testid="players"]').waitFor();
    expect(await p.locator("main").getAttribute("data-arbiter")).toBe("no");
    expect(await p.getByTestId("arbiter-console").count()).toBe(0);
    expect(await p.getByTestId("pair-round").count()).toBe(0);
    expect(await p.locator('form[aria-label="Register a player"]').count()).toBe(0);
    expect(await p.getByRole("button", { name: "Start online games" }).count()).toBe(0);
  });

  it("pairs round 1, starts its online game, takes results from the game and the page, and corrects one with a reason", async () => {
    await admin.getByTestId("pair-round").click();
    const round = admin.locator('[data-round="1"]');
    await round.waitFor();
    expect(await round.getByTestId("round-status").textContent()).toContain("2 boards open");
    const boards: { board: number; first: number; second: number }[] = [];
    for (const b of [1, 2]) {
      const tr = round.locator(`tr[data-board="${b}"]`);
      boards.push({ board: b, first: Number(await tr.getAttribute("data-first")), second: Number(await tr.getAttribute("data-second")) });
    }
    expect(boards.flatMap((b) => [b.first, b.second]).sort()).toEqual([...names.keys()].sort());
    await shot(admin, "tournament-round1-paired");
    // Pairing again is refused while round 1 has boards without a result: the button says so.
    expect(await admin.getByTestId("pair-round").textContent()).toBe("Pair round 2");

    // The online game: the board whose two players have accounts (not Dan's).
    const dan = [...names].find(([, v]) => v === "Dan Board")![0];
    const online = boards.find((b) => b.first !== dan && b.second !== dan)!;
    const otb = boards.find((b) => b !== online)!;
    await round.getByRole("button", { name: "Start online games" }).click();
    await round.getByText("Online games started: 1").waitFor();
    const link = round.locator(`tr[data-board="${online.board}"] a`);
    await link.waitFor();
    const href = (await link.getAttribute("href"))!;
    expect(href).toMatch(/^\/game\/\d+$/);
    expect(await round.locator(`tr[data-board="${otb.board}"] a`).count()).toBe(0);

    // The first mover (Black) resigns his game: the referee's result reaches the board.
    const first = players[names.get(online.first)!];
    await first.goto(`/tournaments/${id}`);
    await first.locator(`[data-round="1"] tr[data-board="${online.board}"] a`).click();
    await first.waitForURL(new RegExp(`${href}$`));
    await first.locator('[data-clock="black"].running').waitFor();
    first.once("dialog", (d) => d.accept());
    await first.getByRole("button", { name: "Resign" }).click();
    await first.getByTestId("result").waitFor();
    await round.locator(`tr[data-board="${online.board}"] td.board-result[data-result="0-1"]`).waitFor({ timeout: 15_000 });

    // The over-the-board game's result, entered on the page.
    const form = (b: number) => admin.locator(`form[aria-label="Result 1-${b}"]`);
    await form(otb.board).locator("select").selectOption("0-1");
    await form(otb.board).locator('button[type="submit"]').click();
    await round.locator(`tr[data-board="${otb.board}"] td.board-result[data-result="0-1"]`).waitFor();
    await round.getByTestId("round-status").filter({ hasText: "complete" }).waitFor();

    // A correction needs a reason: refused by the page without one, taken with one.
    await form(otb.board).locator("select").selectOption("1-0");
    await form(otb.board).locator('button[type="submit"]').click();
    expect(await form(otb.board).getByRole("alert").textContent()).toBe("A reason is needed to correct a result.");
    await form(otb.board).locator('input[name^="reason"]').fill("scoresheet misread");
    await form(otb.board).locator('button[type="submit"]').click();
    await round.locator(`tr[data-board="${otb.board}"] td.board-result[data-result="1-0"]`).waitFor();
    await admin.locator('[data-testid="audit"] td', { hasText: "scoresheet misread" }).waitFor();
    await shot(admin, "tournament-round1-results");

    // The standings: the winners have a point, the losers none, on every page.
    const points = new Map<number, string>([
      [online.first, "0"],
      [online.second, "1"],
      [otb.first, "1"],
      [otb.second, "0"],
    ]);
    for (const p of [admin, players.alice, players.bob, players.carol]) {
      if (p !== admin) await p.goto(`/tournaments/${id}`);
      for (const [n, score] of points) {
        const cell = p.locator(`[data-testid="standings"] tr[data-player="${n}"] td.score`);
        await expect.poll(async () => ((await cell.textContent()) ?? "").trim(), { timeout: 10_000 }).toMatch(new RegExp(`^${score}(\\.0+)?$`));
      }
    }
    await shot(players.alice, "tournament-standings-player");

    // The printable standings and the TRF the page links to.
    const html = await fetch(`${site.url}${await admin.getByTestId("standings-html").getAttribute("href")}`);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain("Dan Board");
    const trf = await fetch(`${site.url}${await admin.getByTestId("trf").getAttribute("href")}`);
    expect(trf.status).toBe(200);
    expect(await trf.text()).toContain("Dan Board");

    // Round 2 is paired on the page now that round 1 is complete.
    await admin.getByTestId("pair-round").click();
    await admin.locator('[data-round="2"]').getByTestId("round-status").filter({ hasText: "2 boards open" }).waitFor();
    expect(await admin.getByTestId("pair-round").textContent()).toBe("Pair round 3");
  });

  it("renders the tournament pages in the five languages without a missing string", async () => {
    for (const lang of ["en", "ja", "ru", "uk", "pl"]) {
      const { page, context } = await site.page({ lang });
      for (const path of ["/tournaments", `/tournaments/${id}`]) {
        await page.goto(path);
        await page.locator("main h1").first().waitFor();
        await page.waitForTimeout(150);
        const body = await page.locator("body").innerText();
        expect(body, `${lang} ${path}`).not.toContain("⟦");
      }
      await context.close();
    }
  });

  it("logged no console error on any page", () => {
    expect(site.errors).toEqual([]);
  });
});
