/** The shared vectors (firmware-bridge/vectors/*.json) against the TypeScript codec; `make test` runs them in C++. */
import { describe, expect, it } from "vitest";
import {
  cobsDecode,
  cobsEncode,
  crc16,
  decodeMessage,
  encodeMessage,
  FrameDecoder,
  type Message,
  MSG,
} from "../../../src/devices/bridge/index.js";
import { hex, loadVectors } from "./helpers/vectors.js";

interface FrameCase {
  name: string;
  direction: "device" | "host";
  wire: string;
  type: keyof typeof MSG;
  seq: number;
  body: string;
  message: Record<string, unknown>;
}

describe("shared vectors", () => {
  it.each(loadVectors<{ name: string; data: string; crc: string }>("crc16.json").cases)(
    "CRC-16/CCITT-FALSE: $name",
    (c) => {
      expect(crc16(hex(c.data)).toString(16).padStart(4, "0")).toBe(c.crc);
    },
  );

  it.each(loadVectors<{ name: string; decoded: string; encoded: string }>("cobs.json").cases)(
    "COBS: $name",
    (c) => {
      expect(cobsEncode(hex(c.decoded)).toString("hex")).toBe(c.encoded);
      expect(cobsDecode(hex(c.encoded))?.toString("hex")).toBe(c.decoded);
    },
  );

  it.each(loadVectors<FrameCase>("frames.json").cases)("frame: $name", (c) => {
    const frames = new FrameDecoder().push(hex(c.wire));
    expect(frames).toHaveLength(1);
    const f = frames[0]!;
    expect([f.type, f.seq, f.body.toString("hex")]).toEqual([MSG[c.type], c.seq, c.body]);
    const r = decodeMessage(f);
    expect(r).toEqual({
      ok: true,
      message: { type: c.type, seq: c.seq, ...c.message },
    });
    const message = { type: c.type, seq: c.seq, ...c.message } as Message;
    expect(encodeMessage(message).toString("hex")).toBe(c.wire);
  });

  it.each(loadVectors<{ name: string; wire: string; error: string }>("invalid.json").cases)(
    "invalid: $name",
    (c) => {
      const d = new FrameDecoder();
      const frames = d.push(hex(c.wire));
      if (c.error === "body" || c.error === "type") {
        expect(frames).toHaveLength(1);
        expect(decodeMessage(frames[0]!)).toEqual({ ok: false, error: c.error });
      } else {
        expect(frames).toHaveLength(0);
        expect(d.counters[c.error as "crc"]).toBe(1);
      }
    },
  );

  interface StreamCase {
    name: string;
    stream: string;
    frames: [string, number][];
    rejected: Record<"crc" | "cobs" | "short" | "version" | "oversize", number>;
  }
  it.each(loadVectors<StreamCase>("streams.json").cases)("stream: $name", (c) => {
    const d = new FrameDecoder();
    const names = new Map(Object.entries(MSG).map(([k, v]) => [v as number, k]));
    const got = d.push(hex(c.stream)).map((f) => [names.get(f.type), f.seq]);
    expect(got).toEqual(c.frames);
    const { crc, cobs, short, version, oversize } = d.counters;
    expect({ crc, cobs, short, version, oversize }).toEqual(c.rejected);
  });
});
