/**
 * The room overview in Debian's chromium (playwright-core): 20 simulated tables publish for 5 minutes
 * of table time on the embedded broker and the overview shows all 20 with their hand, street and pot;
 * a click drills into one table. A supervisor signs in on the page and answers a table's call for the
 * floor: the ruling goes to the table over MQTT, signed, and the table's alert clears on the overview.
 * Skipped only when /usr/bin/chromium is missing.
 */
import { expect, it, describe } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { SimRoom } from "../../src/app/roomSim.js";
import { until } from "./brokers.js";
import { haveChromium, roomWithAna, tableOnTheFeed, useChromium } from "./chromiumRoom.js";
import { feed, scenario } from "../web/harness.js";

const config = loadConfig("config/default.yaml");

describe.skipIf(!haveChromium)("room overview in chromium", () => {
  const { browser, cleanups } = useChromium();

  it("shows all 20 tables, drills into one, and a supervisor's ruling reaches a table over MQTT", async () => {
    const { brokerUrl, keys, url } = await roomWithAna("pit-1", cleanups);
    const room = new SimRoom({ config, tables: 20, url: brokerUrl, seed: 3, version: "test" });
    cleanups.push(() => room.close());
    // One more table whose dealer calls the floor, for the ruling.
    const pit = tableOnTheFeed(
      config,
      { tableId: "pit-1", tableName: "Pit table" },
      { brokerUrl, keys },
      cleanups,
    );
    const { runtime, publisher } = pit;

    await until(
      () => room.tables.every((t) => t.publisher.connected) && publisher.connected,
      "tables connected",
    );
    await room.runUntil(5 * 60_000);
    pit.at(1000);
    runtime.submit({ t: 1000, kind: "button", button: "floor" });

    const page = await browser().newPage();
    cleanups.push(() => page.close());
    await page.goto(url);
    // Polled from the test: the page's CSP refuses the string functions waitForFunction would evaluate.
    await expect.poll(() => page.locator("[data-table]").count(), { timeout: 60_000 }).toBe(21);
    const ids = await page.$$eval("[data-table]", (cards) => cards.map((c) => c.getAttribute("data-table")));
    for (let i = 1; i <= 20; i++) expect(ids).toContain(`sim-${i}`);
    // A card may show before its table's retained state has arrived (its health came first).
    await expect
      .poll(async () => (await page.textContent('[data-table="sim-7"]')) ?? "", { timeout: 60_000 })
      .toMatch(/hand \d+/);
    const text = await page.textContent('[data-table="sim-7"]');
    expect(text).toMatch(/pot [\d,]+/);

    await page.click('[data-table="sim-7"]');
    await page.waitForSelector("#detail:not([hidden]) [data-seat]");
    expect(await page.textContent("#detail-title")).toContain("sim-7");

    // The call for the floor on the overview, with its step; sign in and answer it.
    await page.waitForSelector('[data-table="pit-1"] [data-code="FLOOR_CALLED"]');
    await page.fill("#name", "Ana");
    await page.fill("#password", "correct horse battery");
    await page.click("#signin button");
    await page.waitForSelector("#ruling:not([hidden])");
    await page.click('[data-table="pit-1"]');
    await page.fill("#ruling-code", "FLOOR_CALLED");
    await page.click("#ruling-send");
    await expect
      .poll(async () => (await page.textContent("#ruling-result")) ?? "", { timeout: 60_000 })
      .toMatch(/^applied/);
    expect(await page.textContent("#ruling-result")).toBe("applied (by Ana)");
    await expect
      .poll(() => page.locator('[data-table="pit-1"] [data-code]').count(), { timeout: 60_000 })
      .toBe(0);

    // A misdeal at pit-1: the overview shows the alert with the rule it cites and its steps.
    const shifted = scenario("misdeal-first-card").map((e) => ({ ...e, t: e.t + 2000 }));
    feed(runtime, pit.at, shifted);
    const misdeal = page.locator('[data-table="pit-1"] [data-code="MISDEAL_FIRST_CARD"]');
    await misdeal.waitFor({ timeout: 60_000 });
    expect(await misdeal.locator(".rule").textContent()).toContain("2013 r.33-A2");
    expect(await misdeal.locator("li").count()).toBeGreaterThan(0);

    // A floor PC is shared: she signs out, the ruling form goes and the server forgets her session.
    await page.click("#signout");
    await page.waitForSelector("#ruling", { state: "hidden" });
    await page.waitForSelector("#signin:not([hidden])");
    const me = await page.evaluate(async () => (await fetch("/api/me")).status);
    expect(me).toBe(401);
  }, 180_000);
});
