#include "link.h"

namespace fg {

void DeviceLink::start_session(const Hello& hello) {
  next_seq_ = 0;
  base_seq_ = 0;
  stored_ = 0;
  uint8_t body[kMaxBody];
  const size_t n = encode_hello(hello, body);
  send_sequenced(MsgType::Hello, body, n);
}

uint16_t DeviceLink::send_sequenced(MsgType type, const uint8_t* body, size_t len) {
  if (stored_ == kResendWindow) {
    // Never block the scanner on a silent host: the oldest frame goes, a later resend of it re-syncs.
    ++base_seq_;
    --stored_;
    ++overwritten_;
  }
  const uint16_t seq = next_seq_++;
  Slot& slot = ring_[seq % kResendWindow];
  slot.len = static_cast<uint16_t>(encode_frame(type, seq, body, len, slot.wire, sizeof slot.wire));
  ++stored_;
  port_.write(slot.wire, slot.len);
  return seq;
}

void DeviceLink::send_heartbeat(const Heartbeat& hb) {
  uint8_t body[16];
  const size_t n = encode_heartbeat(hb, body);
  uint8_t wire[64];
  const size_t len = encode_frame(MsgType::Heartbeat, last_seq(), body, n, wire, sizeof wire);
  port_.write(wire, len);
}

bool DeviceLink::on_ack(uint16_t ack_seq) {
  const uint16_t offset = static_cast<uint16_t>(ack_seq - base_seq_);
  if (offset >= stored_) return false;  // stale, duplicate or bogus: nothing to release
  stored_ = static_cast<uint8_t>(stored_ - (offset + 1));
  base_seq_ = static_cast<uint16_t>(ack_seq + 1);
  return true;
}

bool DeviceLink::on_resend_from(uint16_t from_seq) {
  if (from_seq == next_seq_) return true;  // the host has everything
  const uint16_t offset = static_cast<uint16_t>(from_seq - base_seq_);
  if (offset >= stored_) return false;
  for (uint16_t seq = from_seq; seq != next_seq_; ++seq) {
    const Slot& slot = ring_[seq % kResendWindow];
    port_.write(slot.wire, slot.len);
    ++resent_;
  }
  return true;
}

}  // namespace fg
