/**
 * The floor's operations on a live table: set-up (game, level, seat, unseat, stack, button, away,
 * break, resume), the cage's fills and credits of the chip tray (issue 18), rulings, a void with a reason and the undo of a misdeal or void. Each enters as one
 * floor input event, stamped with who sent it (`by`) and when (`wall`); the core checks it against the
 * table and its refusal comes back as 409 with the reason.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { Runtime } from "../runtime/runtime.js";
import { FloorEvent, RulingName, SeatNo } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { FloorLogEntry } from "./floorState.js";
import type { FloorGuard } from "./guard.js";

/** POST /api/ruling (kept for the page's first version and scripts): a ruling alone. */
export const RulingBody = z
  .strictObject({
    ruling: RulingName,
    seat: SeatNo.max(10).optional(),
    code: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]{0,63}$/)
      .optional(),
  })
  .refine((b) => b.ruling !== "dead" || b.seat !== undefined, {
    message: "a dead-hand ruling names the seat",
    path: ["seat"],
  });
export type RulingBody = z.infer<typeof RulingBody>;

/** POST /api/floor: one floor operation of the contract, without `t`, `kind`, `by` or `wall` (the server sets them). */
const FloorBody = z.looseObject({ op: z.string().min(1).max(20) });

export interface FloorRouteOptions {
  /** How long a misdeal or void can be undone (ms). */
  undoWindowMs: number;
  /** Per-client limit on authenticated requests per minute. */
  perMinute: number;
  /** Told of every operation that reached the table (the page's floor log). */
  record?: (entry: FloorLogEntry) => void;
}

/** An operation in words for the floor log. */
function describe(e: FloorEvent): string {
  const { t: _t, kind: _k, by: _b, wall: _w, op, ...fields } = e;
  const parts = Object.entries(fields)
    .filter(([k]) => k !== "undoWindowMs")
    .map(([k, v]) => `${k} ${typeof v === "object" && v !== null ? JSON.stringify(v) : String(v)}`);
  return [op, ...parts].join(" · ");
}

/** Registers POST /api/floor and POST /api/ruling. */
export function registerFloorRoutes(
  app: FastifyInstance,
  runtime: Runtime,
  guard: FloorGuard,
  options: FloorRouteOptions,
): void {
  const route = {
    preHandler: guard.require,
    config: { rateLimit: { max: options.perMinute, timeWindow: 60_000 } },
  };

  const submit = async (reply: FastifyReply, by: string, body: Record<string, unknown>) => {
    const withWindow =
      (body.op === "ruling" && (body.ruling === "misdeal" || body.ruling === "void")) ||
      body.op === "voidHand"
        ? { undoWindowMs: options.undoWindowMs }
        : {};
    const parsed = FloorEvent.safeParse({
      ...body,
      ...withWindow,
      t: runtime.now(),
      kind: "floor",
      by,
      wall: new Date().toISOString(),
    });
    if (!parsed.success) {
      return reply.code(400).send({ error: "invalid floor operation", issues: z.treeifyError(parsed.error) });
    }
    const event = parsed.data;
    const events: TableEvent[] = runtime.submit(event);
    const rejected = events.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");
    const pending = runtime.core.pendingRuling;
    options.record?.({
      by,
      wall: event.wall ?? new Date().toISOString(),
      what: describe(event),
      outcome: rejected ? "refused" : pending !== null && pending.t === event.t ? "pending" : "applied",
      ...(rejected?.kind === "alert" ? { reason: rejected.text } : {}),
    });
    if (rejected?.kind === "alert") return reply.code(409).send({ error: rejected.text, events });
    return reply.send({ events, by, pending });
  };

  app.post("/api/floor", route, async (request, reply) => {
    const parsed = FloorBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ error: "invalid floor operation", issues: z.treeifyError(parsed.error) });
    }
    return submit(reply, guard.principal(request).name, parsed.data);
  });

  app.post("/api/ruling", route, async (request, reply) => {
    const parsed = RulingBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ error: "invalid ruling", issues: z.treeifyError(parsed.error) });
    }
    return submit(reply, guard.principal(request).name, { op: "ruling", ...parsed.data });
  });
}
