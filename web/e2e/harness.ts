// The browser tests' harness: a fresh `shinpan serve` on a free port with its own SQLite file,
// and Debian's chromium driven by playwright-core (browsers cannot be downloaded here). Every
// page's console errors and uncaught exceptions are collected; the tests fail on any.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, expect } from "vitest";

export const ROOT = resolve(__dirname, "../..");
export const BIN = process.env.SHINPAN_BIN ?? join(ROOT, "target/release/shinpan");
export const OUT = resolve(__dirname, "../test-results");
mkdirSync(OUT, { recursive: true });

async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => (typeof a === "object" && a ? res(a.port) : rej(new Error("no port"))));
    });
  });
}

/** The server's disconnection countdown in these tests (60 s by default). */
export const GRACE_S = 6;

export interface Site {
  url: string;
  browser: Browser;
  server: ChildProcess;
  errors: string[];
  page(opts?: { viewport?: { width: number; height: number }; lang?: string }): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

export async function startSite(): Promise<Site> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "shinpan-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(BIN, ["serve", "--database", `sqlite://${join(dir, "e2e.db")}`, "--listen", `127.0.0.1:${port}`, "--disconnect-grace", String(GRACE_S)], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) break;
    } catch {
      /* not yet */
    }
    if (i > 100) throw new Error("shinpan serve did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-dev-shm-usage"],
  });
  const errors: string[] = [];
  const site: Site = {
    url,
    browser,
    server,
    errors,
    async page(opts = {}) {
      const context = await browser.newContext({
        baseURL: url,
        viewport: opts.viewport ?? { width: 1280, height: 900 },
        locale: opts.lang ?? "en-US",
        acceptDownloads: true,
      });
      const page = await context.newPage();
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(`${page.url()}: ${m.text()}`);
      });
      page.on("pageerror", (e) => errors.push(`${page.url()}: ${e.message}`));
      return { context, page };
    },
    async close() {
      await browser.close();
      server.kill("SIGTERM");
    },
  };
  return site;
}

export async function register(page: Page, name: string, password = "correct-horse-1") {
  await page.goto("/register");
  await page.fill('input[name="name"]', name);
  await page.fill('input[name="password"]', password);
  await page.click('button[type="submit"]');
  await page.getByTestId("whoami").waitFor();
}

/** A move on the shogi board by clicking its two squares. */
export async function shogiMove(page: Page, from: string, to: string) {
  await page.click(`[data-square="${from}"] rect`);
  await page.click(`[data-square="${to}"] rect`);
}

export const shot = (page: Page, name: string) => page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });

/** A logged-in HTTP client of the API: the session cookie and its CSRF token. */
export interface ApiClient {
  name: string;
  req(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }>;
}

/** Logs `name` in over HTTP (for what a test does or tries outside the pages). */
export async function apiLogin(site: Site, name: string, password: string): Promise<ApiClient> {
  const r = await fetch(`${site.url}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password }),
  });
  expect(r.status, `login ${name}`).toBe(200);
  const { csrf } = (await r.json()) as { csrf: string };
  const cookie = r.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return {
    name,
    async req(method, path, body) {
      const res = await fetch(`${site.url}${path}`, {
        method,
        headers: { cookie, "x-csrf-token": csrf, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: any = text;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, json };
    },
  };
}

/** A new account over HTTP. */
export async function apiAccount(site: Site, name: string, password: string) {
  const r = await fetch(`${site.url}/api/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name, password }),
  });
  expect(r.status, `account ${name}: ${await r.clone().text()}`).toBeLessThan(300);
}

/** A GET of the API that must succeed, as JSON. */
export async function apiJson(site: Site, path: string): Promise<any> {
  const r = await fetch(`${site.url}${path}`);
  expect(r.status, path).toBe(200);
  return r.json();
}

/**
 * A site for a test file: started before its tests, closed after them, with the HTTP helpers
 * for its accounts (all with `password`). `file.site` is the site once the tests run.
 */
export function siteForFile(password: string) {
  const file = {
    site: undefined as unknown as Site,
    login: (name: string) => apiLogin(file.site, name, password),
    newAccount: (name: string) => apiAccount(file.site, name, password),
    getJson: (path: string) => apiJson(file.site, path),
  };
  beforeAll(async () => {
    file.site = await startSite();
  });
  afterAll(async () => {
    await file.site?.close();
  });
  return file;
}
