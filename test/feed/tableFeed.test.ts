/**
 * The real table on the floor feed: `feltguard run --mqtt` publishes a journaled file's events and the
 * signed chain head; `feltguard table --mqtt` after a power cut publishes the recovered hand under its
 * original numbers, its open alert on the retained state, and the journal's signed head.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { runTable } from "../../src/app/commands/run.js";
import { DEFAULT_CONFIG_PATH } from "../../src/config/config.js";
import { startTable } from "../../src/app/tableRun.js";
import { startEmbeddedBroker } from "../../src/feed/embeddedBroker.js";
import { type FeedEvent, RoomSubscriber } from "../../src/feed/subscriber.js";
import { REPO_ROOT } from "../support/paths.js";
import { until } from "./brokers.js";

const dir = mkdtempSync(join(tmpdir(), "fg-feed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** `run` fed `input` while the floor's broker is away (nothing reaches the floor): the seqs it said. */
async function runWhileBrokerAway(o: { journal: string; input: string; config: string; out: string }) {
  const away = await startEmbeddedBroker();
  const awayUrl = away.url;
  await away.close();
  await runTable({ ...o, paceMs: 0, mqtt: awayUrl });
  return readFileSync(o.out, "utf8")
    .trim()
    .split("\n")
    .map((l) => (JSON.parse(l) as { seq: number }).seq);
}
describe("the real table on the floor feed", () => {
  it("run and table publish every event in order, the recovered hand's alert and the signed chain head", async () => {
    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const got: FeedEvent[] = [];
    const floor = new RoomSubscriber({ url: broker.url, onEvents: (_t, events) => got.push(...events) });
    cleanups.push(() => floor.close());
    await floor.ready();
    const config = join(dir, "table.yaml");
    writeFileSync(
      config,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8")
        .replace("port: 8080", "port: 0")
        .replace(/^table:\n/m, "table:\n  id: t-9\n"),
    );
    const journal = join(dir, "journal.db");
    const out = join(dir, "out.jsonl");
    await runTable({
      journal,
      input: join(REPO_ROOT, "examples/premature-flop.jsonl"),
      config,
      paceMs: 0,
      out,
      mqtt: broker.url,
    });
    const said = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((l) => (JSON.parse(l) as { seq: number }).seq);
    await until(() => got.length === said.length, "every event of the run");
    expect(got.map((e) => e.seq)).toEqual(said);
    const t9 = () => floor.tables.get("t-9");
    await until(() => typeof t9()?.head?.sig === "string", "the signed head");

    const table = await startTable({ config, journal, devices: false, mqtt: broker.url });
    cleanups.push(() => table.stop());
    await until(
      () => t9()?.health?.status === "online" && (t9()?.state?.alerts.length ?? 0) > 0,
      "the recovered table",
    );
    expect(t9()?.state?.alerts.map((a) => a.code)).toContain("PREMATURE_FLOP");
    expect(t9()?.state?.hand).toBe(1);
    // The recovered hand's events keep their numbers: the room drops them as seen; new notices follow on.
    const seqs = got.map((e) => e.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    expect(t9()?.head).toMatchObject({
      seq: expect.any(Number),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  }, 60_000);

  it("a table restarted after the floor missed its events publishes them from the journal when asked", async () => {
    const config = join(dir, "table2.yaml");
    writeFileSync(
      config,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8")
        .replace("port: 8080", "port: 0")
        .replace(/^table:\n/m, "table:\n  id: t-10\n"),
    );
    const journal = join(dir, "journal2.db");
    const out = join(dir, "out2.jsonl");
    // A scenario's input lines (its "expect" lines are for the scenario runner).
    const input = join(dir, "clean-hand.jsonl");
    writeFileSync(
      input,
      readFileSync(join(REPO_ROOT, "test/scenarios/clean-hand-to-showdown.jsonl"), "utf8")
        .split("\n")
        .filter((l) => l.startsWith('{"t"'))
        .join("\n"),
    );
    // The broker is away for the whole run: nothing reaches the floor.
    const said = await runWhileBrokerAway({ journal, input, config, out });

    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const got: FeedEvent[] = [];
    const floor = new RoomSubscriber({
      url: broker.url,
      history: true,
      onEvents: (_t, events) => got.push(...events),
    });
    cleanups.push(() => floor.close());
    await floor.ready();
    const table = await startTable({ config, journal, devices: false, mqtt: broker.url });
    cleanups.push(() => table.stop());
    // The hand ended before the restart: nothing is replayed at start, the events come from the journal.
    expect(table.recovered).toBeNull();
    await until(() => got.length >= said.length, "the run's events");
    expect(got.map((e) => e.seq)).toEqual(said);
    expect(got.some((e) => e.kind === "hand_end")).toBe(true);
  }, 60_000);
  it("after a restart the table publishes, unasked, the hand the floor may have missed and its recovered-hand notice", async () => {
    const config = join(dir, "table3.yaml");
    writeFileSync(
      config,
      readFileSync(DEFAULT_CONFIG_PATH, "utf8")
        .replace("port: 8080", "port: 0")
        .replace(/^table:\n/m, "table:\n  id: t-11\n"),
    );
    const journal = join(dir, "journal3.db");
    const out = join(dir, "out3.jsonl");
    // Killed mid-hand before anything reached the floor (the example ends with the hand in progress).
    const said = await runWhileBrokerAway({
      journal,
      input: join(REPO_ROOT, "examples/premature-flop.jsonl"),
      config,
      out,
    });

    const broker = await startEmbeddedBroker();
    cleanups.push(() => broker.close());
    const got: FeedEvent[] = [];
    // A consumer that does not ask for history: it gets what the table sends.
    const floor = new RoomSubscriber({ url: broker.url, onEvents: (_t, events) => got.push(...events) });
    cleanups.push(() => floor.close());
    await floor.ready();
    const table = await startTable({ config, journal, devices: false, mqtt: broker.url });
    cleanups.push(() => table.stop());
    expect(table.recovered).toBe(1);
    await until(
      () => got.some((e) => e.kind === "alert" && e.code === "HAND_RECOVERED"),
      "the recovered-hand notice on the feed",
    );
    const seqs = got.map((e) => e.seq);
    expect(seqs).toEqual([...new Set(seqs)].sort((a, b) => a - b));
    // The recovered hand from its start, each event under its number, then the notice after them.
    expect(seqs.slice(0, said.length)).toEqual(said);
    expect(got.find((e) => e.kind === "alert" && e.code === "HAND_RECOVERED")?.seq).toBe(
      (said.at(-1) ?? 0) + 1,
    );
  }, 60_000);
});
