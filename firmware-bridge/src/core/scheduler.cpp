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

void ScanScheduler::reset(uint8_t channels, uint8_t readers) {
  channels_ = channels;
  readers_ = readers == 0 ? 1 : (readers > kMaxReaders ? kMaxReaders : readers);
  if (readers_ > channels_) readers_ = channels_ == 0 ? 1 : channels_;
  per_reader_ = static_cast<uint8_t>((channels_ + readers_ - 1) / readers_);
  for (uint8_t r = 0; r < kMaxReaders; ++r) {
    next_[r] = first(r);
    focus_due_[r] = false;
    focus_pos_[r] = 0;
  }
  focus_n_ = 0;
  for (uint8_t i = 0; i < kMaxChannels; ++i) {
    failures_[i] = 0;
    faulted_[i] = false;
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

uint8_t ScanScheduler::next_focus(uint8_t r) {
  for (uint8_t k = 0; k < focus_n_; ++k) {
    const uint8_t i = static_cast<uint8_t>((focus_pos_[r] + k) % focus_n_);
    const uint8_t ch = focus_[i];
    if (ch >= first(r) && ch < end(r)) {
      focus_pos_[r] = static_cast<uint8_t>((i + 1) % focus_n_);
      return ch;
    }
  }
  return kMaxChannels;
}

ScanStep ScanScheduler::step(uint8_t r, Uid* seen) {
  uint8_t ch = kMaxChannels;
  if (focus_due_[r]) ch = next_focus(r);
  if (ch == kMaxChannels) {
    ch = next_[r];
    next_[r] = static_cast<uint8_t>(ch + 1 >= end(r) ? first(r) : ch + 1);
    focus_due_[r] = true;
  } else {
    focus_due_[r] = false;
  }
  ScanStep s{ch, false, 0, false, false, FaultCode::NoResponse};
  uint8_t n = 0;
  const ScanStatus status = reader_.inventory(s.channel, seen, kMaxTagsPerAntenna, &n);
  if (status == ScanStatus::Ok) {
    s.ok = true;
    s.n = n > kMaxTagsPerAntenna ? kMaxTagsPerAntenna : n;
    failures_[s.channel] = 0;
    if (faulted_[s.channel]) {
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
