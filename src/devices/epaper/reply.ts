/**
 * The module's answers: ASCII "OK" or "Error:N", with no terminator. Bytes that cannot start
 * an answer (line ends, noise after a reset) are dropped. Because "Error:1" and "Error:12"
 * share a prefix, an error code at the end of the buffer is held until a non-digit arrives
 * or the caller decides the line went quiet (`flush`).
 */

export type Reply = { ok: true } | { ok: false; code: number };

const OK = "OK";
const ERROR = "Error:";

export class ReplyParser {
  private text = "";

  /** Adds received bytes; returns the answers completed by them. */
  push(chunk: Uint8Array): Reply[] {
    this.text += Buffer.from(chunk).toString("latin1");
    return this.drain(false);
  }

  /** Completes an error code held back waiting for more digits. */
  flush(): Reply[] {
    return this.drain(true);
  }

  /** True when an error code is held back (the caller should flush after a quiet gap). */
  get holding(): boolean {
    return /^Error:\d+$/.test(this.text);
  }

  /** Drops everything buffered (after a timeout, so a late answer is not taken for the next one). */
  reset(): void {
    this.text = "";
  }

  private drain(final: boolean): Reply[] {
    const replies: Reply[] = [];
    for (;;) {
      this.skipNoise();
      if (this.text.startsWith(OK)) {
        replies.push({ ok: true });
        this.text = this.text.slice(OK.length);
        continue;
      }
      const error = /^Error:(\d+)/.exec(this.text);
      if (error && (final || error[0].length < this.text.length)) {
        replies.push({ ok: false, code: Number(error[1]) });
        this.text = this.text.slice(error[0].length);
        continue;
      }
      if (error || OK.startsWith(this.text) || ERROR.startsWith(this.text)) return replies;
      // A start letter not followed by the rest of an answer (or "Error:" without a digit).
      this.text = this.text.slice(1);
    }
  }

  private skipNoise(): void {
    const start = this.text.search(/[OE]/);
    this.text = start < 0 ? "" : this.text.slice(start);
  }
}
