/** Message bodies (PROTOCOL.md, "Message types"), both directions, as plain typed objects. */
import { encodeFrame, type Frame } from "./frame.js";
import { MAX_CHANNELS, MAX_FOCUS, MAX_TAGS_PER_ANTENNA, MSG, type MsgName, UID_SIZE } from "./protocol.js";

export interface HelloMessage {
  type: "HELLO";
  seq: number;
  fwMajor: number;
  fwMinor: number;
  fwPatch: number;
  /** 16 upper-case hex digits. */
  boardId: string;
  bootCounter: number;
  channels: number;
  k: number;
  heartbeatMs: number;
  maxTags: number;
  window: number;
  /** 0 power-on, 1 reset, 2 host SYNC, 3 resend impossible. */
  reason: number;
}
export interface HeartbeatMessage {
  type: "HEARTBEAT";
  /** The last sequenced seq the device sent. */
  seq: number;
  uptimeMs: number;
  hostSeq: number;
  k: number;
  heartbeatMs: number;
}
export interface SnapshotMessage {
  type: "SNAPSHOT";
  seq: number;
  channel: number;
  /** 0 reader ok, 1 reader faulted. */
  status: number;
  tags: string[];
}
export interface TagListMessage {
  type: "TAG_ARRIVED" | "TAG_DEPARTED";
  seq: number;
  channel: number;
  tags: string[];
}
export interface ReaderFaultMessage {
  type: "READER_FAULT";
  seq: number;
  channel: number;
  active: boolean;
  code: number;
}
export type DeviceMessage =
  HelloMessage | HeartbeatMessage | SnapshotMessage | TagListMessage | ReaderFaultMessage;

export type HostMessage =
  | { type: "ACK"; seq: number; ackSeq: number }
  | { type: "RESEND_FROM"; seq: number; fromSeq: number }
  | { type: "PING"; seq: number }
  | { type: "SET_CONFIG"; seq: number; k: number; heartbeatMs: number }
  | { type: "SYNC"; seq: number }
  /** The channels where a tag is expected next, most likely first; none clears the focus. */
  | { type: "FOCUS"; seq: number; channels: number[] };

export type Message = DeviceMessage | HostMessage;
export type MessageResult = { ok: true; message: Message } | { ok: false; error: "body" | "type" };

const NAMES = new Map<number, MsgName>(Object.entries(MSG).map(([name, code]) => [code, name as MsgName]));

function hex(b: Buffer, start: number, end: number): string {
  return b.toString("hex", start, end).toUpperCase();
}

/** Reads `count` UIDs at `at`, or undefined when the length does not match exactly. */
function readTags(body: Buffer, at: number, allowEmpty: boolean): string[] | undefined {
  const count = body[at - 1]!;
  if (body[0]! >= MAX_CHANNELS || count > MAX_TAGS_PER_ANTENNA || (count === 0 && !allowEmpty))
    return undefined;
  if (body.length !== at + count * UID_SIZE) return undefined;
  const tags: string[] = [];
  for (let i = 0; i < count; i++) tags.push(hex(body, at + i * UID_SIZE, at + (i + 1) * UID_SIZE));
  return tags;
}

function decodeBody(type: MsgName, seq: number, b: Buffer): Message | undefined {
  switch (type) {
    case "HELLO":
      if (b.length !== 22) return undefined;
      return {
        type,
        seq,
        fwMajor: b[0]!,
        fwMinor: b[1]!,
        fwPatch: b[2]!,
        boardId: hex(b, 3, 11),
        bootCounter: b.readUInt32BE(11),
        channels: b[15]!,
        k: b[16]!,
        heartbeatMs: b.readUInt16BE(17),
        maxTags: b[19]!,
        window: b[20]!,
        reason: b[21]!,
      };
    case "HEARTBEAT":
      if (b.length !== 9) return undefined;
      return {
        type,
        seq,
        uptimeMs: b.readUInt32BE(0),
        hostSeq: b.readUInt16BE(4),
        k: b[6]!,
        heartbeatMs: b.readUInt16BE(7),
      };
    case "SNAPSHOT": {
      const tags = b.length >= 3 && b[1]! <= 1 ? readTags(b, 3, true) : undefined;
      return tags && { type, seq, channel: b[0]!, status: b[1]!, tags };
    }
    case "TAG_ARRIVED":
    case "TAG_DEPARTED": {
      const tags = b.length >= 2 ? readTags(b, 2, false) : undefined;
      return tags && { type, seq, channel: b[0]!, tags };
    }
    case "READER_FAULT":
      if (b.length !== 3 || b[0]! >= MAX_CHANNELS || b[1]! > 1) return undefined;
      return { type, seq, channel: b[0]!, active: b[1] === 1, code: b[2]! };
    case "ACK":
      return b.length === 2 ? { type, seq, ackSeq: b.readUInt16BE(0) } : undefined;
    case "RESEND_FROM":
      return b.length === 2 ? { type, seq, fromSeq: b.readUInt16BE(0) } : undefined;
    case "SET_CONFIG":
      return b.length === 3 ? { type, seq, k: b[0]!, heartbeatMs: b.readUInt16BE(1) } : undefined;
    case "PING":
    case "SYNC":
      return b.length === 0 ? { type, seq } : undefined;
    case "FOCUS": {
      const channels = [...b.subarray(1)];
      const ok =
        b.length >= 1 &&
        b[0]! <= MAX_FOCUS &&
        b.length === 1 + b[0]! &&
        channels.every((ch) => ch < MAX_CHANNELS) &&
        new Set(channels).size === channels.length;
      return ok ? { type, seq, channels } : undefined;
    }
  }
}

/** True for messages the device sends (types below 0x80). */
export function isDeviceMessage(m: Message): m is DeviceMessage {
  return MSG[m.type] < 0x80;
}

/** Interprets a frame's body by its type. */
export function decodeMessage(frame: Frame): MessageResult {
  const name = NAMES.get(frame.type);
  if (name === undefined) return { ok: false, error: "type" };
  const message = decodeBody(name, frame.seq, frame.body);
  return message ? { ok: true, message } : { ok: false, error: "body" };
}

function uids(tags: readonly string[]): Buffer {
  return Buffer.concat(tags.map((t) => Buffer.from(t, "hex")));
}

function u16(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(v & 0xffff);
  return b;
}

function encodeBody(m: Message): Buffer {
  switch (m.type) {
    case "HELLO": {
      const b = Buffer.alloc(22);
      b.set([m.fwMajor, m.fwMinor, m.fwPatch]);
      b.set(Buffer.from(m.boardId, "hex"), 3);
      b.writeUInt32BE(m.bootCounter, 11);
      b.set([m.channels, m.k], 15);
      b.writeUInt16BE(m.heartbeatMs, 17);
      b.set([m.maxTags, m.window, m.reason], 19);
      return b;
    }
    case "HEARTBEAT": {
      const b = Buffer.alloc(9);
      b.writeUInt32BE(m.uptimeMs, 0);
      b.writeUInt16BE(m.hostSeq, 4);
      b[6] = m.k;
      b.writeUInt16BE(m.heartbeatMs, 7);
      return b;
    }
    case "SNAPSHOT":
      return Buffer.concat([Buffer.of(m.channel, m.status, m.tags.length), uids(m.tags)]);
    case "TAG_ARRIVED":
    case "TAG_DEPARTED":
      return Buffer.concat([Buffer.of(m.channel, m.tags.length), uids(m.tags)]);
    case "READER_FAULT":
      return Buffer.of(m.channel, m.active ? 1 : 0, m.code);
    case "ACK":
      return u16(m.ackSeq);
    case "RESEND_FROM":
      return u16(m.fromSeq);
    case "SET_CONFIG":
      return Buffer.concat([Buffer.of(m.k), u16(m.heartbeatMs)]);
    case "PING":
    case "SYNC":
      return Buffer.alloc(0);
    case "FOCUS":
      return Buffer.of(m.channels.length, ...m.channels);
  }
}

/** The wire bytes of a message (device messages too: tests and simulators speak for the board). */
export function encodeMessage(m: Message): Buffer {
  return encodeFrame(MSG[m.type], m.seq, encodeBody(m));
}
