// Message bodies (PROTOCOL.md, "Message types"): encoders for what the device sends, a decoder for what
// the host sends, and a structural check for every type (used by the shared vectors).
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "frame.h"
#include "protocol.h"

namespace fg {

struct Hello {
  uint8_t fw[3];
  uint8_t board_id[8];
  uint32_t boot_counter;
  uint8_t channels;
  uint8_t k;
  uint16_t heartbeat_ms;
  HelloReason reason;
};

struct Heartbeat {
  uint32_t uptime_ms;
  uint16_t host_seq;
  uint8_t k;
  uint16_t heartbeat_ms;
};

// A host message after decoding; fields not used by a type stay 0.
struct HostMsg {
  MsgType type;
  uint16_t host_seq;
  uint16_t seq_arg;  // ACK: ackSeq, RESEND_FROM: fromSeq
  uint8_t k;
  uint16_t heartbeat_ms;
  uint8_t focus_count;  // FOCUS: the channels where something is expected next, most likely first
  uint8_t focus[kMaxFocus];
};

// Each encoder writes into body (kMaxBody bytes) and returns the body length.
size_t encode_hello(const Hello& m, uint8_t* body);
size_t encode_heartbeat(const Heartbeat& m, uint8_t* body);
size_t encode_snapshot(uint8_t channel, bool faulted, const Uid* tags, uint8_t count, uint8_t* body);
// TAG_ARRIVED and TAG_DEPARTED share one layout.
size_t encode_tag_list(uint8_t channel, const Uid* tags, uint8_t count, uint8_t* body);
size_t encode_fault(uint8_t channel, bool active, FaultCode code, uint8_t* body);
// Host messages, for the emulator's own tests and symmetry with the TypeScript codec.
size_t encode_host_body(const HostMsg& m, uint8_t* body);

enum class BodyCheck : uint8_t { Ok, Malformed, UnknownType };

// Checks that a frame's body has the layout of its type (lengths, counts, ranges).
BodyCheck check_body(const Frame& f);

// Decodes a host frame; false if it is not a well-formed host message.
bool decode_host(const Frame& f, HostMsg* out);

}  // namespace fg
