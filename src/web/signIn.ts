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
    const keys = signInKeys(name, request.ip, guard.lockout.maxFailures);
    const locked = Math.max(...keys.map(([k]) => guard.lockout.lockedFor(k)));
    if (locked > 0) return tooMany(reply, locked);
    if (!(await supervisors().check(name, password))) {
      for (const [k, max] of keys) guard.lockout.fail(k, max);
      return reply.code(401).send({ error: "wrong name or password" });
    }
    // The name at this client starts afresh; what others tried elsewhere, or here on other names, stands.
    guard.lockout.succeed(keys[0][0]);
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

/**
 * What a failed sign-in counts against, with the failures in a row that lock each: the name at this
 * client (`max`: typos), this client against any names (4 × max: guessing names), and the name from any
 * clients (5 × max: a spread of addresses; more than one client's share, so that one client cannot
 * lock a supervisor out everywhere: its own key for the name locks first).
 */
function signInKeys(name: string, ip: string, max: number): [[string, number], ...[string, number][]] {
  return [
    [`name:${name}@ip:${ip}`, max],
    [`ip:${ip}`, 4 * max],
    [`name:${name}`, 5 * max],
  ];
}
