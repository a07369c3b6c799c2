/**
 * The device path's clock: the bridge emulator's virtual time, carried in band by time marks, is the
 * runtime's clock in `sim --devices` (src/sim/virtualClock.ts, src/sim/emulatorLink.ts). The last part
 * runs the real emulator on a pty through the real serialport binding (it needs g++ and make).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { Runtime } from "../../src/runtime/runtime.js";
import { channelMap } from "../../src/runtime/tableDevices.js";
import type { TableEvent } from "../../src/contract/output.js";
import { cobsEncode, crc16, encodeFrame } from "../../src/devices/bridge/index.js";
import { ensureEmulator, openEmulatedBridge } from "../../src/sim/emulator.js";
import { EMULATOR_TIME_TYPE, MarkSplitter, readTimeMark } from "../../src/sim/emulatorLink.js";
import { VirtualClock } from "../../src/sim/virtualClock.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";

describe("VirtualClock", () => {
  it("moves only when advanced, and fires each timer at its own deadline, earliest first", () => {
    const clock = new VirtualClock();
    const fired: string[] = [];
    clock.setTimer(300, () => fired.push(`b@${clock.now()}`));
    clock.setTimer(100, () => {
      fired.push(`a@${clock.now()}`);
      clock.setTimer(50, () => fired.push(`a2@${clock.now()}`)); // armed by a timer, due inside the step
    });
    clock.setTimer(300, () => fired.push(`c@${clock.now()}`)); // same deadline as b, armed after it
    const cancelled = clock.setTimer(200, () => fired.push("never"));
    cancelled.cancel();
    expect(clock.now()).toBe(0);
    clock.advance(299);
    expect(fired).toEqual(["a@100", "a2@150"]);
    expect(clock.now()).toBe(299);
    clock.advance(300);
    expect(fired).toEqual(["a@100", "a2@150", "b@300", "c@300"]);
    expect(clock.pending).toBe(0);
  });

  it("never goes back; a timer due now fires at the next advance", () => {
    const clock = new VirtualClock();
    clock.advance(500);
    clock.advance(400);
    expect(clock.now()).toBe(500);
    let fired = false;
    clock.setTimer(0, () => (fired = true));
    expect(fired).toBe(false);
    clock.advance(500);
    expect(fired).toBe(true);
  });
});

/** The wire form of a time mark, as the emulator writes it (firmware-bridge/emulator/pty_link.cpp). */
function mark(ms: number, done: boolean): Buffer {
  const body = Buffer.alloc(5);
  body.writeUInt32BE(ms);
  body[4] = done ? 1 : 0;
  return encodeFrame(EMULATOR_TIME_TYPE, 0, body);
}

describe("time marks in the byte stream", () => {
  const heartbeat = encodeFrame(0x02, 7, Buffer.alloc(9));

  it("a mark is read back; any other frame, or a mark with a bad CRC, is not a mark", () => {
    const wire = mark(123456, true);
    expect(readTimeMark(wire.subarray(1, -1))).toEqual({ ms: 123456, done: true });
    expect(readTimeMark(heartbeat.subarray(1, -1))).toBeUndefined();
    const raw = Buffer.from([1, EMULATOR_TIME_TYPE, 0, 0, 0, 0, 0, 9, 0, 0, 0]);
    raw.writeUInt16BE(crc16(raw.subarray(0, 9)) ^ 1, 9);
    expect(readTimeMark(cobsEncode(raw))).toBeUndefined();
  });

  it("the splitter takes the marks out in stream order, whatever the chunk boundaries", () => {
    const stream = Buffer.concat([
      mark(10, false),
      heartbeat,
      heartbeat,
      mark(10, true),
      mark(11, false),
      heartbeat,
    ]);
    const expected = [
      { mark: { ms: 10, done: false } },
      { bytes: Buffer.concat([heartbeat, heartbeat]) },
      { mark: { ms: 10, done: true } },
      { mark: { ms: 11, done: false } },
      { bytes: heartbeat },
    ];
    for (const size of [1, 3, 7, stream.length]) {
      const splitter = new MarkSplitter();
      const items = [];
      for (let i = 0; i < stream.length; i += size)
        items.push(...splitter.push(stream.subarray(i, i + size)));
      // Adjacent byte runs split by a chunk boundary are the same bytes: join them to compare.
      const joined: typeof items = [];
      for (const item of items) {
        const last = joined.at(-1);
        if ("bytes" in item && last !== undefined && "bytes" in last)
          joined[joined.length - 1] = { bytes: Buffer.concat([last.bytes, item.bytes]) };
        else joined.push(item);
      }
      expect(joined, `chunks of ${size}`).toEqual(expected);
    }
  });
});

describe("the emulator's virtual clock through the real serialport binding", () => {
  beforeAll(() => {
    ensureEmulator();
  }, 120_000);

  const config = loadConfig();
  const channels = Object.fromEntries(Object.entries(channelMap(config)).map(([ch, a]) => [a, Number(ch)]));
  const uid = "E004015000000001";

  /** Places a tag on `antenna` at virtual ms 1000 and 1000 more later takes it away; the tags events seen. */
  async function run(antenna: string): Promise<{ t: number; tags: readonly string[] }[]> {
    const clock = new VirtualClock();
    const seen: { t: number; tags: readonly string[] }[] = [];
    const runtime = new Runtime({
      core: createTableFromConfig(config),
      clock: () => clock.now(),
      setTimer: (ms, fire) => clock.setTimer(ms, fire),
      outputs: [],
    });
    const submit = runtime.submit.bind(runtime);
    runtime.submit = (e) => {
      if (e.kind === "tags") seen.push({ t: e.t, tags: e.tags });
      return submit(e) as TableEvent[];
    };
    const ch = channels[antenna]!;
    const script = `1000 place ${ch} ${uid}\n2000 remove ${ch} ${uid}\n9000 end\n`;
    const link = await openEmulatedBridge(runtime, config, { script, tickUs: 1000, clock, k: 1 });
    try {
      await link.runTo(3000);
      expect(clock.now()).toBe(3000);
    } finally {
      await link.close();
      runtime.stop();
    }
    return seen;
  }

  it("a report is stamped with the virtual time the board made it: within one scan round of the move, the same every run", async () => {
    const round = Object.keys(channels).length * 2; // VIRTUAL_SCAN_MS per channel
    const first = await run("board");
    expect(first.map((e) => e.tags.length)).toEqual([1, 0]);
    const [arrived, departed] = first.map((e) => e.t);
    expect(arrived).toBeGreaterThanOrEqual(1000);
    expect(arrived).toBeLessThanOrEqual(1000 + round);
    expect(departed).toBeGreaterThanOrEqual(2000);
    expect(departed).toBeLessThanOrEqual(2000 + round);
    expect(await run("board")).toEqual(first);
  }, 30_000);
});
