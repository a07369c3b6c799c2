/**
 * Floor operations that arrive over MQTT: a signed request (src/feed/signedRuling.ts) becomes one floor
 * input event stamped with the verified supervisor as `by` (never a name the message claims without a
 * signature) and journaled with `wall` by the runtime, like the floor page's (src/web/floorRoute.ts).
 * The answer goes back on `rulings/result`: applied, pending (a misdeal or void in its undo window) or
 * refused with the reason.
 */
import { z } from "zod";
import { FloorEvent, type InputEvent } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { RulingVerifier } from "./signedRuling.js";

/** What the inbox needs of the runtime (src/app/runtime.ts), without importing it. */
export interface FloorSubmitter {
  now(): number;
  submit(event: InputEvent): TableEvent[];
  readonly core: { readonly pendingRuling: { t: number } | null };
}

export interface RulingResult {
  /** The request's nonce, so the sender can match the answer. */
  nonce: string | null;
  outcome: "applied" | "pending" | "refused";
  by?: string;
  op?: string;
  reason?: string;
}

export class FloorInbox {
  constructor(
    private readonly verifier: RulingVerifier,
    private readonly table: FloorSubmitter,
    /** How long a misdeal or void can be undone (ms), as on the floor page. */
    private readonly undoWindowMs: number,
  ) {}

  /** Handles one message from the `rulings` topic. */
  receive(payload: Buffer): RulingResult {
    let message: unknown;
    try {
      message = JSON.parse(payload.toString("utf8"));
    } catch {
      return { nonce: null, outcome: "refused", reason: "not JSON" };
    }
    const verdict = this.verifier.verify(message);
    if (!verdict.ok) return { nonce: verdict.nonce ?? null, outcome: "refused", reason: verdict.reason };
    const { by, nonce, op: body } = verdict.body;
    const withWindow =
      (body.op === "ruling" && (body.ruling === "misdeal" || body.ruling === "void")) ||
      body.op === "voidHand"
        ? { undoWindowMs: this.undoWindowMs }
        : {};
    const parsed = FloorEvent.safeParse({ ...body, ...withWindow, t: this.table.now(), kind: "floor", by });
    if (!parsed.success)
      return {
        nonce,
        by,
        outcome: "refused",
        reason: `invalid floor operation: ${z.prettifyError(parsed.error)}`,
      };
    const event = parsed.data;
    const events = this.table.submit(event);
    const rejected = events.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");
    if (rejected?.kind === "alert")
      return { nonce, by, op: event.op, outcome: "refused", reason: rejected.text };
    const pending = this.table.core.pendingRuling;
    return {
      nonce,
      by,
      op: event.op,
      outcome: pending !== null && pending.t === event.t ? "pending" : "applied",
    };
  }
}
