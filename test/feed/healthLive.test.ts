/**
 * The retained `health` topic follows the table's devices, not only its table events: a bridge that
 * says HELLO after the feed has connected (the usual order at start-up: the broker answers before the
 * board has booted) must not stay "connecting" on the floor until the next hand. The table is
 * `feltguard table`'s own start (startTable) on the bridge's twin (serialport's mock binding) and a
 * real mosquitto.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect } from "mqtt";
import { afterAll, describe, expect, it } from "vitest";
import { startTable } from "../../src/app/tableRun.js";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { MockDevice } from "../../src/devices/bridge/mock.js";
import { createLogger } from "../../src/runtime/log.js";
import { startMosquitto, until } from "./brokers.js";

const dir = mkdtempSync(join(tmpdir(), "fg-health-live-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = createLogger("test", { pretty: false, level: "silent" });

interface Health {
  status: string;
  readers?: { reader: string; state: string; antennas?: { antenna: string; state: string }[] }[];
}

describe("the floor feed's retained health", () => {
  it("says the bridge is online once it is, though no table event followed", async () => {
    const broker = await startMosquitto();
    const board = new MockDevice();
    const config = join(dir, "t-h.yaml");
    writeFileSync(
      config,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8")
        .replace("port: 8080", "port: 0")
        .replace(/^table:\n/m, "table:\n  id: t-h\n")
        .replace(/\ndevices:\n[\s\S]*$/, `\ndevices:\n  bridge: { path: ${board.path} }\n`),
    );
    const floor = connect(broker.url, { reconnectPeriod: 0 });
    const heard: Health[] = [];
    floor.on("message", (_topic, payload) => heard.push(JSON.parse(payload.toString("utf8")) as Health));
    await new Promise<void>((resolve) => floor.once("connect", () => resolve()));
    await floor.subscribeAsync("feltguard/t-h/health", { qos: 1 });
    const table = await startTable({
      config,
      journal: join(dir, "t-h.db"),
      devices: true,
      binding: board.binding,
      mqtt: broker.url,
      log: quiet,
    });
    try {
      const bridge = () => heard.at(-1)?.readers?.find((r) => r.reader === "bridge")?.state;
      // The feed is up and the board has not booted: the floor hears "connecting".
      await until(() => bridge() === "connecting", "the first health, the bridge connecting", 30_000);
      board.hello({}, { channels: 32 }); // every antenna the configuration maps: no READER_OFFLINE to say
      await until(() => table.health().readers[0]?.state === "online", "the bridge online", 30_000);
      // Nothing was said at the table (no hand, no alert), yet the retained health follows the bridge.
      await until(() => bridge() === "online", "the health saying the bridge is online", 30_000);
      expect(heard.at(-1)).toMatchObject({ status: "online" });

      // Inputs that change no device (the journal's count moves with each) send no health: one retained
      // message per input would multiply the feed's traffic. A reader fault then does, after them (one
      // connection, in order), so everything they could have sent has arrived by then.
      const before = heard.length;
      for (let i = 0; i < 20; i++) {
        table.runtime.submit({ t: table.runtime.now(), kind: "tags", antenna: "seat9", tags: [] });
        await new Promise((r) => setImmediate(r));
      }
      board.fault(0, 3);
      const seat1 = (h: Health | undefined) =>
        h?.readers?.find((r) => r.reader === "bridge")?.antennas?.find((a) => a.antenna === "seat1")?.state;
      await until(() => seat1(heard.at(-1)) !== "online", "the health after the reader fault", 30_000);
      expect(heard.length - before).toBeLessThanOrEqual(3);
    } finally {
      await table.stop();
      await floor.endAsync(true);
      await broker.kill();
    }
  }, 120_000);
});
