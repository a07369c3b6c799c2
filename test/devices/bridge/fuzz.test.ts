/**
 * Fuzzing the decoder: more than a million random and mutated bytes must never throw or hang, and a
 * valid frame that follows garbage must always come out.
 */
import fc from "fast-check";
import { mulberry32 } from "../../../src/sim/random.js";
import { describe, expect, it } from "vitest";
import { decodeMessage, encodeMessage, type Frame, FrameDecoder } from "../../../src/devices/bridge/index.js";

/** A valid frame whose tag encodes n, so the test can tell which frames came out. */
function marker(n: number): Buffer {
  const tag = `E0F0${n.toString(16).padStart(12, "0").toUpperCase()}`;
  return encodeMessage({
    type: "TAG_ARRIVED",
    seq: n & 0xffff,
    channel: n % 32,
    tags: [tag],
  });
}

function markerOf(f: Frame): number | undefined {
  const r = decodeMessage(f);
  if (!r.ok || r.message.type !== "TAG_ARRIVED") return undefined;
  const tag = r.message.tags[0]!;
  return tag.startsWith("E0F0") ? Number.parseInt(tag.slice(4), 16) : undefined;
}

/** Feeds data in random chunk sizes (1..600 bytes) and decodes every frame's body too. */
function feed(d: FrameDecoder, data: Buffer, rnd: () => number): Frame[] {
  const out: Frame[] = [];
  for (let i = 0; i < data.length;) {
    const n = 1 + Math.floor(rnd() * 600);
    for (const f of d.push(data.subarray(i, i + n))) {
      decodeMessage(f); // must not throw on any frame that passed the CRC
      out.push(f);
    }
    i += n;
  }
  return out;
}

describe("decoder fuzz", () => {
  it("random garbage with valid frames sprinkled in: no throw, every frame after garbage decoded", () => {
    const rnd = mulberry32(0xfe17);
    const parts: Buffer[] = [];
    let total = 0;
    let frames = 0;
    while (total < 1_200_000) {
      const junk = Buffer.alloc(Math.floor(rnd() * 3000));
      for (let i = 0; i < junk.length; i++) junk[i] = Math.floor(rnd() * 256);
      const f = marker(frames++);
      parts.push(junk, f);
      total += junk.length + f.length;
    }
    const d = new FrameDecoder();
    const started = performance.now();
    const got = feed(d, Buffer.concat(parts), rnd)
      .map(markerOf)
      .filter((m) => m !== undefined);
    const ms = performance.now() - started;
    expect(got).toEqual(Array.from({ length: frames }, (_, i) => i));
    expect(d.counters.droppedBytes).toBeGreaterThan(1_000_000);
    expect(ms).toBeLessThan(5000);
    console.info(`fuzz random: ${total} bytes, ${frames} frames recovered, ${Math.round(ms)} ms`, d.counters);
  });

  it("mutated frame streams (bit flips, lost, doubled and inserted bytes): no throw, clean frames survive", () => {
    const rnd = mulberry32(0xbad5eed);
    const parts: Buffer[] = [];
    const clean: number[] = [];
    let total = 0;
    for (let n = 0; total < 1_000_000; n++) {
      const f = marker(n);
      if (rnd() < 0.5) {
        clean.push(n);
        parts.push(f);
        total += f.length;
        continue;
      }
      const m = [...f];
      const edits = 1 + Math.floor(rnd() * 4);
      for (let e = 0; e < edits; e++) {
        const at = 1 + Math.floor(rnd() * (m.length - 2)); // keep the delimiters: the damage stays inside
        const op = Math.floor(rnd() * 4);
        if (op === 0) m[at] = m[at]! ^ (1 << Math.floor(rnd() * 8));
        else if (op === 1) m.splice(at, 1);
        else if (op === 2) m.splice(at, 0, m[at]!);
        else m.splice(at, 0, Math.floor(rnd() * 256));
      }
      parts.push(Buffer.from(m));
      total += m.length;
    }
    const d = new FrameDecoder();
    const got = new Set(feed(d, Buffer.concat(parts), rnd).map(markerOf));
    for (const n of clean) expect(got.has(n)).toBe(true);
    console.info(`fuzz mutated: ${total} bytes, ${clean.length} clean frames all decoded`, d.counters);
  });

  it("property: any bytes, then a valid frame, yields that frame last", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 1200 }), fc.integer({ min: 0, max: 0xffff }), (junk, n) => {
        const frames = new FrameDecoder().push(Buffer.concat([junk, marker(n)]));
        expect(markerOf(frames.at(-1)!)).toBe(n);
      }),
      { numRuns: 3000 },
    );
  });
});
