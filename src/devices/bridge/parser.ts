/** The frame decoder as a node stream: bytes in, Frame objects out (the node-serialport parser shape). */
import { Transform, type TransformCallback } from "node:stream";
import { type DecodeCounters, type Frame, FrameDecoder } from "./frame.js";

/** A Transform that turns serial bytes into CRC-checked frames; bad input is counted, never thrown. */
export class FrameParser extends Transform {
  private readonly decoder = new FrameDecoder();

  constructor() {
    super({ readableObjectMode: true });
  }

  /** What was dropped so far, by reason. */
  get counters(): Readonly<DecodeCounters> {
    return this.decoder.counters;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    for (const frame of this.decoder.push(chunk)) this.push(frame satisfies Frame);
    done();
  }

  override _flush(done: TransformCallback): void {
    this.decoder.reset(); // a partial frame at the end of the stream is just dropped
    done();
  }
}
