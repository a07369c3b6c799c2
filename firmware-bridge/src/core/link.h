// The device end of a session: sequence numbers, the resend ring, cumulative ACKs (PROTOCOL.md,
// "Sequencing, ACK and resend"). Knows frames, not tags.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "hal.h"
#include "messages.h"
#include "protocol.h"

namespace fg {

class DeviceLink {
 public:
  explicit DeviceLink(ByteLink& port) : port_(port) {}

  // Starts a session: forgets the ring and sends HELLO with seq 0.
  void start_session(const Hello& hello);
  // Sends a sequenced message and keeps it for resends. Returns its seq.
  uint16_t send_sequenced(MsgType type, const uint8_t* body, size_t len);
  // Sends an unsequenced HEARTBEAT whose seq is the last sequenced seq sent.
  void send_heartbeat(const Heartbeat& hb);

  // Applies ACK. Returns true if it released frames.
  bool on_ack(uint16_t ack_seq);
  // Applies RESEND_FROM. Returns false when the frame left the ring: the owner must start a new session.
  bool on_resend_from(uint16_t from_seq);

  uint16_t last_seq() const { return static_cast<uint16_t>(next_seq_ - 1); }
  uint8_t unacked() const { return stored_; }
  uint32_t resent_frames() const { return resent_; }
  uint32_t overwritten_frames() const { return overwritten_; }

 private:
  struct Slot {
    uint16_t len;
    uint8_t wire[kMaxWire];
  };

  ByteLink& port_;
  Slot ring_[kResendWindow];
  uint16_t next_seq_ = 0;  // seq of the next sequenced frame
  uint16_t base_seq_ = 0;  // oldest seq still in the ring
  uint8_t stored_ = 0;     // frames in the ring: base_seq_ .. next_seq_-1
  uint32_t resent_ = 0;
  uint32_t overwritten_ = 0;
};

}  // namespace fg
