/**
 * The real table's start: opens the journal and recovers (checkpoint + replay of the hand in
 * progress), then starts the devices, the displays and the floor page on one runtime. Every input
 * event is journaled before the core sees it; a checkpoint is written at each hand's end.
 */
import { createDisplayOutputs } from "../display/outputs.js";
import { auditAlert, auditJournal } from "../journal/audit.js";
import { HAND_RECOVERED, journalLogger } from "../journal/faults.js";
import { Journal } from "../journal/journal.js";
import { recover, recoveredNotice, resumedClock } from "../journal/recovery.js";
import { createTableFromConfig, registryFromConfig } from "../table/core.js";
import { startFloorPage } from "../web/start.js";
import { diag } from "./commands/io.js";
import { loadConfig } from "./config.js";
import { Runtime } from "./runtime.js";
import { journalBacklog, startTableFeed } from "./tableFeed.js";
import { openTableDevices } from "./tableDevices.js";

/** Starts the table; resolves when it is ready, with a function that stops it. */
export async function startTable(options: {
  config: string;
  journal: string;
  devices: boolean;
  key?: string;
  /** The floor feed's broker (wins over feed.mqtt.url). */
  mqtt?: string;
}): Promise<{
  url: string;
  recovered: number | null;
  stop: () => Promise<void>;
}> {
  const config = loadConfig(options.config);
  const log = journalLogger();
  // The table key: the command line's, else the configuration's, else beside the journal.
  const keyPath = options.key ?? config.journal?.key;
  const journal = Journal.open(options.journal, {
    logger: log,
    ...(keyPath === undefined ? {} : { keyPath }),
  });
  const registry = registryFromConfig(config);
  const recovered = recover(journal, (cp) => createTableFromConfig(config, registry, cp));
  const runtime = new Runtime({
    core: recovered.core,
    clock: resumedClock(recovered.lastT),
    journal,
    startT: recovered.lastT,
  });
  const devices = options.devices ? await openTableDevices(runtime, config, diag) : null;
  const shown = createDisplayOutputs({
    tableName: config.table.name,
    ...(devices?.keys ? { keys: devices.keys } : {}),
    ...(devices?.panel ? { panel: devices.panel } : {}),
  });
  runtime.addOutput(shown.output);
  // What the floor page is given at once: the replayed hand (under its numbers), then the notices.
  runtime.show(recovered.replayed);
  const history = [
    ...recovered.replayed,
    ...runtime.announce(recoveredNotice(recovered)),
    ...runtime.announceNotices(),
  ];
  runtime.addOutput((events, core) => journal.record(events, core, journal.lastSeq));
  const feed = startTableFeed(runtime, config, {
    ...(options.mqtt === undefined ? {} : { mqtt: options.mqtt }),
    head: () => (journal.keyPath === null ? journal.chainHead : journal.signedHead()),
    health: () => ({ journal: { journaling: journal.journaling, lastSeq: journal.lastSeq } }),
    backlog: () => {
      const db = journal.database;
      return db === null
        ? []
        : journalBacklog(db, () => createTableFromConfig(config, registry), journal.eventSeqBase);
    },
  });
  feed?.output(history, runtime.core);
  const abort = new AbortController();
  // The rest of the journal (rows before the checkpoint recovery built on) is checked while the table plays.
  const audit =
    journal.keyPath === null || journal.database === null
      ? null
      : auditJournal({ path: options.journal, keyPath: journal.keyPath });
  audit?.result.then(
    (r) => {
      if (r.ok) log.info({ rows: r.rows }, "journal audit: ok");
      else runtime.announce([auditAlert(runtime.now(), r)]);
    },
    (e: unknown) => {
      if (!abort.signal.aborted) log.warn({ error: String(e) }, "journal audit did not finish");
    },
  );
  const url = await startFloorPage(runtime, config, {
    signal: abort.signal,
    history,
    onServer: (server) => {
      // The floor page says so while the recovered hand is on, until its hand_end.
      if (recovered.handInProgress === null) return;
      server.state.recovered = true;
      runtime.addOutput((events) => {
        if (events.some((e) => e.kind === "hand_end" && e.hand === recovered.handInProgress)) {
          server.state.recovered = false;
          server.publish();
          runtime.announce([{ t: runtime.now(), kind: "alert_clear", code: HAND_RECOVERED }]);
        }
      });
    },
  });
  return {
    url,
    recovered: recovered.handInProgress,
    stop: async () => {
      abort.abort();
      runtime.stop();
      await feed?.close();
      await audit?.stop();
      await devices?.stop();
      journal.close();
    },
  };
}
