/** The RFID bridge driver: protocol codec (PROTOCOL.md in firmware-bridge/) and the serial transport. */
export { cobsDecode, cobsEncode } from "./cobs.js";
export { crc16 } from "./crc16.js";
export { type DecodeCounters, decodeSegment, encodeFrame, type Frame, FrameDecoder } from "./frame.js";
export * from "./messages.js";
export { FrameParser } from "./parser.js";
export * from "./protocol.js";
export { type BridgeEvent, BridgeSession, type SessionCounters, type SessionOptions } from "./session.js";
export {
  type BridgeCounters,
  type BridgeState,
  BridgeTransport,
  type BridgeTransportOptions,
  type SerialBinding,
} from "./transport.js";
