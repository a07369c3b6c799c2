/**
 * The part of firmata-io (firmata.js without its own serialport; untyped CommonJS) that the
 * dealer-keys driver uses: a Firmata client over any stream-like transport.
 */
declare module "firmata-io" {
  import type { IoPlugin } from "johnny-five";

  /** What firmata-io reads and writes: a serialport 13 SerialPort fits. */
  export interface FirmataTransport {
    on(event: string, listener: (...args: unknown[]) => void): unknown;
    write(data: Buffer | number[]): unknown;
    close?: () => void;
  }

  export interface FirmataOptions {
    /** Milliseconds before asking for the version when the board has not announced it (default 5000). */
    reportVersionTimeout?: number;
    skipCapabilities?: boolean;
    samplingInterval?: number;
  }

  export interface Firmata extends IoPlugin {
    readonly firmware: { name?: string; version?: { major: number; minor: number } };
  }

  const bind: {
    Firmata: new (
      transport: FirmataTransport,
      options?: FirmataOptions,
      callback?: (error?: Error) => void,
    ) => Firmata;
  };
  export default bind;
}
