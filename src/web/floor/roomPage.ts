/** The room overview's static files (src/web/floor/public), served from memory with a strict CSP. */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

/** Resolved from the package root, so src/web/floor (tsx, tests) and dist/web/floor (the CLI) both find them. */
const DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../../src/web/floor/public");

const FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "room.html", type: "text/html; charset=utf-8" },
  "/room.css": { file: "room.css", type: "text/css; charset=utf-8" },
  "/room.js": { file: "room.js", type: "text/javascript; charset=utf-8" },
};

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function registerRoomPage(app: FastifyInstance): void {
  for (const [path, { file, type }] of Object.entries(FILES)) {
    const body = readFileSync(resolve(DIR, file));
    app.get(path, async (_request, reply) =>
      reply.type(type).header("content-security-policy", CSP).header("cache-control", "no-cache").send(body),
    );
  }
  app.get("/favicon.ico", async (_request, reply) => reply.code(204).send());
}
