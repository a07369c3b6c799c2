#include "presence.h"

namespace fg {
namespace {

int find(const ChannelTags& c, const Uid& uid) {
  for (uint8_t i = 0; i < c.count; ++i) {
    if (uid_equal(c.tags[i], uid)) return i;
  }
  return -1;
}

bool seen_in(const Uid* seen, uint8_t n, const Uid& uid) {
  for (uint8_t i = 0; i < n; ++i) {
    if (uid_equal(seen[i], uid)) return true;
  }
  return false;
}

}  // namespace

void Presence::clear() {
  for (auto& c : channels_) c.count = 0;
}

void Presence::apply_scan(uint8_t channel, const Uid* seen, uint8_t n, uint8_t k, ScanDelta* delta) {
  delta->n_arrived = 0;
  delta->n_departed = 0;
  if (channel >= kMaxChannels) return;
  ChannelTags& c = channels_[channel];
  // Misses first, compacting in place so the remaining tags keep their order (snapshots stay stable).
  uint8_t kept = 0;
  for (uint8_t i = 0; i < c.count; ++i) {
    if (seen_in(seen, n, c.tags[i])) {
      c.misses[i] = 0;
    } else if (++c.misses[i] >= k) {
      delta->departed[delta->n_departed++] = c.tags[i];
      continue;
    }
    c.tags[kept] = c.tags[i];
    c.misses[kept] = c.misses[i];
    ++kept;
  }
  c.count = kept;
  for (uint8_t i = 0; i < n; ++i) {
    // A reader may report a UID twice in one inventory (two slots); the table holds it once.
    if (find(c, seen[i]) >= 0 || c.count == kMaxTagsPerAntenna) continue;
    c.tags[c.count] = seen[i];
    c.misses[c.count] = 0;
    ++c.count;
    delta->arrived[delta->n_arrived++] = seen[i];
  }
}

void Presence::apply_arrivals(uint8_t channel, const Uid* seen, uint8_t n, ScanDelta* delta) {
  delta->n_arrived = 0;
  delta->n_departed = 0;
  if (channel >= kMaxChannels) return;
  ChannelTags& c = channels_[channel];
  for (uint8_t i = 0; i < n; ++i) {
    const int at = find(c, seen[i]);
    if (at >= 0) {
      c.misses[at] = 0;
      continue;
    }
    if (c.count == kMaxTagsPerAntenna) continue;
    c.tags[c.count] = seen[i];
    c.misses[c.count] = 0;
    ++c.count;
    delta->arrived[delta->n_arrived++] = seen[i];
  }
}

}  // namespace fg
