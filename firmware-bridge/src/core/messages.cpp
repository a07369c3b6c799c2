#include "messages.h"

namespace fg {
namespace {

void put16(uint8_t* p, uint16_t v) {
  p[0] = static_cast<uint8_t>(v >> 8);
  p[1] = static_cast<uint8_t>(v);
}

void put32(uint8_t* p, uint32_t v) {
  put16(p, static_cast<uint16_t>(v >> 16));
  put16(p + 2, static_cast<uint16_t>(v));
}

uint16_t get16(const uint8_t* p) { return static_cast<uint16_t>((p[0] << 8) | p[1]); }

size_t put_uids(uint8_t* p, const Uid* tags, uint8_t count) {
  size_t o = 0;
  for (uint8_t i = 0; i < count; ++i) {
    for (uint8_t j = 0; j < kUidSize; ++j) p[o++] = tags[i].b[j];
  }
  return o;
}

// channel, [status,] count, uids: the count must match the length exactly.
bool tag_list_ok(const Frame& f, size_t head, bool allow_empty) {
  if (f.body_len < head) return false;
  const uint8_t count = f.body[head - 1];
  if (f.body[0] >= kMaxChannels || count > kMaxTagsPerAntenna) return false;
  if (count == 0 && !allow_empty) return false;
  return f.body_len == head + static_cast<size_t>(count) * kUidSize;
}

}  // namespace

size_t encode_hello(const Hello& m, uint8_t* b) {
  for (int i = 0; i < 3; ++i) b[i] = m.fw[i];
  for (int i = 0; i < 8; ++i) b[3 + i] = m.board_id[i];
  put32(b + 11, m.boot_counter);
  b[15] = m.channels;
  b[16] = m.k;
  put16(b + 17, m.heartbeat_ms);
  b[19] = kMaxTagsPerAntenna;
  b[20] = kResendWindow;
  b[21] = static_cast<uint8_t>(m.reason);
  return 22;
}

size_t encode_heartbeat(const Heartbeat& m, uint8_t* b) {
  put32(b, m.uptime_ms);
  put16(b + 4, m.host_seq);
  b[6] = m.k;
  put16(b + 7, m.heartbeat_ms);
  return 9;
}

size_t encode_snapshot(uint8_t channel, bool faulted, const Uid* tags, uint8_t count, uint8_t* b) {
  b[0] = channel;
  b[1] = faulted ? 1 : 0;
  b[2] = count;
  return 3 + put_uids(b + 3, tags, count);
}

size_t encode_tag_list(uint8_t channel, const Uid* tags, uint8_t count, uint8_t* b) {
  b[0] = channel;
  b[1] = count;
  return 2 + put_uids(b + 2, tags, count);
}

size_t encode_fault(uint8_t channel, bool active, FaultCode code, uint8_t* b) {
  b[0] = channel;
  b[1] = active ? 1 : 0;
  b[2] = static_cast<uint8_t>(code);
  return 3;
}

size_t encode_host_body(const HostMsg& m, uint8_t* b) {
  switch (m.type) {
    case MsgType::Ack:
    case MsgType::ResendFrom:
      put16(b, m.seq_arg);
      return 2;
    case MsgType::SetConfig:
      b[0] = m.k;
      put16(b + 1, m.heartbeat_ms);
      return 3;
    case MsgType::Focus:
      b[0] = m.focus_count;
      for (uint8_t i = 0; i < m.focus_count; ++i) b[1 + i] = m.focus[i];
      return 1 + static_cast<size_t>(m.focus_count);
    default:
      return 0;
  }
}

// FOCUS: count u8 (0..kMaxFocus; 0 clears the focus), then count distinct channels below kMaxChannels.
static bool focus_ok(const Frame& f) {
  if (f.body_len < 1 || f.body[0] > kMaxFocus || f.body_len != 1 + f.body[0]) return false;
  for (uint8_t i = 0; i < f.body[0]; ++i) {
    if (f.body[1 + i] >= kMaxChannels) return false;
    for (uint8_t j = 0; j < i; ++j) {
      if (f.body[1 + j] == f.body[1 + i]) return false;
    }
  }
  return true;
}

BodyCheck check_body(const Frame& f) {
  bool ok = false;
  switch (static_cast<MsgType>(f.type)) {
    case MsgType::Hello: ok = f.body_len == 22; break;
    case MsgType::Heartbeat: ok = f.body_len == 9; break;
    case MsgType::Snapshot: ok = tag_list_ok(f, 3, true) && f.body[1] <= 1; break;
    case MsgType::TagArrived:
    case MsgType::TagDeparted: ok = tag_list_ok(f, 2, false); break;
    case MsgType::ReaderFault: ok = f.body_len == 3 && f.body[0] < kMaxChannels && f.body[1] <= 1; break;
    case MsgType::Ack:
    case MsgType::ResendFrom: ok = f.body_len == 2; break;
    case MsgType::SetConfig: ok = f.body_len == 3; break;
    case MsgType::Ping:
    case MsgType::Sync: ok = f.body_len == 0; break;
    case MsgType::Focus: ok = focus_ok(f); break;
    default: return BodyCheck::UnknownType;
  }
  return ok ? BodyCheck::Ok : BodyCheck::Malformed;
}

bool decode_host(const Frame& f, HostMsg* out) {
  if (f.type < 0x80 || check_body(f) != BodyCheck::Ok) return false;
  *out = HostMsg{static_cast<MsgType>(f.type), f.seq, 0, 0, 0, 0, {}};
  switch (out->type) {
    case MsgType::Ack:
    case MsgType::ResendFrom: out->seq_arg = get16(f.body); break;
    case MsgType::SetConfig:
      out->k = f.body[0];
      out->heartbeat_ms = get16(f.body + 1);
      break;
    case MsgType::Focus:
      out->focus_count = f.body[0];
      for (uint8_t i = 0; i < out->focus_count; ++i) out->focus[i] = f.body[1 + i];
      break;
    default: break;
  }
  return true;
}

}  // namespace fg
