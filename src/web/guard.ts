/**
 * Who is asking: a signed-in supervisor (session cookie) or, for the simulator and development, the
 * holder of the shared token. Wrong tokens count towards the client's lockout; a locked client gets
 * 429 whatever it brings.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerToken, type FloorAuth } from "./auth.js";
import type { Lockout } from "./lockout.js";
import { SESSION_COOKIE, type Sessions } from "./sessions.js";

export interface Principal {
  /** The supervisor's name, stamped as `by` on floor operations. */
  name: string;
  via: "session" | "token";
}

/** The `by` of operations sent with the shared token. */
export const TOKEN_PRINCIPAL = "floor token";

export class FloorGuard {
  private readonly principals = new WeakMap<FastifyRequest, Principal>();

  constructor(
    readonly auth: FloorAuth,
    readonly sessions: Sessions,
    readonly lockout: Lockout,
    /** Whether anyone can sign in at all (token or supervisors). */
    private readonly anyone: () => boolean,
    /** Whether a signed-in name is still a supervisor (removed: their sessions end). */
    private readonly stillSupervisor: (name: string) => boolean = () => true,
  ) {}

  /** The principal of a request; a session of a supervisor since removed is ended. */
  identify(request: FastifyRequest): Principal | null {
    const session = this.sessions.get(request.cookies?.[SESSION_COOKIE]);
    if (session && !this.stillSupervisor(session.name)) this.sessions.endFor(session.name);
    else if (session) return { name: session.name, via: "session" };
    if (this.auth.check(bearerToken(request.headers.authorization)))
      return { name: TOKEN_PRINCIPAL, via: "token" };
    return null;
  }

  /** The principal a pre-handler accepted. */
  principal(request: FastifyRequest): Principal {
    const p = this.principals.get(request);
    if (!p) throw new Error("route without the floor guard");
    return p;
  }

  /** The pre-handler of every authenticated route. */
  readonly require = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // A live session was won with a password: it is not a guess, so a lockout of the client (someone
    // else mistyping at the same tablet, or behind the same address) does not stop its rulings.
    // (A supervisor since removed has no live session: identify() below ends it.)
    const session = this.sessions.get(request.cookies?.[SESSION_COOKIE]);
    if (session && this.stillSupervisor(session.name)) {
      this.principals.set(request, { name: session.name, via: "session" });
      return;
    }
    const key = `ip:${request.ip}`;
    const locked = this.lockout.lockedFor(key);
    if (locked > 0) return void (await tooMany(reply, locked));
    const p = this.identify(request);
    if (p) {
      this.principals.set(request, p);
      return;
    }
    if (request.headers.authorization !== undefined) this.lockout.fail(key);
    const error = this.anyone()
      ? "sign in as a supervisor (or bring the floor token)"
      : "no supervisor or floor token is configured (displays.web.supervisors, FELTGUARD_FLOOR_TOKEN)";
    await reply.code(401).header("www-authenticate", 'Bearer realm="feltguard floor"').send({ error });
  };
}

/** 429 with the time left, in whole seconds. */
export async function tooMany(reply: FastifyReply, ms: number): Promise<void> {
  const s = Math.ceil(ms / 1000);
  await reply
    .code(429)
    .header("retry-after", String(s))
    .send({ error: `too many failed attempts: locked for ${s} s`, lockedForS: s });
}
