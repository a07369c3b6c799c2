/** The pre-handler that keeps rulings and hole-card views to holders of the floor token. */
import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerToken, type FloorAuth } from "./auth.js";

/** Refuses the request (401) unless it carries `Authorization: Bearer <token>` with the floor token. */
export function requireToken(auth: FloorAuth) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (auth.check(bearerToken(request.headers.authorization))) return;
    const error = auth.enabled
      ? "the floor token is required"
      : "no floor token is configured (displays.web.token or FELTGUARD_FLOOR_TOKEN)";
    await reply.code(401).header("www-authenticate", 'Bearer realm="feltguard floor"').send({ error });
  };
}
