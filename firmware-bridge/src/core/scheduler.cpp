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

void ScanScheduler::reset(uint8_t channels) {
  channels_ = channels;
  next_ = 0;
  for (uint8_t i = 0; i < kMaxChannels; ++i) {
    failures_[i] = 0;
    faulted_[i] = false;
  }
}

ScanStep ScanScheduler::step(Uid* seen) {
  ScanStep s{next_, false, 0, false, false, FaultCode::NoResponse};
  next_ = static_cast<uint8_t>((next_ + 1) % channels_);
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
