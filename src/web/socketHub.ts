/** The floor page's WebSocket clients: each gets the public message, or the private one if authenticated. */
import type { WebSocket } from "ws";
import type { FloorMessage } from "./floorState.js";

interface Client {
  socket: WebSocket;
  private: boolean;
  /** Whether the client may still see hole cards (its session not ended nor expired); none: always. */
  entitled?: () => boolean;
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

  /**
   * Adds a client and sends it the table as it is now. A private client opened with a session names
   * `entitled`: once it says no (sign-out, expiry, the supervisor removed) the client gets the public view.
   */
  add(socket: WebSocket, isPrivate: boolean, entitled?: () => boolean): void {
    const client: Client = { socket, private: isPrivate, ...(entitled ? { entitled } : {}) };
    this.clients.add(client);
    socket.on("close", () => this.clients.delete(client));
    socket.send(this.text(isPrivate));
  }

  /**
   * Turns every private client whose session has ended into a public one and sends it the public view
   * at once: a supervisor who signs out (or whose shift ends) sees no more hole cards on any open page.
   */
  revoke(): void {
    let publicText: string | null = null;
    for (const c of this.clients) {
      if (!c.private || c.entitled === undefined || c.entitled()) continue;
      c.private = false;
      if (c.socket.readyState !== c.socket.OPEN) continue;
      publicText ??= this.text(false);
      c.socket.send(publicText);
    }
  }

  /** Sends the table to every client if it changed since the last push. */
  publish(): void {
    if (this.clients.size === 0) return;
    this.revoke();
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
