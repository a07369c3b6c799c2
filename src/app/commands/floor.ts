/**
 * `feltguard floor`: the room overview (src/web/floor/). It embeds an MQTT broker (aedes) so a small
 * room needs nothing else; with `--mqtt URL` it uses an existing broker (mosquitto, an EMQX cluster).
 * Supervisors sign in from the same supervisors file as the tables' pages; their rulings are signed with
 * their key from the ruling keys file the tables share (docs/floor-network.md).
 */
import { type Command, InvalidArgumentError } from "commander";
import { diag } from "./io.js";

interface FloorOpts {
  mqtt?: string;
  brokerHost: string;
  brokerPort: number;
  host: string;
  port: number;
  supervisors?: string;
  rulingKeys?: string;
}

const port = (v: string) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError(`${v} is not a port`);
  return n;
};

/** Registers `feltguard floor`. */
export function registerFloor(program: Command): void {
  program
    .command("floor")
    .description(
      "the room overview: every table on the MQTT broker, rulings to a table (embeds a broker unless --mqtt)",
    )
    .option("--mqtt <url>", "use this broker instead of the embedded one")
    .option("--broker-host <host>", "the embedded broker's address", "0.0.0.0")
    .option("--broker-port <port>", "the embedded broker's port", port, 1883)
    .option("--host <host>", "the overview page's address", "127.0.0.1")
    .option("--port <port>", "the overview page's port (0: a free one)", port, 8090)
    .option(
      "--supervisors <file>",
      "the supervisors file (names and argon2 hashes; feltguard supervisor add)",
    )
    .option("--ruling-keys <file>", "the supervisors' ruling keys and rights, shared with the tables")
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
      const server = createRoomServer({
        mqtt: broker === null ? url : `mqtt://127.0.0.1:${broker.port}`,
        host: opts.host,
        port: opts.port,
        ...(opts.supervisors === undefined ? {} : { supervisors: Supervisors.load(opts.supervisors) }),
        ...(opts.rulingKeys === undefined ? {} : { rulingKeys: RulingKeys.load(opts.rulingKeys) }),
      });
      const page = await server.listen();
      diag(`ready — room overview ${page}; broker ${url}${broker === null ? "" : " (embedded)"}`);
      const stop = () =>
        void server
          .close()
          .then(() => broker?.close())
          .then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    });
}
