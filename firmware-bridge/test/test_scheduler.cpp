// The scan scheduler: readers in parallel over blocks of channels, focus turns between round-robin
// turns, and the staleness bound (every channel of a reader with N channels within 2N of its turns).
#include <vector>

#include "../src/core/bridge.h"
#include "../src/core/scheduler.h"
#include "fakes.h"
#include "testing.h"

using namespace fg;

namespace {

// Records the channels scanned, in order.
struct Recorder : TagReader {
  std::vector<uint8_t> scanned;
  ScanStatus inventory(uint8_t ch, Uid*, uint8_t, uint8_t* count) override {
    scanned.push_back(ch);
    *count = 0;
    return ScanStatus::Ok;
  }
};

std::vector<uint8_t> turns(ScanScheduler& s, Recorder& r, uint8_t reader, int n) {
  Uid seen[kMaxTagsPerAntenna];
  r.scanned.clear();
  for (int i = 0; i < n; ++i) s.step(reader, seen);
  return r.scanned;
}

}  // namespace

TEST("scheduler: without a focus each reader goes round-robin over its own block (channel c is reader c / 8)") {
  Recorder rec;
  ScanScheduler s(rec, 24);
  s.reset(24, 3);
  CHECK_EQ(s.per_reader(), 8);
  CHECK(turns(s, rec, 0, 9) == (std::vector<uint8_t>{0, 1, 2, 3, 4, 5, 6, 7, 0}));
  CHECK(turns(s, rec, 2, 3) == (std::vector<uint8_t>{16, 17, 18}));
  s.reset(24, 1);
  const auto one = turns(s, rec, 0, 25);
  CHECK_EQ(one[23], 23);
  CHECK_EQ(one[24], 0);
}

TEST("scheduler: a focus channel is scanned between two round-robin turns, most likely first") {
  Recorder rec;
  ScanScheduler s(rec, 24);
  s.reset(24, 1);
  const uint8_t focus[] = {20, 21};  // the board, then the burn
  s.set_focus(focus, 2);
  CHECK(turns(s, rec, 0, 8) == (std::vector<uint8_t>{0, 20, 1, 21, 2, 20, 3, 21}));
}

TEST("scheduler: with three readers only the reader serving a focus channel interleaves it") {
  Recorder rec;
  ScanScheduler s(rec, 24);
  s.reset(24, 3);
  const uint8_t focus[] = {3, 30, 21};  // seat4 (reader 0), an unknown channel (ignored), the burn (reader 2)
  s.set_focus(focus, 3);
  CHECK_EQ(s.focus_count(), 2);
  CHECK(turns(s, rec, 0, 6) == (std::vector<uint8_t>{0, 3, 1, 3, 2, 3}));
  CHECK(turns(s, rec, 1, 3) == (std::vector<uint8_t>{8, 9, 10}));
  CHECK(turns(s, rec, 2, 4) == (std::vector<uint8_t>{16, 21, 17, 21}));
  s.set_focus(nullptr, 0);
  CHECK(turns(s, rec, 0, 3) == (std::vector<uint8_t>{3, 4, 5}));
}

TEST("scheduler: staleness bound: whatever the focus, every channel within 2N turns of its reader") {
  Recorder rec;
  ScanScheduler s(rec, 24);
  s.reset(24, 1);
  const uint8_t focus[] = {0, 1, 2, 3, 4, 5, 6, 7};
  s.set_focus(focus, 8);
  const auto seen = turns(s, rec, 0, 24 * 2 * 3);
  for (uint8_t ch = 0; ch < 24; ++ch) {
    int last = -1;
    for (int i = 0; i < static_cast<int>(seen.size()); ++i) {
      if (seen[static_cast<size_t>(i)] != ch) continue;
      CHECK(i - last <= 2 * 24);
      last = i;
    }
    CHECK(last >= 0);
  }
}

TEST("bridge: FOCUS from the host steers the scans; a reboot forgets it") {
  FakeClock clock;
  FakePort port;
  Recorder rec;
  Bridge bridge{clock, port, rec};
  BridgeConfig c;
  c.channels = 8;
  bridge.begin(c);
  port.send_focus(1, {5});
  rec.scanned.clear();
  for (int i = 0; i < 4; ++i) bridge.poll();
  CHECK(rec.scanned == (std::vector<uint8_t>{5, 0, 5, 1}));  // the boot cycle ended on a round-robin turn
  bridge.begin(c);
  rec.scanned.clear();
  for (int i = 0; i < 3; ++i) bridge.poll();
  CHECK(rec.scanned == (std::vector<uint8_t>{0, 1, 2}));
}
