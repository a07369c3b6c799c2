/** Starts the floor page for a running table, from the configuration's `displays.web`. */
import { readFileSync } from "node:fs";
import type { Config } from "../config/configSchema.js";
import type { Runtime } from "../runtime/runtime.js";
import type { TableEvent } from "../contract/output.js";
import { floorToken } from "./auth.js";
import type { LiveHealth } from "../runtime/readerHealth.js";
import { createFloorServer, type FloorServer, type FloorServerOptions } from "./server.js";
import { Supervisors } from "./supervisors.js";

export interface StartFloorPageOptions {
  /** Closes the page when aborted. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** Called with the server once it listens (e.g. to mark the table recovered). */
  onServer?: (server: FloorServer) => void;
  /** Table events that ran before the page started (a recovery replay): their alerts and hands show. */
  history?: readonly TableEvent[];
  /** The drivers' and the journal's state (a real table): the page's health comes from it. */
  live?: () => LiveHealth;
  /** Served at /metrics. */
  metrics?: FloorServerOptions["metrics"];
}

/** Starts the floor page and resolves to its URL. Without a token the page is read-only. */
export async function startFloorPage(
  runtime: Runtime,
  config: Config,
  options: StartFloorPageOptions = {},
): Promise<string> {
  const web: NonNullable<Config["displays"]["web"]> = config.displays.web ?? {
    host: "127.0.0.1",
    port: 8080,
  };
  const server = createFloorServer({
    runtime,
    tableName: config.table.name,
    token: floorToken(web.token, options.env ?? process.env),
    ...(web.supervisors === undefined ? {} : { supervisors: Supervisors.load(web.supervisors) }),
    ...(web.undoWindowMs === undefined ? {} : { undoWindowMs: web.undoWindowMs }),
    ...(web.sessionHours === undefined ? {} : { sessionMs: web.sessionHours * 3_600_000 }),
    host: web.host,
    port: web.port,
    readers: [...new Set(Object.values(config.antennas).map((a) => a.reader))],
    antennasByReader: antennasByReader(config),
    ...(options.history ? { history: options.history } : {}),
    ...(options.live ? { live: options.live } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(web.tls === undefined
      ? {}
      : { tls: { cert: pem("cert", web.tls.cert), key: pem("key", web.tls.key) } }),
  });
  const url = await server.listen();
  options.signal?.addEventListener("abort", () => void server.close(), { once: true });
  options.onServer?.(server);
  return url;
}

/** A PEM file the configuration names for the page's TLS, or an error naming the setting and the file. */
function pem(what: "cert" | "key", path: string): Buffer {
  try {
    return readFileSync(path);
  } catch (e) {
    throw new Error(`displays.web.tls.${what}: cannot read ${path} (${(e as Error).message})`, { cause: e });
  }
}

/** Reader → the antennas the configuration maps to it. */
function antennasByReader(config: Config): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [antenna, { reader }] of Object.entries(config.antennas)) (out[reader] ??= []).push(antenna);
  return out;
}
