// Round-robin scanning of the reader channels and the fault rule (three failed scans in a row).
#pragma once
#include <stdint.h>

#include "hal.h"
#include "protocol.h"

namespace fg {

struct ScanStep {
  uint8_t channel;
  bool ok;             // the inventory succeeded; seen/n are valid
  uint8_t n;
  bool fault_raised;   // this step turned the channel's fault on
  bool fault_cleared;  // this step turned it off
  FaultCode code;
};

class ScanScheduler {
 public:
  ScanScheduler(TagReader& reader, uint8_t channels) : reader_(reader), channels_(channels) {}

  // Starts over with a channel count (boot): no failures, no faults.
  void reset(uint8_t channels);
  // Scans the next channel into seen (kMaxTagsPerAntenna entries).
  ScanStep step(Uid* seen);
  bool faulted(uint8_t ch) const { return faulted_[ch]; }
  uint8_t channels() const { return channels_; }

 private:
  TagReader& reader_;
  uint8_t channels_;
  uint8_t next_ = 0;
  uint8_t failures_[kMaxChannels]{};
  bool faulted_[kMaxChannels]{};
  FaultCode codes_[kMaxChannels]{};
};

}  // namespace fg
