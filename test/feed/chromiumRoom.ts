/**
 * What the room overview's browser tests share: Debian's chromium (their tests are skipped when it is
 * missing), a room server on an embedded broker where one supervisor, Ana, holds the ruling key of one
 * table, and that table publishing on the broker from a runtime on a test clock.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";
import { afterAll, afterEach, beforeAll } from "vitest";
import type { Config } from "../../src/config/config.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { FloorInbox } from "../../src/feed/floorInbox.js";
import { FeedPublisher } from "../../src/feed/publisher.js";
import { RulingKeys, RulingVerifier } from "../../src/feed/signedRuling.js";
import { Runtime } from "../../src/runtime/runtime.js";
import { createTableFromConfig } from "../../src/runtime/tableSettings.js";
import { createRoomServer } from "../../src/web/floor/roomServer.js";
import { Supervisors } from "../../src/web/supervisors.js";

const CHROMIUM = "/usr/bin/chromium";
export const haveChromium = existsSync(CHROMIUM);

type Cleanups = (() => Promise<void>)[];

/** Chromium for the describe block it is called in, and what each test leaves to close after it. */
export function useChromium(): { browser: () => Browser; cleanups: Cleanups } {
  let browser: Browser | undefined;
  const cleanups: Cleanups = [];
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return { browser: () => browser!, cleanups };
}

/** An embedded broker and the room server on it; Ana (password "correct horse battery") rules `tableId`. */
export async function roomWithAna(tableId: string, cleanups: Cleanups) {
  const broker = await startEmbeddedBroker();
  cleanups.push(() => broker.close());
  const supervisors = Supervisors.inMemory();
  await supervisors.add("Ana", "correct horse battery");
  const keys = RulingKeys.from({
    supervisors: [{ name: "Ana", key: RulingKeys.newKey(), tables: [tableId] }],
  });
  const server = createRoomServer({
    mqtt: broker.url,
    host: "127.0.0.1",
    port: 0,
    supervisors,
    rulingKeys: keys,
  });
  cleanups.push(() => server.close());
  return { brokerUrl: broker.url, keys, url: await server.listen() };
}

/** A table of `config` on a test clock (`at` moves it on), publishing as `tableId` and taking signed rulings. */
export function tableOnTheFeed(
  config: Config,
  table: { tableId: string; tableName: string },
  room: { brokerUrl: string; keys: RulingKeys },
  cleanups: Cleanups,
) {
  let now = 0;
  const runtime = new Runtime({
    core: createTableFromConfig(config),
    clock: () => now,
    setTimer: () => ({ cancel: () => undefined }),
  });
  const publisher = new FeedPublisher({
    ...table,
    url: room.brokerUrl,
    version: "test",
    inbox: new FloorInbox(new RulingVerifier(table.tableId, room.keys), runtime, 10_000),
  });
  cleanups.push(() => publisher.close());
  runtime.addOutput(publisher.output);
  return { runtime, publisher, at: (t: number) => (now = Math.max(now, t)) };
}
