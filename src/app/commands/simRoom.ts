/**
 * `feltguard sim --tables N --mqtt URL`: N simulated tables in one process on the floor feed
 * (src/app/roomSim.ts), journal-free. Paced at `--speed` simulated seconds per second (default 1) so a
 * room overview shows a live room, or as fast as possible with `--fast`; until `--hands` hands per table
 * or Ctrl-C.
 */
import type { AlertCode } from "../../hand/alerts.js";
import type { Config } from "../../config/config.js";
import { SimRoom } from "../roomSim.js";
import { FEED_VERSION } from "../tableFeed.js";
import { diag } from "./io.js";

export interface RoomSimOpts {
  tables: number;
  mqtt: string;
  seed: number;
  noise: boolean;
  inject: readonly AlertCode[];
  hands?: number;
  fast: boolean;
  speed?: number;
}

/** How much table time one step plays when paced (ms of wall time between steps). */
const STEP_MS = 100;

export async function roomSimCommand(opts: RoomSimOpts, config: Config): Promise<number> {
  const room = new SimRoom({
    config,
    tables: opts.tables,
    url: opts.mqtt,
    seed: opts.seed,
    noise: opts.noise,
    inject: opts.inject,
    version: FEED_VERSION,
  });
  let stopped = false;
  const stop = () => {
    stopped = true;
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  diag(
    `sim: ${opts.tables} tables publishing to ${opts.mqtt} (ids ${room.tables[0]?.id} … ${room.tables.at(-1)?.id})`,
  );
  const speed = opts.speed ?? 1;
  const started = performance.now();
  let t = 0;
  const done = () => stopped || (opts.hands !== undefined && room.tables.every((x) => x.hands > opts.hands!));
  while (!done()) {
    if (opts.fast) t += 60_000;
    else {
      await new Promise((r) => setTimeout(r, STEP_MS));
      t = Math.floor((performance.now() - started) * speed);
    }
    await room.runUntil(t);
  }
  await Promise.all(room.tables.map((x) => x.publisher.drain()));
  await room.close();
  process.off("SIGINT", stop);
  process.off("SIGTERM", stop);
  diag(
    `sim: ${room.tables.reduce((n, x) => n + x.hands, 0)} hands over ${opts.tables} tables, ${t} ms of table time`,
  );
  return 0;
}
