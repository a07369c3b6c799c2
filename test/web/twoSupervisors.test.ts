/**
 * Two supervisors on one table in Debian's chromium (playwright-core): Bo rules a misdeal, the dealer
 * re-deals and makes the same mistake, and Ana's page, which missed the pushes (its socket held back),
 * still shows hand 1's alert. Her late click must be refused with a reason she can act on, not end
 * hand 2. Found walking the floor's path (branch floor9). Waits on the page's text, never on a sleep.
 * Skipped only when /usr/bin/chromium is missing.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createFloorServer, type FloorServer } from "../../src/web/server.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { feed, scenario, testRuntime } from "./harness.js";

const CHROMIUM = "/usr/bin/chromium";

describe.skipIf(!existsSync(CHROMIUM))("two supervisors, one page out of date (chromium)", () => {
  let browser: Browser;
  const servers: FloorServer[] = [];
  const pages: Page[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await Promise.all(pages.splice(0).map((p) => p.close()));
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });

  async function pageFor(
    url: string,
    name: string,
    password: string,
    hold?: { held: boolean },
  ): Promise<Page> {
    const context = await browser.newContext();
    const page = await context.newPage();
    pages.push(page);
    page.setDefaultTimeout(20_000);
    await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    if (hold) {
      // The page's socket, with the server's pushes held back on demand: a page that fell behind.
      await page.routeWebSocket(/\/ws/, (ws) => {
        const server = ws.connectToServer();
        server.onMessage((m) => {
          if (!hold.held) ws.send(m);
        });
        ws.onMessage((m) => server.send(m));
      });
    }
    await page.goto(url);
    await page.locator("#connection[data-state=live]").waitFor();
    await page.fill("#sup-name", name);
    await page.fill("#token", password);
    await page.click("#sign-in button[type=submit]");
    await page.locator("#signed-in").waitFor();
    return page;
  }

  it("a late misdeal from the stale page is refused with the reason; hand 2 goes on", async () => {
    const supervisors = Supervisors.inMemory();
    await supervisors.add("Ana", "ana-floor-password");
    await supervisors.add("Bo", "bo-floor-password");
    const { runtime, setNow } = testRuntime();
    const server = createFloorServer({
      runtime,
      tableName: "Table 1",
      token: undefined,
      host: "127.0.0.1",
      port: 0,
      supervisors,
    });
    servers.push(server);
    feed(runtime, setNow, scenario("misdeal-first-card"));
    const url = await server.listen();

    const hold = { held: false };
    const ana = await pageFor(url, "Ana", "ana-floor-password", hold);
    const bo = await pageFor(url, "Bo", "bo-floor-password");
    const misdealOn = (p: Page) =>
      p.locator('#alerts li[data-code="MISDEAL_FIRST_CARD"] button[data-ruling="misdeal"]');
    await misdealOn(ana).waitFor();
    expect(await ana.textContent("#hand-info")).toContain("Hand #1");
    hold.held = true;

    // Bo declares the misdeal; its window runs out on the table's clock.
    await misdealOn(bo).click();
    await bo.click("#confirm-yes");
    await bo.locator("#pending").waitFor();
    const due = runtime.core.pendingRuling?.due ?? 0;
    setNow(due);
    runtime.tick();
    // The re-deal, with the same mistake.
    feed(runtime, setNow, [
      { t: due + 500, kind: "tags", antenna: "seat3", tags: [] },
      { t: due + 1000, kind: "button", button: "shuffler" },
      { t: due + 1300, kind: "tags", antenna: "seat3", tags: ["card:A:7d"] },
    ]);
    await bo.locator("#hand-info", { hasText: "Hand #2" }).waitFor();
    await misdealOn(bo).waitFor();

    // Ana's page still shows hand 1; her click arrives late.
    expect(await ana.textContent("#hand-info")).toContain("Hand #1");
    await misdealOn(ana).click();
    await ana.click("#confirm-yes");
    await ana.locator("#ruling-result", { hasText: "not applied" }).waitFor();
    const told = (await ana.textContent("#ruling-result")) ?? "";
    expect(told).toMatch(/^Ruling "misdeal" not applied: it was sent for hand 1, but hand 2 is in play/);
    expect(told.match(/not applied/g)).toHaveLength(1);
    expect(runtime.core.pendingRuling).toBeNull();
    expect(runtime.core.view().hand).toBe(2);
    // Her page catches up: hand 2's alert, which she may now rule on.
    hold.held = false;
    server.state.recordFloorOp({
      by: "test",
      wall: new Date(0).toISOString(),
      what: "nudge",
      outcome: "applied",
    });
    server.publish();
    await ana.locator("#hand-info", { hasText: "Hand #2" }).waitFor();
  }, 60_000);
});
