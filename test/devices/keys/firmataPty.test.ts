/**
 * The dealer keys over a real serial line: johnny-five, firmata-io and serialport 13 on the host end
 * of a pseudo-terminal (socat), the Firmata device twin on the other end answering the real protocol.
 * Nothing is mocked above the pty: this is the path `feltguard table` takes to /dev/feltguard-keys.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ButtonEvent } from "../../../src/contract/input.js";
import { type DealerKeys, openDealerKeys } from "../../../src/devices/keys/dealer-keys.js";
import { FirmataTwin, openPtyPair, PinMode, type PtyPair } from "../../../src/devices/keys/mock.js";

const hasSocat = (() => {
  try {
    execFileSync("socat", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

const BUTTONS = { shuffler: 2, check: 3, fold: 4, ok: 9 };
const SEATS = [
  { seat: 1, toAct: 22, allin: 23 },
  { seat: 2, toAct: 24, allin: 25 },
];
/** Generous: a busy CI machine; nothing here waits on a timer to pass, only for an event to come. */
const WAIT = 20_000;

async function until(ok: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${WAIT} ms`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe.skipIf(!hasSocat)("dealer keys over a pty, real Firmata protocol", () => {
  let dir: string;
  let pty: PtyPair;
  let twin: FirmataTwin;
  let keys: DealerKeys | null;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "feltguard-keys-"));
    pty = await openPtyPair(dir);
    twin = await FirmataTwin.open({ path: pty.device });
    keys = null;
  });

  afterEach(async () => {
    keys?.close();
    await twin.close();
    await pty.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const open = (readyTimeoutMs = WAIT) =>
    openDealerKeys({
      port: pty.host,
      buttons: BUTTONS,
      seats: SEATS,
      digits: { data: 11, clock: 13, cs: 10 },
      now: () => 1234,
      readyTimeoutMs,
    });

  it("handshakes, reads key presses as button events and writes the seat lights", async () => {
    keys = await open();
    // The handshake the host ran against the twin: version, firmware, capabilities, analog mapping.
    expect(twin.commands).toEqual(expect.arrayContaining([0xf9, 0x79, 0x6b, 0x69]));
    await twin.until(
      () => twin.isReported(BUTTONS.ok) && twin.isReported(BUTTONS.shuffler),
      WAIT,
      "key reports",
    );
    expect([PinMode.INPUT, PinMode.PULLUP]).toContain(twin.modeOf(BUTTONS.shuffler));
    await twin.until(() => twin.hasPullup(BUTTONS.shuffler), WAIT, "the shuffler key's pull-up");
    expect(twin.modeOf(SEATS[0]!.toAct)).toBe(PinMode.OUTPUT);

    const presses: ButtonEvent[] = [];
    keys.on("button", (e) => presses.push(e));
    // A dealer's press lasts far longer than johnny-five's debounce: release only once it was read.
    twin.press(BUTTONS.shuffler);
    await until(() => presses.length === 1, "the shuffler press");
    twin.release(BUTTONS.shuffler);
    twin.press(BUTTONS.ok);
    await until(() => presses.length === 2, "the ok press");
    expect(presses).toEqual([
      { t: 1234, kind: "button", button: "shuffler" },
      { t: 1234, kind: "button", button: "ok" },
    ]);

    const before = twin.writes.length;
    keys.showSeats([{ seat: 2, toAct: true, allin: false }]);
    await twin.until(() => twin.levelOf(24) === 1, WAIT, "seat 2's to-act light");
    expect(twin.writes.slice(before)).toContainEqual({ pin: 24, value: 1 });
    expect(twin.levelOf(22)).toBe(0);

    // The pot digits are bit-banged to the MAX7219 over data/clock/cs: the clock pin toggles.
    const clockBefore = twin.writes.filter((w) => w.pin === 13).length;
    keys.showDigits({ pot: 1500, toCall: null });
    await twin.until(
      () => twin.writes.filter((w) => w.pin === 13).length >= clockBefore + 16,
      WAIT,
      "a digit frame",
    );
  });

  it("resynchronises after line noise and survives a dropped key report", async () => {
    keys = await open();
    await twin.until(() => twin.isReported(BUTTONS.fold), WAIT, "key reports");
    const presses: ButtonEvent[] = [];
    const pressed = new Promise<void>((resolve) =>
      keys!.on("button", (e) => {
        presses.push(e);
        resolve();
      }),
    );
    twin.faults.dropReports = 2;
    twin.press(BUTTONS.check); // eaten by the cable, and its release too
    twin.release(BUTTONS.check);
    twin.faults.noiseBeforeReport = [0x13, 0x37, 0x42];
    twin.press(BUTTONS.fold);
    await pressed;
    expect(presses.map((e) => e.button)).toEqual(["fold"]);
  });

  it("reports the board lost when the cable is pulled", async () => {
    keys = await open();
    const lost = new Promise<Error>((resolve) => keys!.on("lost", resolve));
    await twin.unplug();
    await pty.close();
    // Whichever the host meets first, the close or a write into the gone port, the loss names the device.
    expect((await lost).message).toMatch(/^dealer keys: board (close|disconnect|error)/);
    expect(keys.isLost).toBe(true);
  });

  it("refuses a board that does not speak Firmata", async () => {
    twin.faults.silent = true;
    await expect(open(1500)).rejects.toThrow(/not ready/);
    // The host asked (the version query reached the twin), but nothing answered.
    expect(twin.commands).toContain(0xf9);
  });
});
