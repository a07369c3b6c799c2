/**
 * `feltguard floor`: the room overview (src/web/floor/). It embeds an MQTT broker (aedes) so a small
 * room needs nothing else; with `--mqtt URL` it uses an existing broker (mosquitto, an EMQX cluster).
 * Supervisors sign in from the same supervisors file as the tables' pages; their rulings are signed with
 * their key from the ruling keys file the tables share (docs/floor-network.md).
 */
import { readFileSync } from "node:fs";
import { type Command, InvalidArgumentError } from "commander";
import { AskAgainMs, DEFAULT_ASK_AGAIN_MS } from "../../feed/askAgain.js";
import { diag } from "./io.js";

interface FloorOpts {
  mqtt?: string;
  mqttUsername?: string;
  mqttPasswordFile?: string;
  brokerHost: string;
  brokerPort: number;
  host: string;
  port: number;
  supervisors?: string;
  rulingKeys?: string;
  askAgainMs: number;
}

const port = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`${v} is not a port`);
  return n;
};

/** The ask-again window (src/feed/askAgain.ts), validated. */
const askAgainMs = (v: string) => {
  const parsed = AskAgainMs.safeParse(v);
  if (!parsed.success) throw new InvalidArgumentError(`${v} is not a window from 50 to 60000 ms`);
  return parsed.data;
};

/** Registers `feltguard floor`. */
export function registerFloor(program: Command): void {
  program
    .command("floor")
    .description(
      "the room overview: every table on the MQTT broker, rulings to a table (embeds a broker unless --mqtt)",
    )
    .option("--mqtt <url>", "use this broker instead of the embedded one")
    .option("--mqtt-username <name>", "this floor server's user at the broker (e.g. floor-1)")
    .option(
      "--mqtt-password-file <file>",
      "its password, the file's first line (mode 0600; never on the command line, where ps shows it)",
    )
    .option("--broker-host <host>", "the embedded broker's address", "0.0.0.0")
    .option("--broker-port <port>", "the embedded broker's port", port, 1883)
    .option("--host <host>", "the overview page's address", "127.0.0.1")
    .option("--port <port>", "the overview page's port (0: a free one)", port, 8090)
    .option(
      "--supervisors <file>",
      "the supervisors file (names and argon2 hashes; feltguard supervisor add)",
    )
    .option("--ruling-keys <file>", "the supervisors' ruling keys and rights, shared with the tables")
    .option(
      "--ask-again-ms <ms>",
      "how long a gap in a table's events (or a state behind them) stays open before it is asked for again",
      askAgainMs,
      DEFAULT_ASK_AGAIN_MS,
    )
    .action(async (opts: FloorOpts) => {
      const { startEmbeddedBroker } = await import("../../feed/embeddedBroker.js");
      const { RulingKeys } = await import("../../feed/signedRuling.js");
      const { createRoomServer } = await import("../../web/floor/roomServer.js");
      const { Supervisors } = await import("../../web/supervisors.js");
      const broker =
        opts.mqtt === undefined
          ? await startEmbeddedBroker({ host: opts.brokerHost, port: opts.brokerPort })
          : null;
      const url = opts.mqtt ?? broker?.url ?? "";
      const login = brokerLogin(opts);
      const server = createRoomServer({
        mqtt: broker === null ? url : `mqtt://127.0.0.1:${broker.port}`,
        ...(login === undefined ? {} : { mqttLogin: login }),
        host: opts.host,
        port: opts.port,
        askAgainMs: opts.askAgainMs,
        ...(opts.supervisors === undefined ? {} : { supervisors: Supervisors.load(opts.supervisors) }),
        ...(opts.rulingKeys === undefined ? {} : { rulingKeys: RulingKeys.load(opts.rulingKeys) }),
      });
      const page = await server.listen();
      diag(
        `ready — room overview ${page}; broker ${withoutPassword(url)}${broker === null ? "" : " (embedded)"}`,
      );
      const stop = () =>
        void server
          .close()
          .then(() => broker?.close())
          .then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
}

/** The floor server's login at the broker, from its options (the password from its file). */
function brokerLogin(opts: FloorOpts): { username: string; password?: string } | undefined {
  if (opts.mqttUsername === undefined) {
    if (opts.mqttPasswordFile !== undefined)
      throw new InvalidArgumentError("--mqtt-password-file needs --mqtt-username");
    return undefined;
  }
  if (opts.mqttPasswordFile === undefined) return { username: opts.mqttUsername };
  let text: string;
  try {
    text = readFileSync(opts.mqttPasswordFile, "utf8");
  } catch (e) {
    throw new InvalidArgumentError(
      `--mqtt-password-file: cannot read ${opts.mqttPasswordFile} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
  }
  return { username: opts.mqttUsername, password: text.split("\n")[0]!.trim() };
}

/** A broker URL fit for a log: a password given in it (mqtt://user:secret@host) is not repeated. */
export function withoutPassword(url: string): string {
  try {
    const u = new URL(url);
    if (u.password === "") return url;
    u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}
