/**
 * Tells systemd the table is up (READY=1) and alive (WATCHDOG=1), only while a real health check
 * passes, so that a table whose journal stopped writing or whose event loop hangs is restarted
 * (`Restart=always`, `WatchdogSec` in deploy/feltguard.service). Node has no unix datagram sockets,
 * so each message goes through `systemd-notify` (systemd's own client; the unit sets
 * `NotifyAccess=all` so a child's message counts). systemd-notify waits for the manager to take the
 * message (a barrier), so it is not lost when the child exits at once. Without NOTIFY_SOCKET (not
 * under systemd) nothing is sent.
 */
import { execFile } from "node:child_process";
import type { Logger } from "../runtime/log.js";

export interface HealthCheck {
  /** Null when healthy; otherwise what is wrong (logged, and no watchdog ping is sent). */
  (): string | null;
}

export interface NotifierOptions {
  env?: NodeJS.ProcessEnv;
  /** The systemd-notify binary (tests may point elsewhere). */
  command?: string;
  log?: Logger;
  /** The process whose watchdog systemd watches (WATCHDOG_PID names it); default this one. */
  pid?: number;
}

/** The watchdog ping interval: half of WatchdogSec, as sd_watchdog_enabled(3) advises; null when off. */
export function watchdogIntervalMs(env: NodeJS.ProcessEnv, pid: number = process.pid): number | null {
  const usec = Number(env.WATCHDOG_USEC);
  if (!Number.isFinite(usec) || usec <= 0) return null;
  if (env.WATCHDOG_PID !== undefined && Number(env.WATCHDOG_PID) !== pid) return null;
  return Math.max(1, Math.floor(usec / 2000));
}

export class SystemdNotifier {
  private readonly env: NodeJS.ProcessEnv;
  private readonly command: string;
  private timer: NodeJS.Timeout | null = null;
  private inFlight = false;
  private lastProblem: string | null = null;
  private lastStatus: string | null = null;
  private status: () => string = () => "table running";

  constructor(private readonly options: NotifierOptions = {}) {
    this.env = options.env ?? process.env;
    this.command = options.command ?? "systemd-notify";
  }

  /** Whether systemd listens (NOTIFY_SOCKET is set). */
  get enabled(): boolean {
    return (this.env.NOTIFY_SOCKET ?? "") !== "";
  }

  /** Sends the given assignments (e.g. "READY=1", "STATUS=…"); resolves when systemd-notify has done. */
  send(...assignments: string[]): Promise<void> {
    if (!this.enabled) return Promise.resolve();
    return new Promise((resolve) => {
      execFile(this.command, assignments, { env: this.env, timeout: 10_000 }, (error) => {
        if (error) this.options.log?.warn({ error: error.message, assignments }, "systemd-notify failed");
        resolve();
      });
    });
  }

  /**
   * READY=1 once `check` passes, then WATCHDOG=1 every half WatchdogSec while it passes. A failing
   * check sends no ping (systemd then restarts the table) and is logged once per new problem.
   * `status` is systemd's STATUS= line (`systemctl status`), sent again with a ping when it changes.
   */
  async start(check: HealthCheck, status: () => string = () => "table running"): Promise<boolean> {
    this.status = status;
    if (!this.enabled) return false;
    const problem = check();
    if (problem !== null) {
      this.options.log?.error({ problem }, "not ready: %s", problem);
      await this.send(`STATUS=not ready: ${problem}`);
      return false;
    }
    this.lastStatus = status();
    await this.send("READY=1", `STATUS=${this.lastStatus}`);
    const every = watchdogIntervalMs(this.env, this.options.pid);
    if (every !== null) {
      this.timer = setInterval(() => void this.ping(check), every);
      this.timer.unref();
    }
    return true;
  }

  /** One watchdog round: a ping only if the check passes (and the last one is not still in flight). */
  async ping(check: HealthCheck): Promise<void> {
    if (this.inFlight) return;
    const problem = check();
    if (problem !== null) {
      if (problem !== this.lastProblem)
        this.options.log?.error({ problem }, "watchdog withheld: %s", problem);
      this.lastProblem = problem;
      return;
    }
    this.lastProblem = null;
    // What `systemctl status` shows, sent with a ping when it changes (e.g. the journal not writing).
    const now = this.status();
    const changed = now !== this.lastStatus;
    this.lastStatus = now;
    this.inFlight = true;
    try {
      await this.send("WATCHDOG=1", ...(changed ? [`STATUS=${now}`] : []));
    } finally {
      this.inFlight = false;
    }
  }

  /** Tells systemd the table is stopping and stops the pings. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.send("STOPPING=1");
  }
}
