/** The floor page's WebSocket clients: each gets the public message, or the private one if authenticated. */
import type { WebSocket } from "ws";
import type { FloorMessage } from "./floorState.js";

interface Client {
  socket: WebSocket;
  private: boolean;
}

export interface MessageSource {
  publicMessage(): FloorMessage;
  privateMessage(): FloorMessage;
}

export class SocketHub {
  private readonly clients = new Set<Client>();
  /** The last text sent to each audience: an unchanged table is not sent again. */
  private lastPublic = "";
  private lastPrivate = "";

  constructor(private readonly source: MessageSource) {}

  /** Adds a client and sends it the table as it is now. */
  add(socket: WebSocket, isPrivate: boolean): void {
    const client = { socket, private: isPrivate };
    this.clients.add(client);
    socket.on("close", () => this.clients.delete(client));
    socket.send(this.text(isPrivate));
  }

  /** Sends the table to every client if it changed since the last push. */
  publish(): void {
    if (this.clients.size === 0) return;
    const publicText = this.text(false);
    const sendPublic = publicText !== this.lastPublic;
    this.lastPublic = publicText;
    const anyPrivate = [...this.clients].some((c) => c.private);
    const privateText = anyPrivate ? this.text(true) : "";
    const sendPrivate = anyPrivate && privateText !== this.lastPrivate;
    this.lastPrivate = privateText;
    for (const c of this.clients) {
      if (c.socket.readyState !== c.socket.OPEN) continue;
      if (c.private ? sendPrivate : sendPublic) c.socket.send(c.private ? privateText : publicText);
    }
  }

  /** How many clients are connected (the health endpoint). */
  get size(): number {
    return this.clients.size;
  }

  /** Closes every client (server shutdown). */
  closeAll(): void {
    for (const c of this.clients) c.socket.close(1001, "server closing");
    this.clients.clear();
  }

  private text(isPrivate: boolean): string {
    return JSON.stringify(isPrivate ? this.source.privateMessage() : this.source.publicMessage());
  }
}
