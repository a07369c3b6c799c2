// Test doubles behind the hardware seam, plus a helper that decodes what the core wrote.
#pragma once
#include <initializer_list>
#include <deque>
#include <map>
#include <vector>

#include "../src/core/frame.h"
#include "../src/core/hal.h"
#include "../src/core/messages.h"

struct FakeClock : fg::Clock {
  uint32_t now = 0;
  uint32_t millis() override { return now; }
};

// Records whole frames written by the core; feeds host bytes to it.
struct FakePort : fg::ByteLink {
  std::vector<std::vector<uint8_t>> written;
  std::deque<uint8_t> incoming;
  size_t write(const uint8_t* d, size_t n) override {
    written.emplace_back(d, d + n);
    return n;
  }
  int read_byte() override {
    if (incoming.empty()) return -1;
    const int b = incoming.front();
    incoming.pop_front();
    return b;
  }
  void send_host(fg::MsgType type, uint16_t host_seq, uint16_t arg = 0, uint8_t k = 0, uint16_t hb = 0) {
    send(fg::HostMsg{type, host_seq, arg, k, hb, 0, {}});
  }
  // FOCUS on the given channels, most likely first.
  void send_focus(uint16_t host_seq, std::initializer_list<uint8_t> channels) {
    fg::HostMsg m{fg::MsgType::Focus, host_seq, 0, 0, 0, 0, {}};
    for (uint8_t ch : channels) m.focus[m.focus_count++] = ch;
    send(m);
  }
  void send(const fg::HostMsg& m) {
    uint8_t body[fg::kMaxBody];
    const size_t n = fg::encode_host_body(m, body);
    uint8_t wire[fg::kMaxWire];
    const size_t w = fg::encode_frame(m.type, m.host_seq, body, n, wire, sizeof wire);
    incoming.insert(incoming.end(), wire, wire + w);
  }
};

struct DecodedOut {
  uint8_t type;
  uint16_t seq;
  std::vector<uint8_t> body;
};

// Decodes every frame written so far (and forgets them).
inline std::vector<DecodedOut> drain(FakePort& port) {
  std::vector<DecodedOut> out;
  fg::FrameDecoder d;
  for (const auto& w : port.written) {
    for (uint8_t b : w) {
      if (d.push(b)) out.push_back({d.frame().type, d.frame().seq, {d.frame().body, d.frame().body + d.frame().body_len}});
    }
  }
  port.written.clear();
  return out;
}

inline fg::Uid uid(uint8_t last) { return fg::Uid{{0xE0, 0x04, 0x01, 0x50, 0, 0, 0, last}}; }

// Per-channel tag sets; a channel can be made to fail.
struct FakeReader : fg::TagReader {
  std::map<uint8_t, std::vector<fg::Uid>> tags;
  std::map<uint8_t, bool> failing;
  fg::ScanStatus inventory(uint8_t ch, fg::Uid* out, uint8_t cap, uint8_t* count) override {
    if (failing[ch]) return fg::ScanStatus::NoResponse;
    *count = 0;
    for (const auto& u : tags[ch]) {
      if (*count < cap) out[(*count)++] = u;
    }
    return fg::ScanStatus::Ok;
  }
};
