/**
 * Dealer keys, shuffler button, seat lights and pot digits on a Firmata microcontroller
 * (johnny-five). Pin changes become `button` input events; outputs take plain data.
 * johnny-five cannot reconnect a lost board, so a loss is surfaced once as `lost`
 * and the application restarts (supervised restart + journal replay).
 * A serial path is opened with the project's own serialport 13 and spoken to through firmata-io, so
 * johnny-five never loads its own serialport (v8, whose native build the install blocks).
 */
import { EventEmitter } from "node:events";
import firmataIo from "firmata-io";
import five, { type Board, type Digits, type IoPlugin, type Led, type PinId } from "johnny-five";
import { SerialPort } from "serialport";
import { BUTTONS, type ButtonEvent, type ButtonName } from "../../contract/input.js";
import { DIGIT_WIDTH, digitText } from "./digits.js";

/** The two lights of one seat. */
export interface SeatPins {
  seat: number;
  toAct: PinId;
  allin: PinId;
}

/** The MAX7219 chain: chip 0 (nearest the microcontroller) shows the pot, chip 1 the amount to call. */
export interface DigitsPins {
  data: PinId;
  clock: PinId;
  cs: PinId;
  /** 0–100; johnny-five's default (about 20%) when left out. */
  brightness?: number;
}

export interface DealerKeysOptions {
  /** An IO plugin instance (tests: mock-firmata). Either this or `port`. */
  io?: IoPlugin;
  /** Serial path of the Firmata board (opened with serialport 13 and firmata-io). Either this or `io`. */
  port?: string;
  /** StandardFirmata's baud rate unless the board's sketch says otherwise. */
  baudRate?: number;
  /** Pin of each key that is wired; `allin` may also come from the HID button instead. */
  buttons: Partial<Record<ButtonName, PinId>>;
  /** Keys switch to ground with the internal pull-up (default true). */
  pullup?: boolean;
  seats: SeatPins[];
  digits?: DigitsPins;
  /** The runtime's monotonic clock, in milliseconds: stamps `t` of each press. */
  now: () => number;
  /** How long to wait for the board to report ready (default 10 s). */
  readyTimeoutMs?: number;
}

/** What one seat's lights should show. */
export interface SeatLight {
  seat: number;
  toAct: boolean;
  allin: boolean;
}

/** What the digit displays should show; null blanks a display. */
export interface DigitsView {
  pot: number | null;
  toCall: number | null;
}

export interface DealerKeysEvents {
  button: [ButtonEvent];
  /** The board is gone (closed, unplugged, I/O error); nothing more will be read or written. */
  lost: [Error];
}

const MAX7219_DECODE_MODE = 0x09;
/** Firmata's INPUT pin mode. */
const INPUT_MODE = 0;
/** Pot on chip 0, amount to call on chip 1. */
const CHIPS = ["pot", "toCall"] as const;

interface LitLed {
  led: Led;
  on: boolean;
}

/** Opens the board, waits until it is ready, then sets up keys and lights (all lights off). */
export async function openDealerKeys(options: DealerKeysOptions): Promise<DealerKeys> {
  checkPins(options);
  if (options.io === undefined && options.port === undefined) {
    // Without either, johnny-five probes every serial port it finds: never what a table wants.
    throw new Error("dealer keys: give an io instance or a serial port path");
  }
  const io = options.io ?? openFirmata(options.port!, options.baudRate ?? FIRMATA_BAUD);
  // A port that cannot be opened (no board at the path) is an 'error' on the Firmata client, which
  // johnny-five does not listen to: unheard, it would end the process. It fails the open instead.
  const portFailed = new Promise<never>((_resolve, reject) => {
    io.on("error", (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
  });
  portFailed.catch(() => undefined);
  const board = new five.Board({
    io,
    repl: false,
    debug: false,
    // johnny-five's SIGINT handler exits the process: the runtime owns shutdown.
    sigint: false,
    timeout: options.readyTimeoutMs ?? 10_000,
  });
  try {
    await Promise.race([waitReady(board, options.readyTimeoutMs ?? 10_000), portFailed]);
  } catch (e) {
    // johnny-five's own connect timer may still report the failure: it has been reported once here.
    board.on("error", () => undefined);
    // A port this driver opened must not stay open behind a board that never answered.
    if (!options.io) closeQuietly(io);
    throw e;
  }
  return new DealerKeys(board, options);
}

/** StandardFirmata's default line speed. */
const FIRMATA_BAUD = 57600;

/**
 * A Firmata client on a serial path. It asks for the version at once (reportVersionTimeout 0)
 * rather than wait for the board's own announcement, which a board that does not reset when the
 * port opens (the RP2040's USB CDC) never repeats.
 */
function openFirmata(path: string, baudRate: number): IoPlugin {
  const port = new SerialPort({ path, baudRate });
  return new firmataIo.Firmata(port, { reportVersionTimeout: 0 });
}

/** The driver for an opened board; create it with `openDealerKeys`. */
export class DealerKeys extends EventEmitter<DealerKeysEvents> {
  private readonly seats = new Map<number, { toAct: LitLed; allin: LitLed }>();
  private readonly digits: Digits | null = null;
  /** What each digit position shows now, per chip; writes go out only where it differs. */
  private readonly shown: string[][] = CHIPS.map(() => digitText(null));
  private lostWith: Error | null = null;
  private readonly detach: (() => void)[] = [];

  constructor(
    private readonly board: Board,
    options: DealerKeysOptions,
  ) {
    super();
    const pullup = options.pullup ?? true;
    // Every key pin becomes an input (pull-up on) before the first report is asked for: a port report
    // answering one key's request would otherwise read its neighbours while they are still outputs
    // (low), and a key nobody touched would be pressed at start-up.
    for (const pin of Object.values(options.buttons)) {
      if (typeof pin !== "number") continue;
      board.io.pinMode(pin, INPUT_MODE);
      if (pullup) board.io.digitalWrite(pin, board.io.HIGH);
    }
    for (const [name, pin] of Object.entries(options.buttons) as [ButtonName, PinId | undefined][]) {
      if (pin === undefined) continue;
      const button = new five.Button({ pin, board, pullup });
      // johnny-five debounces "press" (7 ms) on top of the hardware's own filtering.
      button.on("press", () => this.press(name, options.now));
    }
    for (const { seat, toAct, allin } of options.seats) {
      const light = (pin: PinId): LitLed => ({
        led: new five.Led({ pin, board }).off(),
        on: false,
      });
      this.seats.set(seat, { toAct: light(toAct), allin: light(allin) });
    }
    if (options.digits) {
      const { data, clock, cs, brightness } = options.digits;
      const digits = new five.Led.Digits({
        board,
        pins: { data, clock, cs },
        devices: CHIPS.length,
      });
      CHIPS.forEach((_, chip) => {
        // The MAX7219 keeps its registers across a host restart and johnny-five never sets
        // the decode mode for digits: force raw segments so our codes mean what they say.
        digits.send(chip, MAX7219_DECODE_MODE, 0);
        if (brightness !== undefined) digits.brightness(chip, brightness);
      });
      this.digits = digits;
    }
    for (const type of ["close", "disconnect", "error"] as const) {
      const listener = (cause: unknown) => this.lose(type, cause);
      board.on(type, listener);
      this.detach.push(() => board.off(type, listener));
    }
  }

  /** True once the board is lost; the application should restart. */
  get isLost(): boolean {
    return this.lostWith !== null;
  }

  /** Sets every configured seat's lights; seats not listed go dark. Writes only what changed. */
  showSeats(lights: readonly SeatLight[]): void {
    if (this.lostWith) return;
    const wanted = new Map(lights.map((light) => [light.seat, light]));
    for (const [seat, leds] of this.seats) {
      const want = wanted.get(seat);
      setLed(leds.toAct, want?.toAct ?? false);
      setLed(leds.allin, want?.allin ?? false);
    }
  }

  /** Shows the pot and the amount to call, right-aligned; writes only the positions that changed. */
  showDigits(view: DigitsView): void {
    if (this.lostWith || !this.digits) return;
    CHIPS.forEach((key, chip) => {
      const next = digitText(view[key]);
      const now = this.shown[chip]!;
      for (let position = 0; position < DIGIT_WIDTH; position++) {
        const character = next[position]!;
        if (now[position] === character) continue;
        this.digits!.digit(chip, position, character);
        now[position] = character;
      }
    });
  }

  /** Stops listening to the board and closes its serial port when there is one. */
  close(): void {
    for (const undo of this.detach.splice(0)) undo();
    closeQuietly(this.board.io);
  }

  private press(button: ButtonName, now: () => number): void {
    if (this.lostWith) return;
    this.emit("button", { t: now(), kind: "button", button });
  }

  private lose(type: string, cause: unknown): void {
    if (this.lostWith) return;
    // The floor page shows this text: it names the device and how it went, whichever came first when
    // the cable is pulled (the close, or a write that found the port already gone).
    const why = cause instanceof Error ? `: ${cause.message}` : "";
    const error = new Error(`dealer keys: board ${type}${why}`, { cause });
    this.lostWith = error;
    this.emit("lost", error);
  }
}

function closeQuietly(io: IoPlugin): void {
  const transport = io.transport as (SerialPort | { close?: () => void }) | null | undefined;
  if (transport instanceof SerialPort) {
    // Closing a port that is already gone reports an error through the callback: nothing to do then.
    if (transport.isOpen) transport.close(() => undefined);
  } else transport?.close?.();
}

function setLed(light: LitLed, on: boolean): void {
  if (light.on === on) return;
  if (on) light.led.on();
  else light.led.off();
  light.on = on;
}

function waitReady(board: Board, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      clearTimeout(timer);
      board.off("ready", onReady);
      board.off("error", onError);
      if (error) reject(error);
      else resolve();
    };
    const onReady = () => done();
    const onError = (cause: unknown) =>
      done(cause instanceof Error ? cause : new Error("dealer keys: board error while connecting"));
    const timer = setTimeout(() => done(new Error("dealer keys: board not ready in time")), timeoutMs);
    board.once("ready", onReady);
    board.once("error", onError);
  });
}

/** Two functions on one pin would fight (a key reading an LED): refuse the configuration. */
function checkPins(options: DealerKeysOptions): void {
  const owners = new Map<string, string>();
  const claim = (pin: PinId, owner: string) => {
    const key = String(pin);
    const other = owners.get(key);
    if (other) throw new Error(`dealer keys: pin ${key} is used by both ${other} and ${owner}`);
    owners.set(key, owner);
  };
  for (const [name, pin] of Object.entries(options.buttons)) {
    // The configuration comes from a file: a misspelt key must not become an unknown event.
    if (!(BUTTONS as readonly string[]).includes(name)) throw new Error(`dealer keys: unknown key "${name}"`);
    if (pin !== undefined) claim(pin, `key ${name}`);
  }
  const seatNos = new Set<number>();
  for (const { seat, toAct, allin } of options.seats) {
    if (!Number.isInteger(seat) || seat < 1 || seatNos.has(seat)) {
      throw new Error(`dealer keys: seat ${seat} is not a seat number or is configured twice`);
    }
    seatNos.add(seat);
    claim(toAct, `seat ${seat} to-act light`);
    claim(allin, `seat ${seat} all-in light`);
  }
  if (options.digits) {
    claim(options.digits.data, "digits data");
    claim(options.digits.clock, "digits clock");
    claim(options.digits.cs, "digits chip select");
  }
}
