import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTable } from "../../src/app/commands/run.js";
import { DEFAULT_CONFIG_PATH, loadConfig } from "../../src/app/config.js";
import { HAND_RECOVERED } from "../../src/journal/faults.js";
import { Journal } from "../../src/journal/journal.js";
import { recover, resumedClock } from "../../src/journal/recovery.js";
import { createTableFromConfig, registryFromConfig } from "../../src/table/core.js";
import { memoryLogger, readTableEvents, tempDir, writeInputs } from "./support.js";
import { pluribusFiles, straightReplay, tableInput } from "./tableInput.js";

const config = loadConfig();
const registry = registryFromConfig(config);
const inputs = tableInput(pluribusFiles(3));
const reference = straightReplay(inputs);
const all = [...reference.perEvent.flat(), ...reference.final];
const causing = (kind: "hand_start" | "hand_end", hand: number) =>
  reference.perEvent.findIndex((out) => out.some((e) => e.kind === kind && e.hand === hand));
/** How many events the journal holds when the table stops in the middle of hand 2 (after its deal). */
const midHand2 = causing("hand_start", 2) + 15;

async function run(dir: string, count: number, out: string) {
  const input = writeInputs(join(dir, `input-${count}.jsonl`), inputs.slice(0, count));
  const { logger, lines } = memoryLogger();
  await runTable({
    journal: join(dir, "journal.db"),
    input,
    out: join(dir, out),
    config: DEFAULT_CONFIG_PATH,
    paceMs: 0,
    logger,
  });
  return lines();
}

describe("recovery: the last checkpoint and a replay of the hand in progress", () => {
  it("a restart in the middle of hand 2 shows hand 2 again, says it was recovered, and clears that at its end", async () => {
    expect(causing("hand_end", 2)).toBeGreaterThan(midHand2);
    const dir = tempDir();
    // The first run stops mid-hand (its input ends there); the journal then holds exactly those events.
    await run(dir, midHand2, "first.jsonl");
    const log = await run(dir, inputs.length, "second.jsonl");
    const recovered = log.find((l) => l.msg === "recovered") as unknown as {
      checkpointSeq: number;
      replayed: number;
      hand: number;
    };
    expect(recovered).toMatchObject({ hand: 2 });
    expect(recovered.checkpointSeq).toBe(causing("hand_end", 1) + 1);
    const second = readTableEvents(join(dir, "second.jsonl"));
    const notice = second.findIndex((e) => e.kind === "alert" && e.code === HAND_RECOVERED);
    const replayed = reference.perEvent.slice(recovered.checkpointSeq, midHand2).flat();
    // The displays are given the hand so far (hand_start, blinds, actions), then the notice.
    expect(second.slice(0, notice)).toEqual(replayed);
    expect(second[notice]).toMatchObject({
      severity: "info",
      text: expect.stringMatching(/^Hand 2 was recovered after a restart/),
    });
    const cleared = second.findIndex((e) => e.kind === "alert_clear" && e.code === HAND_RECOVERED);
    expect(second[cleared - 1]).toMatchObject({ kind: "hand_end", hand: 2 });
    const first = readTableEvents(join(dir, "first.jsonl"));
    // What the two runs said, the overlap and the notices taken out, is the uninterrupted run.
    const said = [
      ...first,
      ...second.filter((e, i) => i >= replayed.length && i !== notice && i !== cleared),
    ];
    expect(said).toEqual(all);
  });

  it("rebuilds the same table state as the uninterrupted core, from the journal alone", async () => {
    const dir = tempDir();
    await run(dir, midHand2, "out.jsonl");
    const journal = Journal.open(join(dir, "journal.db"), { logger: memoryLogger().logger });
    const r = recover(journal, (cp) => createTableFromConfig(config, registry, cp));
    journal.close();
    const straight = createTableFromConfig(config);
    for (const e of inputs.slice(0, midHand2)) {
      straight.advanceTo(e.t);
      straight.handle(e);
    }
    expect(r.core.snapshot()).toEqual(straight.snapshot());
    expect(r.core.hand?.context).toEqual(straight.hand?.context);
    expect(r.lastSeq).toBe(midHand2);
    expect(r.lastT).toBe(inputs[midHand2 - 1]?.t);
  });

  it("the clock goes on from the journal's last t after a restart", () => {
    let now = 5;
    const clock = resumedClock(90_000, () => now);
    expect(clock()).toBe(90_000);
    now = 1_505;
    expect(clock()).toBe(91_500);
  });
});
