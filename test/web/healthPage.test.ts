/**
 * The floor page's Readers panel at a real table, in Debian's chromium (playwright-core): with the
 * bridge unplugged it says the bridge is OFFLINE and which antennas are not read, names the devices
 * the table could not open, and that the journal writes — from the drivers, never "online" or "no
 * report yet" by default. Skipped where /usr/bin/chromium is missing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { createLogger } from "../../src/runtime/log.js";
import { SystemdNotifier } from "../../src/app/systemd.js";
import { startTable } from "../../src/app/tableRun.js";
import { REPO_ROOT } from "../support/paths.js";

const CHROMIUM = "/usr/bin/chromium";
const ARTIFACTS = join(REPO_ROOT, "test/artifacts");
const dir = mkdtempSync(join(tmpdir(), "fg-healthpage-"));

describe.skipIf(!existsSync(CHROMIUM))("the floor page's reader health in chromium", () => {
  let browser: Browser | null = null;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
    mkdirSync(ARTIFACTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("an unplugged bridge is OFFLINE with its antennas, a panel that did not open is NOT OPENED", async () => {
    const config = join(dir, "table.yaml");
    writeFileSync(
      config,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8")
        .replace("port: 8080", "port: 0")
        .replace(
          /\ndevices:\n[\s\S]*$/,
          "\ndevices:\n  bridge: { path: /dev/fg-unplugged }\n  epaper: { path: /dev/fg-no-panel }\n",
        ),
    );
    const table = await startTable({
      config,
      journal: join(dir, "journal.db"),
      devices: true,
      log: createLogger("test", { pretty: false, level: "silent" }),
      notifier: new SystemdNotifier({ env: {} }),
    });
    const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await vi.waitFor(() => expect(table.health().readers[0]?.state).toBe("offline"), { timeout: 20_000 });
      await page.goto(table.url);
      const items = page.locator("#readers > li");
      await vi.waitFor(async () => expect(await items.count()).toBe(3), { timeout: 20_000 });
      // Read once the page has laid the items out: on a loaded machine innerText can come before the
      // detail line is rendered on a line of its own ("OFFLINEnone of its…").
      const texts = await vi.waitFor(
        async () => {
          const read = await items.allInnerTexts();
          expect(read[0]).toMatch(
            /^bridge \(\/dev\/fg-unplugged\): OFFLINE\nnone of its 24 antennas read: seat1, seat2, /,
          );
          expect(read[1]).toMatch(/^Dealer panel: NOT OPENED\n/);
          return read;
        },
        { timeout: 20_000 },
      );
      expect(texts[2]).toBe("Journal: writing");
      expect(texts.join("\n")).not.toMatch(/no report yet|: online/);
      await page.locator("#readers").screenshot({ path: join(ARTIFACTS, "floor-reader-health-offline.png") });
    } finally {
      await page.close();
      await table.stop();
    }
  });
});
