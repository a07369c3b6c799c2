/**
 * The real table's start: checks it can journal, opens the journal and recovers (checkpoint + replay
 * of the hand in progress), then starts the devices, the displays, the floor page (with /api/health
 * from the drivers and /metrics) on one runtime, and tells systemd it is ready. Every input event is
 * journaled before the core sees it; a checkpoint is written at each hand's end. A start that cannot
 * go on throws a {@link StartError} with one line, having closed what it opened.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TableEvent } from "../contract/output.js";
import type { SerialBinding } from "../devices/bridge/index.js";
import { focusObserver } from "../display/focus.js";
import { createDisplayOutputs } from "../display/outputs.js";
import { auditAlert, auditJournal } from "../journal/audit.js";
import { HAND_RECOVERED } from "../journal/faults.js";
import { Journal } from "../journal/journal.js";
import { DEFAULT_MAX_DOWNTIME_MS, restartNotices } from "../journal/recovery.js";
import { createTableFromConfig, registryFromConfig } from "../runtime/tableSettings.js";
import type { JournalStatus, LiveHealth } from "../runtime/readerHealth.js";
import { startFloorPage } from "../web/start.js";
import { loadConfig } from "../config/config.js";
import { createLogger, type Logger } from "../runtime/log.js";
import { TableMetrics } from "./metrics.js";
import {
  journalProblem,
  listenProblem,
  newJournalFiles,
  portProblem,
  removeAll,
  StartError,
} from "./preflight.js";
import type { Runtime } from "../runtime/runtime.js";
import { assembleTable } from "../runtime/assemble.js";
import { SystemdNotifier } from "./systemd.js";
import { openTableDevices, type TableDevices } from "../runtime/tableDevices.js";
import { journalBacklog, resendFrom, startTableFeed } from "./tableFeed.js";

export interface StartTableOptions {
  config: string;
  /** The journal's path; false runs without one (`--no-journal`: a scratch journal removed at stop). */
  journal: string | false;
  devices: boolean;
  key?: string;
  log?: Logger;
  /** Binds the bridges' serial ports (tests: a pty through the real binding, or a mock). */
  binding?: SerialBinding;
  /** systemd's notification (default: from NOTIFY_SOCKET). */
  notifier?: SystemdNotifier;
  /** The floor feed's broker (wins over feed.mqtt.url). */
  mqtt?: string;
  /** The journal's database page limit (tests: a full disk). */
  journalMaxPages?: number;
}

export interface RunningTable {
  url: string;
  /** The runtime the devices and the floor page feed (tests submit through it as a driver would). */
  runtime: Runtime;
  recovered: number | null;
  devices: TableDevices | null;
  /** What /api/health says of the drivers and the journal. */
  health(): LiveHealth;
  /** The watchdog's check: null when healthy, else what is wrong. */
  check(): string | null;
  stop: () => Promise<void>;
}

/** Starts the table; resolves when it is ready. */
export async function startTable(options: StartTableOptions): Promise<RunningTable> {
  const config = loadConfig(options.config, { checkFiles: true });
  const log = options.log ?? createLogger("table");
  const web = config.displays.web ?? { host: "127.0.0.1", port: 8080 };
  // Before any file is made: a start refused for its port leaves no journal or key behind.
  const portTaken = await portProblem(web.host, web.port, options.config);
  if (portTaken !== null) throw new StartError(portTaken);
  let scratch: string | null = null;
  let journalPath: string;
  if (options.journal === false) {
    scratch = mkdtempSync(join(tmpdir(), "feltguard-nojournal-"));
    journalPath = join(scratch, "journal.db");
    log.warn("running without a journal (--no-journal): nothing of this table survives a restart");
  } else {
    journalPath = options.journal;
    const problem = journalProblem(journalPath);
    if (problem !== null)
      throw new StartError(
        `cannot journal: ${problem}. Fix it (deploy/install.sh makes /var/lib/feltguard), name another with --journal, or run with --no-journal`,
      );
  }
  // The table key: the command line's, else the configuration's, else beside the journal.
  const keyPath = scratch !== null ? join(scratch, "journal.key") : (options.key ?? config.journal?.key);
  // What this start makes, removed if it fails after all (the port taken between the probe and the listen).
  const made = scratch !== null || existsSync(journalPath) ? [] : newJournalFiles(journalPath, keyPath);
  const journal = Journal.open(journalPath, {
    logger: log.child({ component: "journal" }),
    ...(keyPath === undefined ? {} : { keyPath }),
    ...(options.journalMaxPages === undefined ? {} : { maxPages: options.journalMaxPages }),
  });
  const registry = registryFromConfig(config);
  let devices: TableDevices | null = null;
  const metrics = new TableMetrics(
    () => new Map([...(devices?.bridges ?? new Map())].map(([name, b]) => [name, b.counters])),
  );
  // The live clock goes on from the journal's last `t`; every input is timed into the journal.
  const maxDowntimeMs = config.journal?.maxDowntimeMs ?? DEFAULT_MAX_DOWNTIME_MS;
  const assembled = assembleTable(config, {
    journal,
    registry,
    appendThrough: (j) => metrics.timed(j),
    maxDowntimeMs,
  });
  const { runtime } = assembled;
  const recovered = assembled.recovered!;
  runtime.addOutput(metrics.output);
  const abort = new AbortController();
  const closeAll = async () => {
    abort.abort();
    runtime.stop();
    await devices?.stop();
    journal.close();
    if (scratch !== null) rmSync(scratch, { recursive: true, force: true });
  };
  try {
    devices = options.devices
      ? await openTableDevices(runtime, config, log, {
          ...(options.binding ? { binding: options.binding } : {}),
          known: recovered.antennas,
        })
      : null;
  } catch (e) {
    await closeAll();
    removeAll(made);
    throw e;
  }
  const shown = createDisplayOutputs({
    tableName: config.table.name,
    ...(devices?.keys ? { keys: devices.keys } : {}),
    ...(devices?.panel ? { panel: devices.panel } : {}),
  });
  runtime.addOutput(shown.output);
  // The bridges scan first where the next card or chips should land (FOCUS, issue 20).
  if (devices) runtime.addObserver(focusObserver(devices.bridges, config.antennas));
  // What the floor page is given at once: the replayed hand (under its numbers), then the notices.
  runtime.show(recovered.replayed);
  const jumped = assembled.clockJumpedMs;
  // The engineer restoring a table reads where table time resumed (docs/journal.md; CLOCK_JUMP past the cap).
  const resumed = { lastT: recovered.lastT, resumedT: runtime.now(), clockJumpedMs: jumped };
  log[jumped === null ? "info" : "warn"](resumed, "table time resumes at t=%d", resumed.resumedT);
  const history = [
    ...recovered.replayed,
    ...runtime.announce(restartNotices(recovered, jumped, maxDowntimeMs, runtime.now())),
    ...runtime.announceNotices(),
  ];
  runtime.addOutput((events, core) => journal.record(events, core, journal.lastSeq));
  let resend: TableEvent[] = [];
  const feed = startTableFeed(runtime, config, {
    ...(options.mqtt === undefined ? {} : { mqtt: options.mqtt }),
    head: () => (journal.keyPath === null ? journal.chainHead : journal.signedHead()),
    // The contract's health payload: readers, devices, journal (and the feed adds the version).
    health: () => {
      const drivers = devices?.health();
      return {
        readers: drivers?.readers ?? [],
        devices: drivers?.devices ?? [],
        journal: { journaling: journal.journaling, lastSeq: journal.lastSeq },
      };
    },
    // The journal's past is kept for replay requests, not sent unasked, except what the floor may have
    // missed at the crash: the hand in progress (or, between hands, the last one) and what this start
    // said. Kept as acknowledged, the recovered-hand notice and the last events before the kill were
    // never published (seen with kill -9 on mosquitto: a gap in seq, and no HAND_RECOVERED).
    backlog: () => {
      const db = journal.database;
      const past =
        db === null
          ? []
          : journalBacklog(db, () => createTableFromConfig(config, registry), journal.eventSeqBase);
      const from = resendFrom(past, history);
      resend = past.filter((e) => (e.seq ?? 0) >= from && (e.seq ?? 0) < (history[0]?.seq ?? Infinity));
      return past.filter((e) => (e.seq ?? 0) < from);
    },
  });
  feed?.output([...resend, ...history], runtime.core);
  // A device's state changes with an input (the bridge's `reader` events), not always with a table event.
  // Only the drivers' part is compared: the journal's row count in the payload moves with every input,
  // and a retained health per input would multiply the feed's messages.
  if (feed && devices) {
    const drivers = devices;
    let last = JSON.stringify(drivers.health());
    runtime.addObserver(() => {
      const now = JSON.stringify(drivers.health());
      if (now === last) return;
      last = now;
      feed.healthMayHaveChanged();
    });
  }
  // The rest of the journal (rows before the checkpoint recovery built on) is checked while the table plays.
  const audit =
    journal.keyPath === null || journal.database === null
      ? null
      : auditJournal({ path: journalPath, keyPath: journal.keyPath });
  audit?.result.then(
    (r) => {
      if (r.ok) log.info({ rows: r.rows }, "journal audit: ok");
      else runtime.announce([auditAlert(runtime.now(), r)]);
    },
    (e: unknown) => {
      if (!abort.signal.aborted) log.warn({ error: String(e) }, "journal audit did not finish");
    },
  );
  const journalStatus = (): JournalStatus => {
    if (scratch !== null) return { state: "off", path: null, waiting: 0 };
    const fault = journal.fault;
    return {
      state: journal.journaling ? "writing" : "fault",
      path: journalPath,
      waiting: journal.waiting,
      ...(fault ? { reason: fault.reason } : {}),
    };
  };
  const health = (): LiveHealth => ({
    readers: devices?.health().readers ?? [],
    devices: devices?.health().devices ?? [],
    journal: journalStatus(),
  });
  let url: string;
  try {
    url = await startFloorPage(runtime, config, {
      signal: abort.signal,
      history,
      live: health,
      metrics: { contentType: metrics.contentType, text: () => metrics.text() },
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
  } catch (e) {
    await audit?.stop();
    await closeAll();
    removeAll(made);
    const problem = listenProblem(e, web.host, web.port, options.config);
    throw problem === null ? e : new StartError(problem);
  }
  /**
   * The watchdog's check: the core answers (a hung event loop sends no ping at all). A journal that
   * stopped writing is no reason to restart: it keeps its rows in memory and writes them once the
   * storage takes writes again, and its floor alert says not to restart; a restart lost those rows
   * and met the same full or read-only disk (a restart every WatchdogSec). It is said in systemd's
   * STATUS, /api/health and the floor's JOURNAL_FAULT instead.
   */
  const check = (): string | null => {
    try {
      runtime.core.nextDeadline();
    } catch (e) {
      return `the core does not answer: ${(e as Error).message}`;
    }
    return null;
  };
  const notifier = options.notifier ?? new SystemdNotifier({ log });
  const status = (): string => {
    const j = journalStatus();
    return j.state === "fault"
      ? `table running, NOT JOURNALING: ${j.reason ?? "fault"} (${j.waiting} rows kept in memory)`
      : "table running";
  };
  await notifier.start(check, status);
  return {
    url,
    runtime,
    recovered: recovered.handInProgress,
    devices,
    health,
    check,
    stop: async () => {
      abort.abort();
      await notifier.stop();
      await feed?.close();
      await audit?.stop();
      await closeAll();
    },
  };
}
