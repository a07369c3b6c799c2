/**
 * A dealer-keys board for rehearsing `feltguard table` without hardware (docs/install.md, "Rehearsal
 * on one machine"): the Firmata twin (src/devices/keys/mock.ts) on a socat pseudo-terminal pair. It
 * prints `READY <path>` (give that path as devices.keys.path), then presses a key for each line
 * `press <pin>` on standard input (down for 150 ms: long past johnny-five's debounce), e.g.
 * `echo "press 2" > keys.fifo` for the shuffler of config/default.yaml.
 *
 *   npx tsx test/support/keysTwin.ts /tmp/fg-keys < keys.fifo
 */
import { mkdirSync } from "node:fs";
import { createInterface } from "node:readline";
import { FirmataTwin, openPtyPair } from "../../src/devices/keys/mock.js";

const dir = process.argv[2] ?? "/tmp/fg-keys";
mkdirSync(dir, { recursive: true });
const pair = await openPtyPair(dir, "keys");
const twin = await FirmataTwin.open({ path: pair.device });
process.stdout.write(`READY ${pair.host}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const pin = /^press (\d+)$/.exec(line.trim())?.[1];
  if (pin === undefined) continue;
  twin.press(Number(pin));
  await new Promise((done) => setTimeout(done, 150));
  twin.release(Number(pin));
  process.stdout.write(`pressed ${pin}\n`);
}
await twin.unplug();
await pair.close();
