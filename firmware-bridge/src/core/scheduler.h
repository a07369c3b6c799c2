// Which channel each reader chip scans next, and the fault rule (three failed scans in a row).
//
// The channels are split between the reader chips in blocks, as hardware.md wires them (channel c is
// reader c / perReader, RF-switch port c % perReader); the readers scan in parallel, each at its own pace.
// Each reader goes round-robin over its channels, and when the host has named focus channels
// (FOCUS: where a card or chips are expected next) a reader that serves one scans it between two of its
// round-robin turns, most likely first. Two limits keep every channel fresh (PROTOCOL.md, "Focus"):
// - turns: every round-robin turn is followed by at most one focus turn, so a reader with N channels
//   scans each of them at least once every 2N of its turns;
// - time: a reader's focus turns take at most kFocusSharePct % of the time its round-robin turns took
//   (a credit earned by round-robin time, spent by focus time, capped at kFocusCreditCapMs). Inventories
//   differ in length (a pot of 30 chips takes ~10x an empty antenna), so counting turns alone let the
//   focus double a round's time; with the time budget a round with focus lasts at most
//   (1 + share) x its round-robin time + the cap + one focus overrun.
// The time budget needs each scan's duration (charge()): the bridge measures it on its clock.
// A round-robin turn is one anticollision round (TagReader::inventory_round): an antenna with more tags
// than one round separates (a pot of 30 chips) is inventoried over several turns, and a focus turn can
// come between them; a focus turn runs its channel's whole inventory.
// Probes (PROTOCOL.md, "Probes"): a channel known to hold at most one tag is first probed with a 1-slot
// inventory (TagReader::probe, ~3.4 ms against ~14 ms for 16 slots): silence or the one known tag's
// clean answer is the whole inventory's answer; a collision (or an unknown reader) runs the inventory.
// Focus turns always probe such channels, so the focus's time budget buys ~4x as many of them;
// round-robin turns probe only with probe_round_robin (off by default: the baseline is plain
// inventories). A round-robin probe also hands the time it saved to the focus: it earns the credit the
// channel's last plain inventory would have earned plus the difference, so a round with probes and focus
// still lasts at most (1 + share) x the plain round-robin round + the cap + one focus overrun.
#pragma once
#include <stdint.h>

#include "hal.h"
#include "presence.h"
#include "protocol.h"

namespace fg {

struct ScanStep {
  uint8_t channel;
  bool focus;          // a focus turn (not the round-robin's)
  uint8_t round;       // a round-robin turn: which anticollision round of the channel's inventory
  bool more;           // another round of this inventory follows (seen holds this round's tags only)
  bool probed;         // a 1-slot probe answered for the whole inventory (none ran)
  bool ok;             // the inventory (round) succeeded; seen/n are valid
  uint8_t n;
  bool fault_raised;   // this step turned the channel's fault on
  bool fault_cleared;  // this step turned it off
  FaultCode code;
};

constexpr uint8_t kMaxReaders = 4;
// Anticollision rounds one inventory may take (48 tags at 16 a round, with room for collisions).
constexpr uint8_t kMaxRounds = 16;
// The focus's share of a reader's time, against its round-robin time. Why 20 %: the limit is
// that an unexpected tag (seen only by the round-robin) waits at most 1.25x as long as without focus;
// a round stretched by a fifth plus the cap and one overrun stays under that for rounds of >= ~250 ms
// (a reader with 8 antennas or more at the table's inventory times). Tested both sides in test_scheduler.
constexpr uint8_t kFocusSharePct = 20;
// The credit a reader may save while it has no focus (or before its first focus turn), in ms. Why 30:
// one focus inventory of a bet zone with a few chips (14 + 4 x 4 ms), so a new focus is scanned at
// once, but not a burst that would stretch a round beyond the share.
constexpr int32_t kFocusCreditCapMs = 30;
// With probe_round_robin, every kPlainEvery-th round-robin visit of a channel is still a plain 16-slot
// inventory. Why 8: a probe's clean answer can hide a second, much weaker tag (the capture effect: the
// reader decodes the stronger of two answers), which a 16-slot inventory separates; every 8th visit keeps
// 7/8 of the probes' saving and bounds that miss to 8 rounds. The plain visit also times the inventory
// the probes stand for (their saving goes to the focus).
constexpr uint8_t kPlainEvery = 8;

class ScanScheduler {
 public:
  ScanScheduler(TagReader& reader, uint8_t channels) : reader_(reader), channels_(channels) {}

  // Starts over (boot): a channel count, the reader chips sharing them, the focus's share of their time
  // (percent of round-robin time, 1..100), whether round-robin turns probe channels known to hold at
  // most one tag, no failures, faults or focus.
  void reset(uint8_t channels, uint8_t readers = 1, uint8_t focus_share_pct = kFocusSharePct,
             bool probe_round_robin = false);
  // The host's focus (most likely first); channels out of range are ignored. n = 0 clears it.
  void set_focus(const uint8_t* channels, uint8_t n);
  // Scans reader r's next channel into seen (kMaxTagsPerAntenna entries). known: the tags the bridge
  // holds per channel, which tells where a probe can stand for an inventory (none: never probe; the
  // boot cycle, whose plain inventories also time each channel for the probes' saving).
  ScanStep step(uint8_t r, Uid* seen, const Presence* known = nullptr);
  // How long reader r's last step took (ms, the bridge's clock): round-robin time earns focus credit,
  // focus time spends it.
  void charge(uint8_t r, uint32_t ms);
  int32_t credit(uint8_t r) const { return credit_[r] / 100; }
  bool faulted(uint8_t ch) const { return faulted_[ch]; }
  uint8_t channels() const { return channels_; }
  uint8_t readers() const { return readers_; }
  // Channels per reader (the last reader may serve fewer).
  uint8_t per_reader() const { return per_reader_; }
  uint8_t focus_count() const { return focus_n_; }

 private:
  uint8_t first(uint8_t r) const { return static_cast<uint8_t>(r * per_reader_); }
  uint8_t end(uint8_t r) const;
  // How many focus channels reader r serves.
  uint8_t focus_on(uint8_t r) const;
  // The next focus channel reader r serves, or kMaxChannels if it serves none.
  uint8_t next_focus(uint8_t r);
  // A whole inventory of ch, round after round, into seen.
  ScanStatus whole_inventory(uint8_t ch, Uid* seen, uint8_t* n);
  // Probes ch if known holds at most one tag there: true if the probe answered for the inventory
  // (seen/n set, or *status a failure); false if an inventory must run.
  bool probe(uint8_t ch, const Presence* known, Uid* seen, uint8_t* n, ScanStatus* status);

  TagReader& reader_;
  uint8_t channels_;
  uint8_t readers_ = 1;
  uint8_t per_reader_ = 1;
  uint8_t next_[kMaxReaders]{};
  bool focus_due_[kMaxReaders]{};  // a focus turn may come next (after a round-robin turn, or a probe)
  uint8_t focus_run_[kMaxReaders]{};  // focus turns since the last round-robin turn
  uint8_t focus_pos_[kMaxReaders]{};
  bool last_focus_[kMaxReaders]{};  // the last step was a focus turn
  bool last_probed_[kMaxReaders]{};  // the last step was answered by a probe
  bool last_whole_[kMaxReaders]{};   // the last step was a plain one-round inventory (times plain_)
  uint8_t rr_ch_[kMaxReaders]{};     // the round-robin channel whose inventory is under way
  uint8_t rr_round_[kMaxReaders]{};  // its next round; 0: none under way
  uint8_t last_ch_[kMaxReaders]{};
  int32_t credit_[kMaxReaders]{};   // focus time left, in 1/100 ms
  uint32_t cost_[kMaxChannels]{};   // the last focus scan's duration per channel, ms (its next estimate)
  uint32_t plain_[kMaxChannels]{};  // the last plain one-round round-robin inventory's duration, ms
  uint8_t visits_[kMaxChannels]{};  // round-robin visits since its last plain inventory
  uint8_t focus_[kMaxFocus]{};
  uint8_t focus_n_ = 0;
  int32_t share_pct_ = kFocusSharePct;
  bool probe_rr_ = false;
  uint8_t failures_[kMaxChannels]{};
  bool faulted_[kMaxChannels]{};
  FaultCode codes_[kMaxChannels]{};
};

}  // namespace fg
