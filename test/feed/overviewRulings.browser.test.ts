/**
 * The room overview (`feltguard floor`) in Debian's chromium offers a table's alert only the rulings the
 * table takes on it: a Three Card Poker box dealt a fourth card is a misdeal (rules/three-card-poker.md:
 * "an incorrect number of cards dealt to the dealer or to any player is a misdeal"), and the table refuses
 * `continue` on it, so the alert says "the table takes: misdeal, void" and the ruling form, filled in by a
 * click on the alert, does not offer `continue`. Before, the form offered all four for any code and the
 * table took the `continue`. Skipped only when /usr/bin/chromium is missing.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { FloorInbox } from "../../src/feed/floorInbox.js";
import { FeedPublisher } from "../../src/feed/publisher.js";
import { RulingKeys, RulingVerifier } from "../../src/feed/signedRuling.js";
import { Runtime } from "../../src/runtime/runtime.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { createRoomServer } from "../../src/web/floor/roomServer.js";
import { Supervisors } from "../../src/web/supervisors.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { feed } from "../web/harness.js";
import { until } from "./brokers.js";

const CHROMIUM = "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);

describe.skipIf(!haveChromium)("the room overview's rulings for an alert", () => {
  let browser: Browser;
  const cleanups: (() => Promise<void>)[] = [];
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
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it("a Three Card Poker card too many: the form offers misdeal or void, not continue", async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const supervisors = Supervisors.inMemory();
    await supervisors.add("Ana", "correct horse battery");
    const keys = RulingKeys.from({
      supervisors: [{ name: "Ana", key: RulingKeys.newKey(), tables: ["tcp-1"] }],
    });
    const server = createRoomServer({
      mqtt: broker.url,
      host: "127.0.0.1",
      port: 0,
      supervisors,
      rulingKeys: keys,
    });
    cleanups.push(() => server.close());
    const url = await server.listen();

    let now = 0;
    const runtime = new Runtime({
      core: createTableFromConfig(loadConfig("config/tcp.yaml")),
      clock: () => now,
      setTimer: () => ({ cancel: () => undefined }),
    });
    const publisher = new FeedPublisher({
      tableId: "tcp-1",
      tableName: "TCP table",
      url: broker.url,
      version: "test",
      inbox: new FloorInbox(new RulingVerifier("tcp-1", keys), runtime, 10_000),
    });
    cleanups.push(() => publisher.close());
    runtime.addOutput(publisher.output);
    await until(() => publisher.connected, "table connected");
    // Box 2 dealt a fourth card: the table holds the hand for the floor.
    const inputs = scenarioInputs("test/hand/tcp/scenarios/misdeal-card-count-box.jsonl").filter(
      (e) => e.t < 5600,
    );
    feed(runtime, (t) => (now = Math.max(now, t)), inputs);

    const page = await browser.newPage();
    cleanups.push(() => page.close());
    await page.goto(url);
    const alert = page.locator('[data-table="tcp-1"] [data-code="MISDEAL_CARD_COUNT"]');
    await alert.waitFor({ timeout: 60_000 });
    expect(await alert.locator(".takes").textContent()).toBe("the table takes: misdeal, void");

    await page.fill("#name", "Ana");
    await page.fill("#password", "correct horse battery");
    await page.click("#signin button");
    await page.click('[data-table="tcp-1"]');
    await page.waitForSelector("#ruling:not([hidden])");
    // The alert clicked in the table's detail fills the form; continue is not offered for it.
    await page.click('#detail-body [data-code="MISDEAL_CARD_COUNT"]');
    expect(await page.inputValue("#ruling-code")).toBe("MISDEAL_CARD_COUNT");
    expect(await page.inputValue("#ruling-seat")).toBe("2");
    expect(await page.locator('#ruling-kind option[value="continue"]').isDisabled()).toBe(true);
    expect(await page.locator('#ruling-kind option[value="misdeal"]').isDisabled()).toBe(false);
    expect(await page.inputValue("#ruling-kind")).toBe("misdeal");
    // Another code (a call for the floor, which takes continue): every kind is offered again.
    await page.fill("#ruling-code", "FLOOR_CALLED");
    expect(await page.locator('#ruling-kind option[value="continue"]').isDisabled()).toBe(false);
  }, 120_000);
});
