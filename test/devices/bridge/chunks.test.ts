/** The FrameParser stream on chunk boundaries, the way node-serialport tests its parsers. */
import { describe, expect, it } from "vitest";
import { encodeMessage, type Frame, FrameParser } from "../../../src/devices/bridge/index.js";

const arrived = encodeMessage({
  type: "TAG_ARRIVED",
  seq: 5,
  channel: 2,
  tags: ["E004015000000003"],
});
const departed = encodeMessage({
  type: "TAG_DEPARTED",
  seq: 6,
  channel: 2,
  tags: ["E004015000000003"],
});
const snapshot = encodeMessage({
  type: "SNAPSHOT",
  seq: 7,
  channel: 1,
  status: 0,
  tags: Array.from(
    { length: 40 },
    (_, i) => `E0040150000001${i.toString(16).padStart(2, "0").toUpperCase()}`,
  ),
});

/** Writes the chunks into a fresh parser and collects the seq of every frame that comes out. */
async function parse(chunks: Buffer[]): Promise<{ seqs: number[]; parser: FrameParser }> {
  const parser = new FrameParser();
  const seqs: number[] = [];
  parser.on("data", (f: Frame) => seqs.push(f.seq));
  for (const c of chunks) parser.write(c);
  parser.end();
  await new Promise((resolve) => parser.on("end", resolve));
  return { seqs, parser };
}

describe("FrameParser chunk boundaries", () => {
  it("decodes a frame split across two reads at every possible point", async () => {
    for (let cut = 1; cut < snapshot.length; cut++) {
      const { seqs } = await parse([snapshot.subarray(0, cut), snapshot.subarray(cut)]);
      expect(seqs, `cut at ${cut}`).toEqual([7]);
    }
  });

  it("decodes a frame delivered one byte per read", async () => {
    const { seqs } = await parse([...snapshot].map((b) => Buffer.of(b)));
    expect(seqs).toEqual([7]);
  });

  it("decodes two frames in one read", async () => {
    const { seqs } = await parse([Buffer.concat([arrived, departed])]);
    expect(seqs).toEqual([5, 6]);
  });

  it("skips garbage between frames and counts it", async () => {
    const garbage = Buffer.from("deadbeef0102030000ff", "hex");
    const { seqs, parser } = await parse([Buffer.concat([arrived, garbage, departed])]);
    expect(seqs).toEqual([5, 6]);
    expect(parser.counters.droppedBytes).toBeGreaterThan(0);
    expect(parser.counters.cobs + parser.counters.short + parser.counters.crc).toBeGreaterThan(0);
  });

  it("keeps the second frame when the first is cut off by a lost byte", async () => {
    const damaged = Buffer.concat([arrived.subarray(0, 6), arrived.subarray(7)]);
    const { seqs, parser } = await parse([damaged, departed.subarray(0, 3), departed.subarray(3)]);
    expect(seqs).toEqual([6]);
    expect(parser.counters.frames).toBe(1);
  });
});
