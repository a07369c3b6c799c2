/**
 * Three Card Poker on the floor page, in Debian's chromium: a bet changed after the first card was
 * drawn (TCP_BET_AFTER_DEAL, rules/three-card-poker.md: bets cannot be changed once any card is drawn)
 * is offered to the floor as the table can rule it — continue (the bets as they were stand) or the box
 * dead (it loses what a fold loses; the table takes `dead` on it). Before, the alert offered continue
 * only, and a dead box had to be ruled from the bar below with the box typed in. The button names a box,
 * not a seat. Skipped only when /usr/bin/chromium is missing.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import type { TableEvent } from "../../src/contract/output.js";
import { createFloorServer } from "../../src/web/server.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { feed, testRuntime, TOKEN } from "./harness.js";

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);

describe.skipIf(!haveChromium)("Three Card Poker's alerts on the floor page", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a bet changed after the deal: continue or the box dead; dead folds the box", async () => {
    const { runtime, setNow } = testRuntime(loadConfig("config/tcp.yaml"));
    const said: TableEvent[] = [];
    runtime.addOutput((events) => void said.push(...events));
    const server = createFloorServer({
      runtime,
      tableName: "TCP 1",
      token: TOKEN,
      host: "127.0.0.1",
      port: 0,
      readers: ["bridge"],
    });
    try {
      const inputs = scenarioInputs("test/hand/tcp/scenarios/bet-after-deal.jsonl").filter((e) => e.t < 2700);
      feed(runtime, setNow, inputs);

      // The changed bet is read once its zone has settled.
      setNow(2600);
      runtime.tick();
      expect(said).toContainEqual(
        expect.objectContaining({ kind: "alert", code: "TCP_BET_AFTER_DEAL", seat: 1 }),
      );
      const url = await server.listen();
      const page = await browser.newPage();
      page.setDefaultTimeout(30_000);
      await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
      await page.goto(url);
      await page.locator("#connection[data-state=live]").waitFor();
      const alert = page.locator('#alerts li[data-code="TCP_BET_AFTER_DEAL"]');
      await alert.waitFor();
      expect(await alert.locator("button[data-ruling]").allTextContents()).toEqual([
        "continue",
        "Dead (box 1)",
      ]);
      await page.fill("#token", TOKEN);
      await page.click("#sign-in button[type=submit]");
      await page.locator("#signed-in").waitFor();
      await alert.locator('button[data-ruling="dead"]').click();
      await alert.waitFor({ state: "detached" });
      // The feed's clear can reach the page before the ruling's own reply: wait for the reply.
      await page.locator("#ruling-result", { hasText: '"dead" applied' }).waitFor();
      expect(said).toContainEqual(
        expect.objectContaining({ kind: "alert_clear", code: "TCP_BET_AFTER_DEAL", seat: 1 }),
      );
      // The box is out of the hand, as a fold leaves it.
      expect(runtime.core.view().threeCard?.boxes.find((b) => b.box === 1)?.status).toBe("folded");
      await page.close();
    } finally {
      await server.close();
    }
  }, 60_000);
  it("a card too many: the alert offers misdeal or void only (the table refuses continue on it)", async () => {
    const { runtime, setNow } = testRuntime(loadConfig("config/tcp.yaml"));
    const said: TableEvent[] = [];
    runtime.addOutput((events) => void said.push(...events));
    const server = createFloorServer({
      runtime,
      tableName: "TCP 1",
      token: TOKEN,
      host: "127.0.0.1",
      port: 0,
      readers: ["bridge"],
    });
    try {
      // Box 2 dealt a fourth card (rules/three-card-poker.md: an incorrect number of cards is a misdeal).
      const inputs = scenarioInputs("test/hand/tcp/scenarios/misdeal-card-count-box.jsonl").filter(
        (e) => e.t < 5600,
      );
      feed(runtime, setNow, inputs);
      expect(said).toContainEqual(
        expect.objectContaining({ kind: "alert", code: "MISDEAL_CARD_COUNT", seat: 2 }),
      );
      const url = await server.listen();
      const page = await browser.newPage();
      page.setDefaultTimeout(30_000);
      await page.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
      await page.goto(url);
      await page.locator("#connection[data-state=live]").waitFor();
      const alert = page.locator('#alerts li[data-code="MISDEAL_CARD_COUNT"]');
      await alert.waitFor();
      expect(await alert.locator("button[data-ruling]").allTextContents()).toEqual(["misdeal", "void"]);
      // Its steps send for the floor to declare the misdeal, with no continue to wait for.
      expect(await alert.locator("ol.steps li").allTextContents()).toContain(
        "Call the floor: a hand with a card too many is a misdeal (the floor declares it, or voids the hand)",
      );
      await page.close();
    } finally {
      await server.close();
    }
  }, 60_000);
});
