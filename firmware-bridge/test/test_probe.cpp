// Presence probes (PROTOCOL.md "Probes"): where a 1-slot inventory stands for the 16-slot one (a channel
// known to hold at most one tag), when the whole inventory must still run (a collision, two or more
// known tags), the round-robin's probes (only when configured; every kPlainEvery-th visit plain), and the
// time they save going to the focus.
#include <map>
#include <vector>

#include "../src/core/bridge.h"
#include "../src/core/scheduler.h"
#include "fakes.h"
#include "testing.h"

using namespace fg;

namespace {

// A reader whose probe answers as ISO 15693 tags would: silence, one clean UID, or a collision.
struct ProbeReader : FakeReader {
  std::map<uint8_t, int> probes;
  std::map<uint8_t, int> inventories;
  ScanStatus inventory(uint8_t ch, Uid* out, uint8_t cap, uint8_t* count) override {
    ++inventories[ch];
    return FakeReader::inventory(ch, out, cap, count);
  }
  ScanStatus probe(uint8_t ch, ProbeResult* result, Uid* one) override {
    ++probes[ch];
    if (failing[ch]) return ScanStatus::NoResponse;
    const auto& v = tags[ch];
    *result = v.empty() ? ProbeResult::Silent : v.size() == 1 ? ProbeResult::One : ProbeResult::Collision;
    if (v.size() == 1) *one = v[0];
    return ScanStatus::Ok;
  }
};

// A presence that holds `uids` on channel ch (as the bridge's would after an inventory saw them).
void hold(Presence& p, uint8_t ch, std::vector<Uid> uids) {
  ScanDelta d{};
  p.apply_scan(ch, uids.data(), static_cast<uint8_t>(uids.size()), 3, &d);
}

// One scheduler over a ProbeReader, with what the bridge would know of each channel (empty at first).
struct Rig {
  ProbeReader rd;
  Presence known;
  ScanScheduler s;
  Uid seen[kMaxTagsPerAntenna];
  explicit Rig(uint8_t channels, uint8_t share = kFocusSharePct, bool probe_round_robin = false)
      : s(rd, channels) {
    known.clear();
    s.reset(channels, 1, share, probe_round_robin);
  }
  void focus(std::vector<uint8_t> channels) { s.set_focus(channels.data(), static_cast<uint8_t>(channels.size())); }
  ScanStep step() { return s.step(0, seen, &known); }
};

}  // namespace

TEST("probe: a focus turn on a channel known empty is a probe; silence stands for the inventory, a collision runs it") {
  Rig r(4);
  r.focus({2});
  CHECK(!r.step().focus);  // round-robin 0, a plain inventory
  CHECK_EQ(r.rd.inventories[0], 1);
  CHECK_EQ(r.rd.probes[0], 0);
  ScanStep st = r.step();
  CHECK(st.focus && st.probed && st.ok);
  CHECK_EQ(st.channel, 2);
  CHECK_EQ(st.n, 0);
  CHECK_EQ(r.rd.probes[2], 1);
  CHECK_EQ(r.rd.inventories[2], 0);
  // Two cards land together: they collide, and the inventory tells them apart.
  r.rd.tags[2] = {uid(1), uid(2)};
  r.step();  // round-robin 1
  st = r.step();
  CHECK(st.focus && !st.probed && st.ok);
  CHECK_EQ(st.n, 2);
  CHECK_EQ(r.rd.probes[2], 2);
  CHECK_EQ(r.rd.inventories[2], 1);
}

TEST("probe: one card landing on an empty focus channel is read by the probe itself (its UID, no inventory)") {
  Rig r(4);
  r.focus({3});
  r.rd.tags[3] = {uid(9)};
  r.step();
  const ScanStep st = r.step();
  CHECK(st.focus && st.probed);
  CHECK_EQ(st.n, 1);
  CHECK(uid_equal(r.seen[0], uid(9)));
  CHECK_EQ(r.rd.inventories[3], 0);
}

TEST("probe: with one known tag its clean answer stands for the inventory; with two known, no probe (it would collide)") {
  Rig r(2);
  r.focus({1});
  r.rd.tags[1] = {uid(5)};
  hold(r.known, 1, {uid(5)});
  r.step();
  ScanStep st = r.step();
  CHECK(st.focus && st.probed);
  CHECK_EQ(st.n, 1);
  CHECK_EQ(r.rd.inventories[1], 0);
  // The known tag is gone and another lies there: the clean answer is the other's (the known one missed).
  r.rd.tags[1] = {uid(6)};
  r.step();
  st = r.step();
  CHECK(st.probed && st.n == 1 && uid_equal(r.seen[0], uid(6)));
  // Two known tags: every probe would collide, so the focus turn inventories at once.
  r.rd.tags[1] = {uid(5), uid(6)};
  hold(r.known, 1, {uid(5), uid(6)});
  const int probes = r.rd.probes[1];
  const int inventories = r.rd.inventories[1];  // the round-robin's turns on 1 are plain inventories
  r.step();
  st = r.step();
  CHECK(st.focus && !st.probed && st.n == 2);
  CHECK_EQ(r.rd.probes[1], probes);
  CHECK_EQ(r.rd.inventories[1], inventories + 1);
}

TEST("probe: a failed probe is a failed scan (three in a row raise the channel's fault)") {
  Rig r(2);
  r.focus({1});
  r.rd.failing[1] = true;
  bool raised = false;
  for (int i = 0; i < 2 * kFailedScansForFault; ++i) {
    const ScanStep st = r.step();
    if (st.channel == 1) CHECK(!st.ok);
    raised = raised || st.fault_raised;
  }
  CHECK(raised);
  CHECK(r.s.faulted(1));
}

TEST("probe: round-robin turns probe only with probe_round_robin; the first visit and every 8th are plain inventories") {
  for (const bool on : {false, true}) {
    Rig r(2, kFocusSharePct, on);
    std::vector<bool> probed;
    for (int i = 0; i < 2 * 2 * kPlainEvery; ++i) {
      const ScanStep st = r.step();
      r.s.charge(0, st.probed ? 4 : 14);
      if (st.channel == 0) probed.push_back(st.probed);
    }
    CHECK_EQ(probed.size(), 2u * kPlainEvery);
    for (size_t i = 0; i < probed.size(); ++i) CHECK_EQ(probed[i], on && i % kPlainEvery != 0);
    CHECK_EQ(r.rd.inventories[0], on ? 2 : 2 * kPlainEvery);
  }
}

TEST("probe: a round-robin probe hands the time it saved (against the channel's last plain inventory) to the focus") {
  for (const bool on : {false, true}) {
    Rig r(2, 20, on);
    r.focus({1});
    ScanStep st = r.step();  // round-robin 0, plain: 14 ms
    CHECK(!st.focus && !st.probed);
    r.s.charge(0, 14);
    st = r.step();  // focus 1 spends the whole credit
    CHECK(st.focus);
    r.s.charge(0, 30);
    CHECK_EQ(r.s.credit(0), 0);
    st = r.step();  // round-robin 1, plain: earns 20 % of 14 ms
    r.s.charge(0, 14);
    st = r.step();  // the focus needs 30 ms: round-robin 0 again, a probe when on
    CHECK(!st.focus);
    CHECK_EQ(st.probed, on);
    r.s.charge(0, st.probed ? 4 : 14);
    // Off: 2.8 + 2.8 ms. On: 2.8 + 20 % of 4 + the 10 ms saved, which would have earned 20 % too.
    CHECK_EQ(r.s.credit(0), on ? 15 : 5);
  }
}

TEST("bridge: a card dealt to an empty focus channel arrives from the probe; the boot cycle runs plain inventories") {
  FakeClock clock;
  FakePort port;
  ProbeReader rd;
  Bridge bridge{clock, port, rd};
  BridgeConfig c;
  c.channels = 3;
  c.k = 1;
  bridge.begin(c);
  CHECK_EQ(rd.probes.size(), 0u);
  CHECK_EQ(rd.inventories[2], 1);
  drain(port);
  port.send_focus(1, {2});
  bridge.poll();  // round-robin 0
  bridge.poll();  // focus 2: silent
  CHECK_EQ(rd.probes[2], 1);
  rd.tags[2] = {uid(7)};
  bridge.poll();  // round-robin 1
  bridge.poll();  // focus 2: the card's clean answer
  unsigned arrived = 0;
  for (const auto& f : drain(port)) {
    if (f.type == static_cast<uint8_t>(MsgType::TagArrived)) arrived += f.body[1];
  }
  CHECK_EQ(arrived, 1u);
  CHECK_EQ(rd.probes[2], 2);
  CHECK_EQ(rd.inventories[2], 1);  // the boot cycle's only
  CHECK_EQ(bridge.presence().channel(2).count, 1);
}

TEST("probe: after a round-robin turn a probe may be followed by the reader's other focus channels (each once), an inventory may not") {
  Rig r(8, 100);
  r.rd.tags[5] = {uid(1), uid(2)};
  hold(r.known, 5, {uid(1), uid(2)});
  r.focus({6, 7, 5});
  std::vector<std::pair<int, bool>> steps;
  for (int i = 0; i < 9; ++i) {
    const ScanStep st = r.step();
    r.s.charge(0, st.probed ? 4 : 14);  // share 100 %: every focus turn is affordable
    steps.push_back({st.channel, st.focus});
  }
  // 0, probes 6 and 7, the inventory of 5 (two chips: no probe), then round-robin 1 again, and so on.
  const std::vector<std::pair<int, bool>> want = {{0, false}, {6, true}, {7, true},  {5, true}, {1, false},
                                                  {6, true},  {7, true}, {5, true}, {2, false}};
  CHECK(steps == want);
}
