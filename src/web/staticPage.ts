/** The floor page's static files: one HTML page, a stylesheet and a script, served from memory. */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";

/**
 * The files live in src/web/public. Resolved from the package root so the same path works from
 * src/web (tsx, tests) and from dist/web (the built CLI), which has no copy of them.
 */
export const PUBLIC_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../src/web/public");

const FILES: Record<string, { file: string; type: string }> = {
  "/": { file: "index.html", type: "text/html; charset=utf-8" },
  "/floor.css": { file: "floor.css", type: "text/css; charset=utf-8" },
  "/floor.js": { file: "floor.js", type: "text/javascript; charset=utf-8" },
};

/** Only this origin's scripts, styles and sockets; no framing (also @fastify/helmet's policy). */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  connectSrc: ["'self'"],
  imgSrc: ["'self'", "data:"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
};
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Registers GET routes for the page's files (read once, at start-up). */
export function registerStaticPage(app: FastifyInstance): void {
  for (const [path, { file, type }] of Object.entries(FILES)) {
    const body = readFileSync(resolve(PUBLIC_DIR, file));
    app.get(path, async (_request, reply) =>
      reply.type(type).header("content-security-policy", CSP).header("cache-control", "no-cache").send(body),
    );
  }
  // Browsers ask for it; an empty answer keeps the console clean.
  app.get("/favicon.ico", async (_request, reply) => reply.code(204).send());
}
