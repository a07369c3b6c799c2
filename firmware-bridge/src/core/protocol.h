// Constants of the bridge link (PROTOCOL.md). One home for every number both ends must agree on.
#pragma once
#include <stddef.h>
#include <stdint.h>

namespace fg {

// Version 2 added FOCUS (expectation-driven scanning, PROTOCOL.md "Focus").
constexpr uint8_t kProtocolVersion = 2;
constexpr size_t kHeaderSize = 4;      // version, type, seq16
constexpr size_t kCrcSize = 2;
constexpr size_t kMaxBody = 400;
constexpr size_t kMinFrame = kHeaderSize + kCrcSize;
constexpr size_t kMaxFrame = kMinFrame + kMaxBody;                // decoded: 406
constexpr size_t kMaxEncoded = kMaxFrame + kMaxFrame / 254 + 1;   // COBS worst case: 408
constexpr size_t kMaxWire = kMaxEncoded + 2;                      // with both 0x00 delimiters

constexpr uint8_t kUidSize = 8;
constexpr uint8_t kMaxTagsPerAntenna = 48;
constexpr uint8_t kMaxChannels = 32;
constexpr uint8_t kResendWindow = 32;
constexpr uint8_t kDefaultK = 3;
constexpr uint8_t kMaxK = 15;
constexpr uint16_t kDefaultHeartbeatMs = 250;
constexpr uint16_t kMinHeartbeatMs = 100;
constexpr uint16_t kMaxHeartbeatMs = 5000;
constexpr uint8_t kFailedScansForFault = 3;
constexpr uint8_t kMaxFocus = 8;  // channels one FOCUS may name

enum class MsgType : uint8_t {
  Hello = 0x01,
  Heartbeat = 0x02,
  Snapshot = 0x03,
  TagArrived = 0x04,
  TagDeparted = 0x05,
  ReaderFault = 0x06,
  Ack = 0x81,
  ResendFrom = 0x82,
  Ping = 0x83,
  SetConfig = 0x84,
  Sync = 0x85,
  Focus = 0x86,
};

enum class HelloReason : uint8_t { PowerOn = 0, Reset = 1, HostSync = 2, ResendImpossible = 3 };

enum class FaultCode : uint8_t { NoResponse = 1, RfErrors = 2, Antenna = 3 };

// Why a received frame was dropped; the names match the "error" field of vectors/invalid.json.
enum class FrameError : uint8_t { None = 0, Crc, Cobs, Short, Version, Oversize };

// An 8-byte ISO 15693 UID, most significant byte first (PROTOCOL.md, "Byte order").
struct Uid {
  uint8_t b[kUidSize];
};

inline bool uid_equal(const Uid& a, const Uid& b) {
  for (uint8_t i = 0; i < kUidSize; ++i) {
    if (a.b[i] != b.b[i]) return false;
  }
  return true;
}

// Serial-number arithmetic on 16-bit sequence numbers: true when a comes after b.
inline bool seq_after(uint16_t a, uint16_t b) {
  const uint16_t d = static_cast<uint16_t>(a - b);
  return d != 0 && d < 0x8000;
}

}  // namespace fg
