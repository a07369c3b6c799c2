// Which channel each reader chip scans next, and the fault rule (three failed scans in a row).
//
// The channels are split between the reader chips in blocks, as hardware.md wires them (channel c is
// reader c / perReader, RF-switch port c % perReader); the readers scan in parallel, one channel each
// per turn. Each reader goes round-robin over its channels, and when the host has named focus channels
// (FOCUS: where a card or chips are expected next) a reader that serves one scans it between two of its
// round-robin turns, most likely first. Staleness bound: every round-robin turn is followed by at most
// one focus turn, so a reader with N channels scans each of them at least once every 2N of its turns
// (N turns without a focus): an unexpected tag is still seen within two rounds.
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

constexpr uint8_t kMaxReaders = 4;

class ScanScheduler {
 public:
  ScanScheduler(TagReader& reader, uint8_t channels) : reader_(reader), channels_(channels) {}

  // Starts over (boot): a channel count, the reader chips sharing them, no failures, faults or focus.
  void reset(uint8_t channels, uint8_t readers = 1);
  // The host's focus (most likely first); channels out of range are ignored. n = 0 clears it.
  void set_focus(const uint8_t* channels, uint8_t n);
  // Scans reader r's next channel into seen (kMaxTagsPerAntenna entries).
  ScanStep step(uint8_t r, Uid* seen);
  bool faulted(uint8_t ch) const { return faulted_[ch]; }
  uint8_t channels() const { return channels_; }
  uint8_t readers() const { return readers_; }
  // Channels per reader (the last reader may serve fewer).
  uint8_t per_reader() const { return per_reader_; }
  uint8_t focus_count() const { return focus_n_; }

 private:
  uint8_t first(uint8_t r) const { return static_cast<uint8_t>(r * per_reader_); }
  uint8_t end(uint8_t r) const;
  // The next focus channel reader r serves, or kMaxChannels if it serves none.
  uint8_t next_focus(uint8_t r);

  TagReader& reader_;
  uint8_t channels_;
  uint8_t readers_ = 1;
  uint8_t per_reader_ = 1;
  uint8_t next_[kMaxReaders]{};
  bool focus_due_[kMaxReaders]{};  // the last turn was round-robin: a focus turn may come next
  uint8_t focus_pos_[kMaxReaders]{};
  uint8_t focus_[kMaxFocus]{};
  uint8_t focus_n_ = 0;
  uint8_t failures_[kMaxChannels]{};
  bool faulted_[kMaxChannels]{};
  FaultCode codes_[kMaxChannels]{};
};

}  // namespace fg
