/**
 * The dealer-keys driver against mock-firmata: johnny-five and everything above the IO
 * plugin are the production code; the pins are read and written through the mock.
 */
import mocks from "mock-firmata";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ButtonEvent } from "../../../src/contract/input.js";
import {
  type DealerKeys,
  type DealerKeysOptions,
  openDealerKeys,
} from "../../../src/devices/keys/dealer-keys.js";

const DIGITS = { data: 47, clock: 48, cs: 49 };
const SEATS = Array.from({ length: 10 }, (_, i) => ({
  seat: i + 1,
  toAct: 22 + i,
  allin: 32 + i,
}));
const BUTTONS = {
  shuffler: 2,
  check: 3,
  fold: 4,
  raise: 5,
  exposed: 6,
  undo: 7,
  floor: 8,
  ok: 9,
  allin: 10,
};

interface Rig {
  keys: DealerKeys;
  io: InstanceType<typeof mocks.Firmata>;
  /** The digitalRead callback johnny-five registered for each input pin: the "wire" of a key. */
  pinInputs: Map<number, (value: number) => void>;
  writes: () => [number, number][];
  clearWrites: () => void;
  presses: ButtonEvent[];
}

async function rig(overrides: Partial<DealerKeysOptions> = {}): Promise<Rig> {
  const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
  const pinInputs = new Map<number, (value: number) => void>();
  vi.spyOn(io, "digitalRead").mockImplementation((pin, callback) => {
    pinInputs.set(pin, callback);
  });
  const digitalWrite = vi.spyOn(io, "digitalWrite");
  let clock = 1000;
  const opening = openDealerKeys({
    io,
    buttons: BUTTONS,
    seats: SEATS,
    digits: DIGITS,
    now: () => clock++,
    ...overrides,
  });
  io.emit("connect");
  io.emit("ready");
  const keys = await opening;
  const presses: ButtonEvent[] = [];
  keys.on("button", (event) => presses.push(event));
  digitalWrite.mockClear();
  return {
    keys,
    io,
    pinInputs,
    writes: () => digitalWrite.mock.calls.map(([pin, value]) => [pin, value] as [number, number]),
    clearWrites: () => digitalWrite.mockClear(),
    presses,
  };
}

/** Reassembles the bytes johnny-five bit-bangs to the MAX7219 chain (data sampled on clock rise). */
function spiFrames(writes: [number, number][]): number[][] {
  const frames: number[][] = [];
  let frame: number[] | null = null;
  let data = 0;
  let byte = 0;
  let bits = 0;
  for (const [pin, value] of writes) {
    if (pin === DIGITS.cs) {
      if (value === 0) {
        frame = [];
      } else if (frame) {
        frames.push(frame);
        frame = null;
      }
    } else if (frame && pin === DIGITS.data) {
      data = value;
    } else if (frame && pin === DIGITS.clock && value === 1) {
      byte = (byte << 1) | data;
      if (++bits === 8) {
        frame.push(byte);
        byte = 0;
        bits = 0;
      }
    }
  }
  return frames;
}

/** Register writes per chip; the first 16-bit word shifted out lands in the farthest chip. */
function registerWrites(
  writes: [number, number][],
  chips = 2,
): { chip: number; reg: number; data: number }[] {
  return spiFrames(writes).flatMap((frame) => {
    expect(frame).toHaveLength(chips * 2);
    return Array.from({ length: chips }, (_, i) => ({
      chip: chips - 1 - i,
      reg: frame[i * 2]!,
      data: frame[i * 2 + 1]!,
    })).filter((w) => w.reg !== 0);
  });
}

describe("dealer keys (johnny-five over mock-firmata)", () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("a shuffler press on its pin becomes a shuffler button event stamped by the clock", async () => {
    const { pinInputs, presses } = await rig();
    pinInputs.get(BUTTONS.shuffler)!(0); // pulled-up key: pressed reads LOW
    vi.advanceTimersByTime(10);
    expect(presses).toEqual([{ t: 1000, kind: "button", button: "shuffler" }]);
  });

  it("each dealer key reports its own name", async () => {
    const { pinInputs, presses } = await rig();
    for (const pin of Object.values(BUTTONS)) {
      pinInputs.get(pin)!(0);
      vi.advanceTimersByTime(10);
      pinInputs.get(pin)!(1);
      vi.advanceTimersByTime(10);
    }
    expect(presses.map((p) => p.button)).toEqual(Object.keys(BUTTONS));
  });

  it("contact bounce inside johnny-five's debounce window is one press; release is not a press", async () => {
    const { pinInputs, presses } = await rig();
    const wire = pinInputs.get(BUTTONS.fold)!;
    wire(0);
    wire(1);
    wire(0);
    vi.advanceTimersByTime(10);
    wire(1);
    vi.advanceTimersByTime(10);
    expect(presses.map((p) => p.button)).toEqual(["fold"]);
  });

  it("keys are inputs with the pull-up enabled (HIGH written on the key pin)", async () => {
    const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
    const digitalWrite = vi.spyOn(io, "digitalWrite");
    const opening = openDealerKeys({
      io,
      buttons: { ok: 9 },
      seats: [],
      now: () => 0,
    });
    io.emit("connect");
    io.emit("ready");
    await opening;
    expect(digitalWrite).toHaveBeenCalledWith(9, 1);
  });

  it("a seat light update writes the to-act pin of that seat, and a repeat writes nothing", async () => {
    const { keys, writes, clearWrites } = await rig();
    keys.showSeats([{ seat: 3, toAct: true, allin: false }]);
    expect(writes()).toEqual([[24, 1]]);
    clearWrites();
    keys.showSeats([{ seat: 3, toAct: true, allin: false }]);
    expect(writes()).toEqual([]);
  });

  it("moving the action turns the old seat off and the new one on; all-in lights its own pin", async () => {
    const { keys, writes, clearWrites } = await rig();
    keys.showSeats([{ seat: 3, toAct: true, allin: false }]);
    clearWrites();
    keys.showSeats([
      { seat: 3, toAct: false, allin: true },
      { seat: 4, toAct: true, allin: false },
    ]);
    expect(writes()).toEqual([
      [24, 0],
      [34, 1],
      [25, 1],
    ]);
  });

  it("seats left out of an update go dark; unknown seats are ignored", async () => {
    const { keys, writes, clearWrites } = await rig();
    keys.showSeats([{ seat: 10, toAct: true, allin: true }]);
    clearWrites();
    keys.showSeats([{ seat: 11, toAct: true, allin: true }]);
    expect(writes()).toEqual([
      [31, 0],
      [41, 0],
    ]);
  });

  it("the pot goes to chip 0, right-aligned: MAX7219 digit registers 4..1 get 1,5,0,0", async () => {
    const { keys, writes } = await rig();
    keys.showDigits({ pot: 1500, toCall: null });
    expect(registerWrites(writes())).toEqual([
      { chip: 0, reg: 4, data: 0x30 },
      { chip: 0, reg: 3, data: 0x5b },
      { chip: 0, reg: 2, data: 0x7e },
      { chip: 0, reg: 1, data: 0x7e },
    ]);
  });

  it("only the digits that changed are sent; the amount to call goes to chip 1; null blanks", async () => {
    const { keys, writes, clearWrites } = await rig();
    keys.showDigits({ pot: 1500, toCall: 200 });
    clearWrites();
    keys.showDigits({ pot: 1600, toCall: null });
    expect(registerWrites(writes())).toEqual([
      { chip: 0, reg: 3, data: 0x5f },
      { chip: 1, reg: 3, data: 0x00 },
      { chip: 1, reg: 2, data: 0x00 },
      { chip: 1, reg: 1, data: 0x00 },
    ]);
  });

  it("forces raw-segment decode mode on both chips when it starts", async () => {
    const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
    const digitalWrite = vi.spyOn(io, "digitalWrite");
    const opening = openDealerKeys({
      io,
      buttons: {},
      seats: [],
      digits: DIGITS,
      now: () => 0,
    });
    io.emit("connect");
    io.emit("ready");
    await opening;
    const writes = registerWrites(digitalWrite.mock.calls.map(([p, v]) => [p, v] as [number, number]));
    expect(writes).toContainEqual({ chip: 0, reg: 0x09, data: 0 });
    expect(writes).toContainEqual({ chip: 1, reg: 0x09, data: 0 });
  });

  it("a lost board is reported once as 'lost' and nothing is written after it", async () => {
    const { keys, io, writes, clearWrites, pinInputs, presses } = await rig();
    const lost = vi.fn();
    keys.on("lost", lost);
    clearWrites();
    io.emit("disconnect");
    io.emit("close");
    expect(lost).toHaveBeenCalledTimes(1);
    expect(keys.isLost).toBe(true);
    keys.showSeats([{ seat: 1, toAct: true, allin: false }]);
    keys.showDigits({ pot: 5, toCall: 5 });
    pinInputs.get(BUTTONS.ok)!(0);
    vi.advanceTimersByTime(10);
    expect(writes()).toEqual([]);
    expect(presses).toEqual([]);
  });

  it("refuses a configuration that puts two functions on one pin", async () => {
    const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
    await expect(openDealerKeys({ io, buttons: { ok: 22 }, seats: SEATS, now: () => 0 })).rejects.toThrow(
      /pin 22/,
    );
  });

  it("refuses a key name the contract does not know (a misspelt configuration)", async () => {
    const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
    const buttons = { shufler: 2 } as unknown as DealerKeysOptions["buttons"];
    await expect(openDealerKeys({ io, buttons, seats: [], now: () => 0 })).rejects.toThrow(/shufler/);
  });

  it("fails to open when the board never reports ready", async () => {
    const io = new mocks.Firmata({ pins: mocks.Pins.MEGA });
    const opening = openDealerKeys({
      io,
      buttons: {},
      seats: [],
      now: () => 0,
      readyTimeoutMs: 500,
    });
    const failed = expect(opening).rejects.toThrow(/not ready/);
    vi.advanceTimersByTime(600);
    await failed;
  });
});
