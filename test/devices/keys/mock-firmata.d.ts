/** The part of mock-firmata (untyped CommonJS) that the keys tests use. */
declare module "mock-firmata" {
  import type { EventEmitter } from "node:events";
  import type { IoPlugin } from "johnny-five";

  export interface MockPin {
    supportedModes: number[];
    mode?: number;
    value?: number;
    report?: number;
    analogChannel: number;
  }

  export class Firmata extends EventEmitter implements IoPlugin {
    constructor(options?: { pins?: MockPin[] });
    readonly isReady: boolean;
    readonly HIGH: number;
    readonly LOW: number;
    readonly MODES: Record<string, number>;
    pinMode(pin: number, mode: number): void;
    digitalWrite(pin: number, value: number): void;
    analogWrite(pin: number, value: number): void;
    digitalRead(pin: number, callback: (value: number) => void): void;
  }

  export const Pins: { UNO: MockPin[]; MEGA: MockPin[] };
  const mocks: { Firmata: typeof Firmata; Pins: typeof Pins };
  export default mocks;
}
