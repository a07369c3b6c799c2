/**
 * The room overview (`feltguard floor`) in Debian's chromium offers a table's alert only the rulings the
 * table takes on it: a Three Card Poker box dealt a fourth card is a misdeal (rules/three-card-poker.md:
 * "an incorrect number of cards dealt to the dealer or to any player is a misdeal"), and the table refuses
 * `continue` on it, so the alert says "the table takes: misdeal, void" and the ruling form, filled in by a
 * click on the alert, does not offer `continue`. Before, the form offered all four for any code and the
 * table took the `continue`. Skipped only when /usr/bin/chromium is missing.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { scenarioInputs } from "../support/scenarioFiles.js";
import { feed } from "../web/harness.js";
import { until } from "./brokers.js";
import { haveChromium, roomWithAna, tableOnTheFeed, useChromium } from "./chromiumRoom.js";

describe.skipIf(!haveChromium)("the room overview's rulings for an alert", () => {
  const { browser, cleanups } = useChromium();

  it("a Three Card Poker card too many: the form offers misdeal or void, not continue", async () => {
    const { brokerUrl, keys, url } = await roomWithAna("tcp-1", cleanups);
    const tcp = tableOnTheFeed(
      loadConfig("config/tcp.yaml"),
      { tableId: "tcp-1", tableName: "TCP table" },
      { brokerUrl, keys },
      cleanups,
    );
    const { runtime, publisher } = tcp;
    await until(() => publisher.connected, "table connected");
    // Box 2 dealt a fourth card: the table holds the hand for the floor.
    const inputs = scenarioInputs("test/hand/tcp/scenarios/misdeal-card-count-box.jsonl").filter(
      (e) => e.t < 5600,
    );
    feed(runtime, tcp.at, inputs);

    const page = await browser().newPage();
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
