/**
 * The part of johnny-five v2 (untyped CommonJS) that the dealer-keys driver uses.
 * Kept minimal on purpose: anything not declared here is not relied on.
 */
declare module "johnny-five" {
  import type { EventEmitter } from "node:events";

  /** A pin as johnny-five accepts it: a number, or a name such as "A0". */
  export type PinId = number | string;

  /** The IO plugin surface (Firmata or a mock of it) that johnny-five drives. */
  export interface IoPlugin extends EventEmitter {
    readonly isReady: boolean;
    readonly HIGH: number;
    readonly LOW: number;
    pinMode(pin: number, mode: number): void;
    digitalWrite(pin: number, value: number): void;
    analogWrite(pin: number, value: number): void;
    digitalRead(pin: number, callback: (value: number) => void): void;
    /** Firmata's serial port, when johnny-five opened one. */
    readonly transport?: { close?: () => void } | null;
  }

  export interface BoardOptions {
    io?: IoPlugin;
    port?: string;
    id?: string;
    repl?: boolean;
    debug?: boolean;
    sigint?: boolean;
    /** Milliseconds johnny-five waits for "ready" after "connect" (default 10 s). */
    timeout?: number;
  }

  export class Board extends EventEmitter {
    constructor(options: BoardOptions);
    readonly io: IoPlugin;
    readonly isReady: boolean;
  }

  export interface ButtonOptions {
    pin: PinId;
    board: Board;
    pullup?: boolean;
    invert?: boolean;
    holdtime?: number;
  }

  export class Button extends EventEmitter {
    constructor(options: ButtonOptions);
    readonly pin: PinId;
  }

  export interface LedOptions {
    pin: PinId;
    board: Board;
  }

  export class Led {
    constructor(options: LedOptions);
    on(): this;
    off(): this;
  }

  export interface DigitsOptions {
    board: Board;
    pins: { data: PinId; clock: PinId; cs: PinId };
    /** Number of MAX7219 chips in the daisy chain. */
    devices?: number;
  }

  export class Digits {
    constructor(options: DigitsOptions);
    /** Sets one position (0 = leftmost) of one chip to a character. */
    digit(device: number, position: number, character: string): this;
    brightness(device: number, percent: number): this;
    /** Writes one MAX7219 register (opcode) of one chip. */
    send(device: number, opcode: number, data: number): this;
    clear(device: number): this;
  }

  const five: {
    Board: typeof Board;
    Button: typeof Button;
    Led: typeof Led & { Digits: typeof Digits };
  };
  export default five;
}
