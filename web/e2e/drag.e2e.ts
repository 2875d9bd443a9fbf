// The shogi board's input in a real browser against a real server: a move dragged with the
// mouse, a drop dragged from the hand, a move by keyboard and one by clicks, each taken by the
// server; and a pending impasse proposal (ufs-2016 5.8.6) shown to both players until a move
// withdraws it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { register, shogiMove, shot, startSite, type Site } from "./harness";

let site: Site;
let alice: Page;
let bob: Page;

beforeAll(async () => {
  site = await startSite();
  alice = (await site.page()).page;
  bob = (await site.page()).page;
  // The first account of a server is its admin; the players come after.
  await register((await site.page()).page, "admin");
  await register(alice, "alice");
  await register(bob, "bob");
});

afterAll(async () => {
  await site?.close();
});

const api = async (id: number) => (await fetch(`${site.url}/api/games/${id}`)).json();

/** Waits until both players' move lists have `n` moves. */
async function played(n: number) {
  for (const p of [alice, bob]) await p.locator('[data-testid="moves"] li').nth(n - 1).waitFor();
}

/** A drag with the mouse in steps, from the centre of one element to that of another. */
async function drag(page: Page, from: string, to: string) {
  const a = (await page.locator(from).boundingBox())!;
  const b = (await page.locator(to).boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++)
    await page.mouse.move(a.x + a.width / 2 + ((b.x - a.x) * i) / 8, a.y + a.height / 2 + ((b.y - a.y) * i) / 8);
  await page.mouse.up();
}

describe("shogi board input", () => {
  it("takes dragged moves and drops, keyboard and clicks; shows a pending impasse proposal", async () => {
    // alice's challenge, ufs-2016 (it has the impasse count by agreement), untimed, alice Black.
    await alice.goto("/");
    await alice.selectOption('form [name="ruleset"]', "ufs-2016");
    await alice.selectOption('form [name="time-kind"]', "untimed");
    await alice.selectOption('form [name="color"]', "black");
    await alice.click('form button[type="submit"]');
    await alice.waitForURL(/\/game\/\d+$/);
    const id = Number(alice.url().split("/").pop());
    await bob.goto("/");
    await bob.click(`tr[data-game="${id}"] button`);
    await bob.waitForURL(new RegExp(`/game/${id}$`));
    // Both pages have the game live (the impasse proposal is offered only then).
    for (const p of [alice, bob]) await p.getByTestId("propose-impasse").waitFor();

    // 1. alice drags her pawn 7g to 7f with the mouse.
    await alice.evaluate(() => {
      const w = window as any;
      w.dbg = [];
      const orig = WebSocket.prototype.send;
      WebSocket.prototype.send = function (d: any) { w.dbg.push("WS " + String(d)); return orig.call(this, d); };
      const of = window.fetch;
      window.fetch = (...a: any[]) => { w.dbg.push("FETCH " + String(a[0]) + " " + String(a[1]?.body)); return (of as any)(...a); };
      for (const ty of ["pointerdown", "pointermove", "pointerup", "gotpointercapture", "lostpointercapture", "pointercancel", "click"])
        document.addEventListener(ty, (e: any) => w.dbg.push(`${ty} ${e.target?.tagName} ${e.clientX},${e.clientY} ${document.querySelector(".selected") ? "SEL" : ""}`), true);
    });
    await drag(alice, '[data-square="7g"] rect', '[data-square="7f"] rect');
    await alice.waitForTimeout(1500);
    console.log("EVENTS", (await alice.evaluate(() => (window as any).dbg)).join("\n"));
    await shot(alice, "dbg-drag");
    console.log("DBG", (await alice.locator("main").innerText()).slice(-600));
    await played(1);
    // 2. bob clicks 3c then 3d.
    await shogiMove(bob, "3c", "3d");
    await played(2);
    // 3. alice by keyboard: the cursor starts on 5g; to 8h, Enter, to 2b, Enter; then promotes.
    await alice.locator("svg.board").focus();
    for (const k of ["ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowDown", "Enter"]) await alice.keyboard.press(k);
    for (let i = 0; i < 6; i++) await alice.keyboard.press("ArrowRight");
    for (let i = 0; i < 6; i++) await alice.keyboard.press("ArrowUp");
    await alice.keyboard.press("Enter");
    await alice.getByRole("dialog").waitFor();
    await alice.getByRole("button", { name: "Promote", exact: true }).click();
    await played(3);
    // 4. bob drags his silver 3a onto the horse on 2b (Playwright's own drag: one mouse move).
    await bob.locator('[data-square="3a"] rect').dragTo(bob.locator('[data-square="2b"] rect'));
    await played(4);
    // 5. alice drags the bishop in her hand to 5e: a drop.
    await alice.locator('[data-hand="black"] [data-drop="B"]').waitFor();
    await drag(alice, '[data-hand="black"] [data-drop="B"]', '[data-square="5e"] rect');
    await played(5);
    await shot(alice, "drag-drop");
    let detail = await api(id);
    expect(detail.moves.map((m: { move: string }) => m.move)).toEqual(["7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"]);
    expect(await alice.locator('[data-hand="black"] [data-drop="B"]').count()).toBe(0);

    // 6. bob proposes the impasse count: he sees that it waits, alice that it is hers to accept.
    expect(await alice.getByTestId("accept-impasse").count()).toBe(0);
    await bob.getByTestId("propose-impasse").click();
    const mine = bob.getByTestId("impasse-proposal");
    await mine.waitFor();
    expect(await mine.textContent()).toContain("waiting for your opponent's agreement");
    const theirs = alice.getByTestId("impasse-proposal");
    await theirs.waitFor();
    expect(await theirs.textContent()).toContain("White proposes the impasse count");
    expect(await bob.getByTestId("accept-impasse").count()).toBe(0);
    await shot(alice, "impasse-proposed");
    detail = await api(id);
    expect(detail.view.position.impasse_proposed_by).toBe("white");
    // Accepting is sent; outside an impasse (both kings at home) the server refuses the count.
    await alice.getByTestId("accept-impasse").click();
    expect(await alice.getByTestId("refusal").textContent()).toMatch(/not an impasse/);
    // bob, to move, plays on (clicks): the move withdraws the proposal for both.
    await shogiMove(bob, "9c", "9d");
    await played(6);
    for (const p of [alice, bob]) await p.getByTestId("impasse-proposal").waitFor({ state: "detached" });
    detail = await api(id);
    expect(detail.view.position.impasse_proposed_by).toBeNull();
    expect(detail.moves.at(-1).move).toBe("9c9d");
  });
});
