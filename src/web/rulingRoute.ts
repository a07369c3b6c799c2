/** POST /api/ruling: the floor rules on an open alert. Authenticated; the ruling enters as a floor input event. */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { RulingName, SeatNo } from "../contract/input.js";
import type { TableEvent } from "../contract/output.js";
import type { Runtime } from "../app/runtime.js";
import type { FloorAuth } from "./auth.js";
import { requireToken } from "./guard.js";

/** What the page sends: the ruling, the seat for a dead hand, and the alert's code it answers. */
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

/** Registers the ruling endpoint. */
export function registerRulingRoute(app: FastifyInstance, runtime: Runtime, auth: FloorAuth): void {
  app.post("/api/ruling", { preHandler: requireToken(auth) }, async (request, reply) => {
    const parsed = RulingBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ error: "invalid ruling", issues: z.treeifyError(parsed.error) });
    }
    const { ruling, seat, code } = parsed.data;
    const events: TableEvent[] = runtime.submit({
      t: runtime.now(),
      kind: "floor",
      op: "ruling",
      ruling,
      ...(seat === undefined ? {} : { seat }),
      ...(code === undefined ? {} : { code }),
    });
    // The core says so when it cannot apply a ruling (e.g. no hand in progress).
    const rejected = events.find((e) => e.kind === "alert" && e.code === "FLOOR_OP_REJECTED");
    if (rejected?.kind === "alert") return reply.code(409).send({ error: rejected.text, events });
    return reply.send({ events });
  });
}
