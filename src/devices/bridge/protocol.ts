/** Constants of the bridge link (firmware-bridge/PROTOCOL.md); the C++ twin is src/core/protocol.h. */

/** Version 2 added FOCUS (expectation-driven scanning). */
export const PROTOCOL_VERSION = 2;
export const HEADER_SIZE = 4;
export const CRC_SIZE = 2;
export const MAX_BODY = 400;
export const MIN_FRAME = HEADER_SIZE + CRC_SIZE;
export const MAX_FRAME = MIN_FRAME + MAX_BODY;
/** Longest COBS-encoded frame: a receiver holding more bytes without a delimiter drops them. */
export const MAX_ENCODED = MAX_FRAME + Math.floor(MAX_FRAME / 254) + 1;
export const UID_SIZE = 8;
export const MAX_TAGS_PER_ANTENNA = 48;
export const MAX_CHANNELS = 32;
/** Channels one FOCUS may name. */
export const MAX_FOCUS = 8;

export const MSG = {
  HELLO: 0x01,
  HEARTBEAT: 0x02,
  SNAPSHOT: 0x03,
  TAG_ARRIVED: 0x04,
  TAG_DEPARTED: 0x05,
  READER_FAULT: 0x06,
  ACK: 0x81,
  RESEND_FROM: 0x82,
  PING: 0x83,
  SET_CONFIG: 0x84,
  SYNC: 0x85,
  FOCUS: 0x86,
} as const;
export type MsgName = keyof typeof MSG;

/** Why a frame was dropped by the framing layer (the names of vectors/invalid.json). */
export type FrameError = "crc" | "cobs" | "short" | "version" | "oversize";

/** True when 16-bit sequence number a comes after b (serial-number arithmetic). */
export function seqAfter(a: number, b: number): boolean {
  const d = (a - b) & 0xffff;
  return d !== 0 && d < 0x8000;
}

/** The sequence number following s. */
export function seqNext(s: number): number {
  return (s + 1) & 0xffff;
}
