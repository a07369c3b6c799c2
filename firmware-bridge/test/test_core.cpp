// The protocol core on the host: presence (K missed scans), the resend ring, and the bridge loop.
#include "../src/core/bridge.h"
#include "../src/core/link.h"
#include "../src/core/presence.h"
#include "fakes.h"
#include "testing.h"

using namespace fg;

namespace {

uint8_t type_of(MsgType t) { return static_cast<uint8_t>(t); }

size_t count_type(const std::vector<DecodedOut>& v, MsgType t) {
  size_t n = 0;
  for (const auto& f : v) n += f.type == type_of(t) ? 1 : 0;
  return n;
}

struct Rig {
  FakeClock clock;
  FakePort port;
  FakeReader reader;
  Bridge bridge{clock, port, reader};
  void boot(uint8_t channels = 2, uint8_t k = 3) {
    BridgeConfig c;
    c.channels = channels;
    c.k = k;
    c.heartbeat_ms = 250;
    bridge.begin(c);
  }
  // One full cycle over every channel.
  void cycle(uint8_t channels = 2) {
    for (uint8_t i = 0; i < channels; ++i) bridge.poll();
  }
};

}  // namespace

TEST("presence: a tag is gone only after K consecutive missed scans") {
  Presence p;
  p.clear();
  ScanDelta d{};
  const Uid a = uid(1);
  p.apply_scan(0, &a, 1, 3, &d);
  CHECK_EQ(d.n_arrived, 1);
  p.apply_scan(0, nullptr, 0, 3, &d);
  p.apply_scan(0, nullptr, 0, 3, &d);
  CHECK_EQ(d.n_departed, 0);
  p.apply_scan(0, &a, 1, 3, &d);  // a flicker: seen again, misses reset
  CHECK_EQ(d.n_arrived, 0);
  p.apply_scan(0, nullptr, 0, 3, &d);
  p.apply_scan(0, nullptr, 0, 3, &d);
  CHECK_EQ(d.n_departed, 0);
  p.apply_scan(0, nullptr, 0, 3, &d);
  CHECK_EQ(d.n_departed, 1);
  CHECK_EQ(p.channel(0).count, 0);
}

TEST("presence: duplicates in one inventory count once, the table holds at most 48") {
  Presence p;
  p.clear();
  ScanDelta d{};
  Uid many[60];
  for (int i = 0; i < 60; ++i) many[i] = uid(static_cast<uint8_t>(i < 2 ? 7 : i));
  p.apply_scan(1, many, 60, 3, &d);
  CHECK_EQ(p.channel(1).count, kMaxTagsPerAntenna);
  CHECK_EQ(d.n_arrived, kMaxTagsPerAntenna);
}

TEST("link: ACK releases, RESEND_FROM replays with the original seq, wrap-around") {
  FakePort port;
  DeviceLink link(port);
  link.start_session(Hello{});
  uint8_t body[2] = {0, 0};
  for (int i = 0; i < 5; ++i) link.send_sequenced(MsgType::ReaderFault, body, 2);
  CHECK_EQ(link.unacked(), 6);
  CHECK(link.on_ack(3));
  CHECK_EQ(link.unacked(), 2);
  CHECK(!link.on_ack(2));  // stale
  drain(port);
  CHECK(link.on_resend_from(4));
  auto out = drain(port);
  CHECK_EQ(out.size(), 2u);
  CHECK_EQ(out[0].seq, 4);
  CHECK_EQ(out[1].seq, 5);
  CHECK(link.on_resend_from(6));  // nothing missing
  CHECK(!link.on_resend_from(2));  // already released: needs a new session
  // Run the counter across 0xFFFF with acks and check the ring keeps working.
  for (int i = 0; i < 70000; ++i) {
    const uint16_t s = link.send_sequenced(MsgType::ReaderFault, body, 2);
    if (i % 10 == 0) link.on_ack(s);
  }
  drain(port);
  const uint16_t last = link.last_seq();
  CHECK(link.on_resend_from(static_cast<uint16_t>(last - 2)));
  out = drain(port);
  CHECK_EQ(out.size(), 3u);
  CHECK_EQ(out.back().seq, last);
}

TEST("link: a full ring overwrites the oldest frame") {
  FakePort port;
  DeviceLink link(port);
  link.start_session(Hello{});
  uint8_t body[2] = {0, 0};
  for (int i = 0; i < 40; ++i) link.send_sequenced(MsgType::ReaderFault, body, 2);
  CHECK_EQ(link.unacked(), kResendWindow);
  CHECK_EQ(link.overwritten_frames(), 9u);
  CHECK(!link.on_resend_from(0));
  CHECK(link.on_resend_from(9));
}

TEST("bridge: boot scans first, then HELLO, a snapshot per channel, a heartbeat") {
  Rig r;
  r.reader.tags[1] = {uid(1), uid(2)};
  r.boot();
  auto out = drain(r.port);
  CHECK_EQ(out.size(), 4u);
  CHECK_EQ(out[0].type, type_of(MsgType::Hello));
  CHECK_EQ(out[0].seq, 0);
  CHECK_EQ(out[1].type, type_of(MsgType::Snapshot));
  CHECK_EQ(out[2].seq, 2);
  CHECK_EQ(out[2].body[2], 2);  // channel 1 already holds two tags
  CHECK_EQ(out[3].type, type_of(MsgType::Heartbeat));
  CHECK_EQ(out[3].seq, 2);  // heartbeat carries the last sequenced seq
}

TEST("bridge: arrivals at once, departures after K cycles, departures before arrivals") {
  Rig r;
  r.boot();
  drain(r.port);
  r.reader.tags[0] = {uid(5)};
  r.cycle();
  auto out = drain(r.port);
  CHECK_EQ(count_type(out, MsgType::TagArrived), 1u);
  r.reader.tags[0] = {uid(6)};
  r.cycle();
  r.cycle();
  out = drain(r.port);
  CHECK_EQ(count_type(out, MsgType::TagDeparted), 0u);
  CHECK_EQ(count_type(out, MsgType::TagArrived), 1u);
  r.cycle();
  out = drain(r.port);
  CHECK_EQ(count_type(out, MsgType::TagDeparted), 1u);
}

TEST("bridge: SYNC restarts the session, RESEND_FROM out of the window too") {
  Rig r;
  r.boot();
  drain(r.port);
  r.port.send_host(MsgType::Sync, 1);
  r.bridge.poll();
  auto out = drain(r.port);
  CHECK(out.size() >= 3);
  CHECK_EQ(out[0].type, type_of(MsgType::Hello));
  CHECK_EQ(out[0].body[21], static_cast<uint8_t>(HelloReason::HostSync));
  r.port.send_host(MsgType::Ack, 2, 2);
  r.port.send_host(MsgType::ResendFrom, 3, 1);
  r.bridge.poll();
  out = drain(r.port);
  CHECK_EQ(out[0].type, type_of(MsgType::Hello));
  CHECK_EQ(out[0].body[21], static_cast<uint8_t>(HelloReason::ResendImpossible));
  CHECK_EQ(r.bridge.sessions(), 3u);
}

TEST("bridge: three failed scans raise a fault; recovery clears it and sends a snapshot") {
  Rig r;
  r.boot();
  drain(r.port);
  r.reader.failing[1] = true;
  r.cycle();
  r.cycle();
  CHECK_EQ(count_type(drain(r.port), MsgType::ReaderFault), 0u);
  r.cycle();
  auto out = drain(r.port);
  CHECK_EQ(count_type(out, MsgType::ReaderFault), 1u);
  r.reader.failing[1] = false;
  r.reader.tags[1] = {uid(9)};
  r.cycle();
  out = drain(r.port);
  CHECK_EQ(count_type(out, MsgType::ReaderFault), 1u);
  CHECK_EQ(count_type(out, MsgType::Snapshot), 1u);
  CHECK_EQ(count_type(out, MsgType::TagArrived), 0u);
}

TEST("bridge: SET_CONFIG changes K and the heartbeat, PING answers at once, heartbeats echo host seq") {
  Rig r;
  r.boot();
  drain(r.port);
  r.port.send_host(MsgType::SetConfig, 41, 0, 5, 500);
  r.bridge.poll();
  CHECK_EQ(r.bridge.k(), 5);
  CHECK_EQ(r.bridge.heartbeat_ms(), 500);
  r.port.send_host(MsgType::SetConfig, 42, 0, 99, 20);  // out of range: ignored
  r.port.send_host(MsgType::Ping, 43);
  r.bridge.poll();
  CHECK_EQ(r.bridge.k(), 5);
  auto out = drain(r.port);
  CHECK_EQ(out.back().type, type_of(MsgType::Heartbeat));
  CHECK_EQ((out.back().body[4] << 8) | out.back().body[5], 43);
  r.clock.now += 499;
  r.bridge.poll();
  CHECK_EQ(count_type(drain(r.port), MsgType::Heartbeat), 0u);
  r.clock.now += 1;
  r.bridge.poll();
  CHECK_EQ(count_type(drain(r.port), MsgType::Heartbeat), 1u);
}
