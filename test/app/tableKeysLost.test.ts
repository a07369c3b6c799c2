/**
 * `feltguard table` with the dealer keys over a pty speaking the real Firmata protocol (the project's
 * Firmata twin): health says the keys are online while the board answers; when the board is lost,
 * the driver's `lost` is a journaled `reader` input event (`keys` offline), the floor gets
 * READER_OFFLINE, and health says the keys are offline. Skipped where socat is missing.
 */
import { spawnSync } from "node:child_process";
import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { createLogger } from "../../src/runtime/log.js";
import { SystemdNotifier } from "../../src/app/systemd.js";
import { startTable } from "../../src/app/tableRun.js";
import type { TableEvent } from "../../src/contract/output.js";
import { FirmataTwin, openPtyPair } from "../../src/devices/keys/mock.js";

const hasSocat = spawnSync("sh", ["-c", "command -v socat"]).status === 0;
const dir = mkdtempSync(join(tmpdir(), "fg-keyslost-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasSocat)("feltguard table: the dealer keys lost", () => {
  it("is a journaled reader event, a READER_OFFLINE alert and offline in health", async () => {
    const pty = await openPtyPair(dir);
    const twin = await FirmataTwin.open({ path: pty.device });
    const config = join(dir, "table.yaml");
    const base = readFileSync(DEFAULT_CONFIG_PATH, "utf8").replace("port: 8080", "port: 0");
    const keys = base.slice(base.indexOf("  keys:\n"), base.indexOf("  hid: {"));
    writeFileSync(
      config,
      base.replace(
        /\ndevices:\n[\s\S]*$/,
        `\ndevices:\n${keys.replace("path: /dev/feltguard-keys", `path: ${pty.host}`)}`,
      ),
    );
    const journalPath = join(dir, "journal.db");
    const table = await startTable({
      config,
      journal: journalPath,
      devices: true,
      log: createLogger("test", { pretty: false, level: "silent" }),
      notifier: new SystemdNotifier({ env: {} }),
    });
    const events: TableEvent[] = [];
    table.runtime.addOutput((out) => events.push(...out));
    try {
      expect(table.health().devices).toEqual([{ device: "keys", state: "online" }]);
      // The driver's own test (test/devices/keys/firmataPty.test.ts) shows a pulled cable becomes its
      // `lost` event; here the table's answer to that event is what is tested, so it is said directly
      // (the pty's close reaches the driver late on a loaded machine: order, not speed, is tested).
      table.devices!.keys!.emit("lost", new Error("dealer keys: the board closed its port"));
      expect(table.health().devices[0]).toMatchObject({ device: "keys", state: "offline" });
      expect(events).toContainEqual(
        expect.objectContaining({
          kind: "alert",
          code: "READER_OFFLINE",
          reader: "keys",
          text: "The dealer keys stopped answering: no key reaches the table, and the seat lights and pot digits they drive are dark",
        }),
      );
      const health = (await (await fetch(new URL("/api/health", table.url))).json()) as { status: string };
      expect(health.status).toBe("degraded");
    } finally {
      await table.stop();
      await twin.close();
      await pty.close();
    }
    // The loss is in the journal as an input event, so a replay raises the same alert.
    const db = new Database(journalPath, { readonly: true });
    try {
      const inputs = db.prepare("SELECT event FROM events WHERE input IS NOT NULL").all() as {
        event: string;
      }[];
      expect(inputs.map((r) => JSON.parse(r.event) as unknown)).toContainEqual(
        expect.objectContaining({ kind: "reader", reader: "keys", status: "offline" }),
      );
    } finally {
      db.close();
    }
  }, 90_000);
});
