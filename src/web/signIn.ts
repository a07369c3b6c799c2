/**
 * Supervisors sign in by name and password: a session cookie (httpOnly, SameSite=Strict, path /,
 * expiring after a shift). Sign-in is rate-limited per client and locked out per name and per client
 * after repeated failures; a locked sign-in is refused before any password is hashed.
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type FloorGuard, tooMany } from "./guard.js";
import { SESSION_COOKIE } from "./sessions.js";
import type { Supervisors } from "./supervisors.js";

const SignInBody = z.strictObject({ name: z.string().min(1).max(40), password: z.string().min(1).max(200) });

/** Sign-in attempts per client per minute: a person mistypes a few times, a script tries thousands. */
export const SIGN_IN_PER_MINUTE = 10;

export function registerSignIn(
  app: FastifyInstance,
  guard: FloorGuard,
  supervisors: () => Supervisors,
  /** Told after a sign-out (the page's open private sockets fall back to the public view). */
  onSignOut: () => void = () => undefined,
): void {
  const limited = { config: { rateLimit: { max: SIGN_IN_PER_MINUTE, timeWindow: 60_000 } } };

  app.post("/api/sign-in", limited, async (request, reply) => {
    const parsed = SignInBody.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ error: "name and password are needed" });
    const { name, password } = parsed.data;
    const keys = [`name:${name}`, `ip:${request.ip}`];
    const locked = Math.max(...keys.map((k) => guard.lockout.lockedFor(k)));
    if (locked > 0) return tooMany(reply, locked);
    if (!(await supervisors().check(name, password))) {
      for (const k of keys) guard.lockout.fail(k);
      return reply.code(401).send({ error: "wrong name or password" });
    }
    for (const k of keys) guard.lockout.succeed(k);
    const session = guard.sessions.create(name);
    return reply
      .setCookie(SESSION_COOKIE, session.id, {
        httpOnly: true,
        sameSite: "strict",
        path: "/",
        secure: request.protocol === "https",
        maxAge: session.maxAgeS,
      })
      .send({ name });
  });

  app.post("/api/sign-out", async (request, reply) => {
    guard.sessions.end(request.cookies[SESSION_COOKIE]);
    onSignOut();
    return reply.clearCookie(SESSION_COOKIE, { path: "/" }).send({ signedOut: true });
  });

  /** Who the page is signed in as (401 when nobody): the page asks after a reload. */
  app.get("/api/me", async (request, reply) => {
    const p = guard.identify(request);
    return p ? reply.send(p) : reply.code(401).send({ error: "not signed in" });
  });
}
