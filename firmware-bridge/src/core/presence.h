// Which tags lie on each antenna, with the K-missed-scans rule (PROTOCOL.md, "Presence").
#pragma once
#include <stdint.h>

#include "protocol.h"

namespace fg {

struct ChannelTags {
  Uid tags[kMaxTagsPerAntenna];
  uint8_t misses[kMaxTagsPerAntenna];  // consecutive scans that did not see the tag
  uint8_t count;
};

// Changes one scan made to one channel. Departures are listed before arrivals when sent.
struct ScanDelta {
  Uid arrived[kMaxTagsPerAntenna];
  Uid departed[kMaxTagsPerAntenna];
  uint8_t n_arrived;
  uint8_t n_departed;
};

class Presence {
 public:
  // Forgets every tag (boot).
  void clear();
  // Applies one successful scan of a channel that saw seen[0..n).
  void apply_scan(uint8_t channel, const Uid* seen, uint8_t n, uint8_t k, ScanDelta* delta);
  // Applies a round of an inventory not yet finished: the tags it saw are present at once (arrivals);
  // nothing is missed until the whole inventory is applied with apply_scan.
  void apply_arrivals(uint8_t channel, const Uid* seen, uint8_t n, ScanDelta* delta);
  const ChannelTags& channel(uint8_t ch) const { return channels_[ch]; }

 private:
  ChannelTags channels_[kMaxChannels]{};
};

}  // namespace fg
