/**
 * End to end: the floor page in Debian's chromium (playwright-core). The floor sees a misdeal alert
 * with its steps, signs in with the token, rules, and sees the table change. Skipped only when
 * /usr/bin/chromium is missing.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { readPhhFile } from "../../src/rules/phh/read.js";
import { phhToInputEvents } from "../../src/sim/phhScript.js";
import { createFloorServer, type FloorServer } from "../../src/web/server.js";
import { PHH_ROOT, REPO_ROOT } from "../support/paths.js";
import { faceOfTag, facesIn, feed, scenario, testRuntime, TOKEN } from "./harness.js";

const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = join(REPO_ROOT, "test/artifacts");
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) console.warn(`browser test skipped: ${CHROMIUM} is missing (apt-get install chromium)`);

describe.skipIf(!haveChromium)("floor page in chromium", () => {
  let browser: Browser;
  let page: Page;
  const servers: FloorServer[] = [];

  beforeAll(async () => {
    // playwright gives the browser a fresh temporary profile (--user-data-dir) itself.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await page?.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  /** A floor page on a free port, its table fed `events`; opens it in a new page. */
  let clock: ReturnType<typeof testRuntime> | null = null;
  async function open(events: Parameters<typeof feed>[2]): Promise<Page> {
    clock = testRuntime();
    const { runtime, setNow } = clock;
    // The page learns alerts from the table events, so it is attached before they flow.
    const server = createFloorServer({
      runtime,
      tableName: "Table 1",
      token: TOKEN,
      host: "127.0.0.1",
      port: 0,
      readers: ["bridge"],
    });
    servers.push(server);
    feed(runtime, setNow, events);
    const url = await server.listen();
    page = await browser.newPage({ viewport: { width: 1440, height: 980 } });
    page.setDefaultTimeout(30_000);
    // Only this server: nothing leaves localhost.
    await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    await page.goto(url);
    await page.locator("#connection[data-state=live]").waitFor();
    return page;
  }

  async function signIn(p: Page): Promise<void> {
    await p.fill("#token", TOKEN);
    await p.click("#sign-in button[type=submit]");
    await p.locator("#signed-in").waitFor();
  }

  it("shows the misdeal alert and its steps; a continue ruling clears it and releases the hand", async () => {
    const p = await open(scenario("misdeal-first-card"));
    const alert = p.locator('#alerts li[data-code="MISDEAL_FIRST_CARD"]');
    await alert.waitFor();
    expect(await alert.locator(".steps li").count()).toBeGreaterThan(0);
    expect(await p.locator("#held").isVisible()).toBe(true);
    // Before signing in the ruling buttons do nothing.
    expect(await alert.locator('button[data-ruling="continue"]').isDisabled()).toBe(true);

    await signIn(p);
    await p.screenshot({ path: join(ARTIFACTS, "floor-page.png"), fullPage: true });
    await alert.locator('button[data-ruling="continue"]').click();

    await alert.waitFor({ state: "detached" });
    await p.locator("#held").waitFor({ state: "hidden" });
    expect(await p.locator("#no-alerts").isVisible()).toBe(true);
    // The feed's clear can reach the page before the ruling's own reply: wait for the reply.
    await p.locator("#ruling-result", { hasText: '"continue" applied' }).waitFor();
    // The hand goes on: seat 3 still holds its card (a back, hole cards are hidden).
    expect(await p.locator('.seat[data-seat="3"] .card.back').count()).toBe(1);
  });

  it("a reader away shows its alert and antennas with no ruling button: it clears when the reader is back", async () => {
    const away = scenario("reader-offline").filter((e) => !(e.kind === "reader" && e.status === "online"));
    const p = await open(away);
    await signIn(p);
    const alert = p.locator('#alerts li[data-code="READER_OFFLINE"]');
    await alert.waitFor();
    expect(await alert.locator(".steps li").count()).toBeGreaterThan(0);
    expect(await p.textContent("#readers")).toContain("OFFLINE");
    expect(await alert.locator("button").count()).toBe(0);
  });

  it("a misdeal ruling ends the hand: the last hands list it and the table is between hands", async () => {
    const p = await open(scenario("misdeal-first-card"));
    await signIn(p);
    await p.locator('#alerts li[data-code="MISDEAL_FIRST_CARD"] button[data-ruling="misdeal"]').click();
    // A misdeal asks first, then waits for its undo window (the test's clock runs it out).
    await p.click("#confirm-yes");
    await p.locator("#pending").waitFor();
    // When it takes effect, as a time of day: a fixed "in 10 s" would not run down.
    expect(await p.textContent("#pending-text")).toMatch(
      /^Misdeal by floor token takes effect at about \d\d:\d\d:\d\d \(a 10 s window\) unless undone\.$/,
    );
    await p.locator("#ruling-result", { hasText: 'Ruling "misdeal" waits for its undo window.' }).waitFor();
    const due = clock?.runtime.core.pendingRuling?.due ?? 0;
    clock?.setNow(due);
    clock?.runtime.tick();
    await p.locator("#hands tbody tr.result-misdeal").waitFor();
    // The reply's words follow what came of it (they said "waits for its undo window" after the hand ended).
    await p
      .locator("#ruling-result", { hasText: 'Ruling "misdeal" took effect: hand 1 ended (misdeal).' })
      .waitFor();
    expect(await p.textContent("#hands tbody tr")).toContain("#1");
    expect(await p.textContent("#hand-info")).toContain("Between hands");
    // The dealer's steps stay up until the next shuffle; there is nothing left to rule on.
    expect(await p.locator("#alerts button").count()).toBe(0);
    expect(await p.locator("#ruling-bar button").first().isDisabled()).toBe(true);
  });

  it("a misdeal undone from another page: this page no longer says it waits for its window", async () => {
    const p = await open(scenario("misdeal-first-card"));
    await signIn(p);
    await p.locator('#alerts li[data-code="MISDEAL_FIRST_CARD"] button[data-ruling="misdeal"]').click();
    await p.click("#confirm-yes");
    await p.locator("#ruling-result", { hasText: 'Ruling "misdeal" waits for its undo window.' }).waitFor();
    await p.locator("#pending").waitFor();
    const undone = await fetch(`${p.url()}api/floor`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ op: "undo" }),
    });
    expect(undone.status).toBe(200);
    await p.locator("#pending").waitFor({ state: "hidden" });
    await p.locator("#ruling-result", { hasText: 'Ruling "misdeal" was undone: hand 1 goes on.' }).waitFor();
    expect(clock?.runtime.core.live).not.toBeNull();
  });

  it("draws a hand in progress without its hole cards, and with them for the signed-in floor", async () => {
    const script = phhToInputEvents(readPhhFile(join(PHH_ROOT, "pluribus/100/9.phh")));
    // Stop on the turn: board cards out, bets in front of the seats.
    const upTo = script.events.findLastIndex((e) => e.kind === "tags" && e.antenna === "board");
    const events = script.events.slice(0, upTo + 3);
    const hole = new Set(
      events.flatMap((e) => (e.kind === "tags" && /^seat\d+$/.test(e.antenna) ? e.tags.map(faceOfTag) : [])),
    );
    hole.delete(null);
    const p = await open(events);
    await p.locator("#board .card").first().waitFor();
    // Cards are drawn as rank and suit symbol, with the face in their title.
    const shown = async () =>
      (await p.locator(".card").evaluateAll((cs) => cs.map((c) => c.title))).join(" ");
    expect(facesIn(await shown(), hole as Set<string>)).toEqual([]);
    expect(await p.locator(".seat .card.back").count()).toBeGreaterThan(0);
    await p.screenshot({ path: join(ARTIFACTS, "floor-page-hand.png"), fullPage: true });

    await signIn(p);
    await p.check("#show-hole");
    await p.locator("#connection", { hasText: "hole cards" }).waitFor();
    await p.locator(".seat .hole .card:not(.back)").first().waitFor();
    expect(facesIn(await shown(), hole as Set<string>)).not.toEqual([]);
  });
});
