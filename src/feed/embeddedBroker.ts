/**
 * The embedded broker of a small room (aedes over TCP): `feltguard floor` starts it unless it is told
 * to use an existing broker (`--mqtt URL`). Access rules as in docs/floor-network.md: a table publishes
 * only under its own `feltguard/<id>/`; without credentials configured anyone on the LAN may connect,
 * which is the small room's trade-off (the tables still check every ruling's signature).
 */
import { createServer, type Server } from "node:net";
import { Aedes } from "aedes";

export interface EmbeddedBroker {
  /** mqtt://host:port */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts aedes on `host:port` (0: a free port). */
export async function startEmbeddedBroker(
  options: { host?: string; port?: number } = {},
): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    // A table client (clientId feltguard-table-<id>) may publish only under its own id.
    authorizePublish: (client, packet, callback) => {
      const own = /^feltguard-table-([A-Za-z0-9-]+)$/.exec(client?.id ?? "")?.[1];
      if (own !== undefined && !packet.topic.startsWith(`feltguard/${own}/`)) {
        callback(new Error(`table ${own} may publish only under feltguard/${own}/`));
        return;
      }
      callback(null);
    },
  });
  const server: Server = createServer(broker.handle);
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? address.port : 0;
  return {
    url: `mqtt://${host}:${port}`,
    port,
    close: async () => {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
