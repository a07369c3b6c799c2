#include "scheduler.h"

namespace fg {
namespace {

FaultCode code_for(ScanStatus s) {
  switch (s) {
    case ScanStatus::RfError: return FaultCode::RfErrors;
    case ScanStatus::Antenna: return FaultCode::Antenna;
    default: return FaultCode::NoResponse;
  }
}

}  // namespace

void ScanScheduler::reset(uint8_t channels, uint8_t readers, uint8_t focus_share_pct, bool probe_round_robin) {
  channels_ = channels;
  probe_rr_ = probe_round_robin;
  share_pct_ = focus_share_pct == 0 ? kFocusSharePct : (focus_share_pct > 100 ? 100 : focus_share_pct);
  readers_ = readers == 0 ? 1 : (readers > kMaxReaders ? kMaxReaders : readers);
  if (readers_ > channels_) readers_ = channels_ == 0 ? 1 : channels_;
  per_reader_ = static_cast<uint8_t>((channels_ + readers_ - 1) / readers_);
  for (uint8_t r = 0; r < kMaxReaders; ++r) {
    next_[r] = first(r);
    focus_due_[r] = false;
    focus_run_[r] = 0;
    focus_pos_[r] = 0;
    last_focus_[r] = false;
    last_probed_[r] = false;
    last_whole_[r] = false;
    rr_round_[r] = 0;
    credit_[r] = kFocusCreditCapMs * 100;
  }
  focus_n_ = 0;
  for (uint8_t i = 0; i < kMaxChannels; ++i) {
    failures_[i] = 0;
    faulted_[i] = false;
    cost_[i] = 0;
    plain_[i] = 0;
    visits_[i] = 0;
  }
}

uint8_t ScanScheduler::end(uint8_t r) const {
  const unsigned e = static_cast<unsigned>(first(r)) + per_reader_;
  return static_cast<uint8_t>(e > channels_ ? channels_ : e);
}

void ScanScheduler::set_focus(const uint8_t* channels, uint8_t n) {
  focus_n_ = 0;
  for (uint8_t i = 0; i < n && i < kMaxFocus; ++i) {
    if (channels[i] < channels_) focus_[focus_n_++] = channels[i];
  }
  for (uint8_t r = 0; r < kMaxReaders; ++r) focus_pos_[r] = 0;  // the most likely first again
}

uint8_t ScanScheduler::focus_on(uint8_t r) const {
  uint8_t n = 0;
  for (uint8_t i = 0; i < focus_n_; ++i) n = static_cast<uint8_t>(n + (focus_[i] >= first(r) && focus_[i] < end(r)));
  return n;
}

uint8_t ScanScheduler::next_focus(uint8_t r) {
  for (uint8_t k = 0; k < focus_n_; ++k) {
    const uint8_t i = static_cast<uint8_t>((focus_pos_[r] + k) % focus_n_);
    const uint8_t ch = focus_[i];
    if (ch >= first(r) && ch < end(r)) {
      // Not yet affordable: the round-robin goes on (the channel keeps its place in the cycle). A scan
      // dearer than the cap waits for a full credit and overdraws it: the debt is paid back first.
      const int32_t need = static_cast<int32_t>(cost_[ch]) < kFocusCreditCapMs ? static_cast<int32_t>(cost_[ch]) : kFocusCreditCapMs;
      if (credit_[r] < need * 100) return kMaxChannels;
      focus_pos_[r] = static_cast<uint8_t>((i + 1) % focus_n_);
      return ch;
    }
  }
  return kMaxChannels;
}

void ScanScheduler::charge(uint8_t r, uint32_t ms) {
  if (r >= kMaxReaders) return;
  const int32_t t = static_cast<int32_t>(ms > 60000 ? 60000 : ms);
  const uint8_t ch = last_ch_[r];
  if (last_focus_[r]) {
    credit_[r] -= t * 100;
    cost_[ch] = static_cast<uint32_t>(t);
  } else {
    credit_[r] += t * share_pct_;
    if (last_whole_[r]) plain_[ch] = static_cast<uint32_t>(t);
    // A probe that stood for the plain inventory: the time it saved goes to the focus.
    const int32_t plain = static_cast<int32_t>(plain_[ch]);
    if (last_probed_[r] && plain > t) credit_[r] += (plain - t) * (100 + share_pct_);
    if (credit_[r] > kFocusCreditCapMs * 100) credit_[r] = kFocusCreditCapMs * 100;
  }
}

ScanStatus ScanScheduler::whole_inventory(uint8_t ch, Uid* seen, uint8_t* n) {
  *n = 0;
  bool more = true;
  // Bounded: a reader that kept asking for rounds (a fault) cannot hold the scheduler.
  for (uint8_t round = 0; more && round < kMaxRounds; ++round) {
    uint8_t got = 0;
    const uint8_t room = static_cast<uint8_t>(kMaxTagsPerAntenna - *n);
    const ScanStatus st = reader_.inventory_round(ch, round, seen + *n, room, &got, &more);
    if (st != ScanStatus::Ok) return st;
    *n = static_cast<uint8_t>(*n + (got > room ? room : got));
  }
  return ScanStatus::Ok;
}

bool ScanScheduler::probe(uint8_t ch, const Presence* known, Uid* seen, uint8_t* n, ScanStatus* status) {
  // With two or more known tags every probe collides: it would only add its time to the inventory's.
  if (known == nullptr || known->channel(ch).count > 1) return false;
  ProbeResult heard = ProbeResult::Collision;
  Uid one{};
  *status = reader_.probe(ch, &heard, &one);
  if (*status != ScanStatus::Ok) return true;  // a failed probe is a failed scan
  if (heard == ProbeResult::Collision) return false;
  *n = 0;
  if (heard == ProbeResult::One) seen[(*n)++] = one;
  return true;
}

ScanStep ScanScheduler::step(uint8_t r, Uid* seen, const Presence* known) {
  uint8_t ch = kMaxChannels;
  if (focus_due_[r]) ch = next_focus(r);
  const bool focus = ch != kMaxChannels;
  uint8_t round = 0;
  if (!focus) {
    if (rr_round_[r] > 0) {
      ch = rr_ch_[r];  // the inventory under way goes on
      round = rr_round_[r];
    } else {
      ch = next_[r];
      next_[r] = static_cast<uint8_t>(ch + 1 >= end(r) ? first(r) : ch + 1);
      rr_ch_[r] = ch;
    }
    focus_due_[r] = true;
    focus_run_[r] = 0;
  } else {
    focus_due_[r] = false;  // until the step's outcome says whether another may follow (below)
    ++focus_run_[r];
  }
  last_focus_[r] = focus;
  last_ch_[r] = ch;
  ScanStep s{ch, focus, round, false, false, false, 0, false, false, FaultCode::NoResponse};
  uint8_t n = 0;
  bool more = false;
  ScanStatus status = ScanStatus::Ok;
  // A focus turn always tries a probe first; a round-robin turn only when told to, at an inventory's start.
  bool rr_probe = false;
  if (!focus && probe_rr_ && round == 0) {
    // Untimed (no plain inventory yet) or due: this visit is plain.
    rr_probe = plain_[ch] > 0 && visits_[ch] + 1 < kPlainEvery;
    visits_[ch] = rr_probe ? static_cast<uint8_t>(visits_[ch] + 1) : 0;
  }
  const bool try_probe = (focus || rr_probe) && known != nullptr && known->channel(ch).count <= 1;
  if (try_probe && probe(ch, known, seen, &n, &status)) {
    s.probed = true;
  } else {
    status = focus ? whole_inventory(ch, seen, &n)
                   : reader_.inventory_round(ch, round, seen, kMaxTagsPerAntenna, &n, &more);
  }
  last_probed_[r] = s.probed;
  // A probe is cheap: another of the reader's focus channels may follow it before the next round-robin
  // turn (each at most once; the time budget still pays for every one).
  if (focus && s.probed && focus_run_[r] < focus_on(r)) focus_due_[r] = true;
  last_whole_[r] = !focus && !try_probe && round == 0 && !more;
  if (!focus) {
    const bool next_round = status == ScanStatus::Ok && more && round + 1 < kMaxRounds;
    rr_round_[r] = next_round ? static_cast<uint8_t>(round + 1) : 0;
    s.more = next_round;
  }
  if (status == ScanStatus::Ok) {
    s.ok = true;
    s.n = n > kMaxTagsPerAntenna ? kMaxTagsPerAntenna : n;
    failures_[s.channel] = 0;
    if (faulted_[s.channel] && !s.more) {
      faulted_[s.channel] = false;
      s.fault_cleared = true;
      s.code = codes_[s.channel];
    }
    return s;
  }
  s.code = code_for(status);
  // One bad inventory is common (a collision, a noisy card shoe); only a run of them is a fault.
  if (failures_[s.channel] < kFailedScansForFault) ++failures_[s.channel];
  if (failures_[s.channel] == kFailedScansForFault && !faulted_[s.channel]) {
    faulted_[s.channel] = true;
    codes_[s.channel] = s.code;
    s.fault_raised = true;
  }
  return s;
}

}  // namespace fg
