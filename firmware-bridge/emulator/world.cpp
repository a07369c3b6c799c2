#include "world.h"

#include <algorithm>
#include <cmath>

uint32_t World::turn_ms() const {
  const double whole = std::ceil(turn_ms_);
  return static_cast<uint32_t>(whole);
}

fg::ScanStatus World::inventory_round(uint8_t channel, uint8_t round, fg::Uid* out, uint8_t cap, uint8_t* count,
                                      bool* more) {
  if (base_ms <= 0) return fg::TagReader::inventory_round(channel, round, out, cap, count, more);
  constexpr size_t kSlots = 16;
  const auto& tags = tags_[channel];
  if (round == 0) rounds_[channel] = static_cast<uint8_t>(tags.empty() ? 1 : (tags.size() + kSlots - 1) / kSlots);
  const uint8_t rounds = rounds_[channel] == 0 ? 1 : rounds_[channel];
  *more = round + 1 < rounds;
  *count = 0;
  double answered = 0;
  const bool failing = failing_[channel];
  for (const auto& u : tags) {
    // FNV-1a over the UID: which round the tag answers in, the same every inventory.
    uint32_t h = 2166136261u;
    for (uint8_t b : u.b) h = (h ^ b) * 16777619u;
    if (h % rounds != round) continue;
    answered += 1;  // every tag in the field answers (and costs time), kept or not
    if (failing) continue;
    auto hid = hidden_.find({channel, key(u)});
    if (hid != hidden_.end() && hid->second > 0) {
      --hid->second;
      continue;
    }
    if (*count < cap) out[(*count)++] = u;
  }
  turn_ms_ += (round == 0 ? base_ms : kResumeMs) + per_tag_ms * answered;
  if (failing) return fg::ScanStatus::NoResponse;
  return fg::ScanStatus::Ok;
}

fg::ScanStatus World::probe(uint8_t channel, fg::ProbeResult* result, fg::Uid* uid) {
  const bool failing = failing_[channel];
  uint8_t answered = 0;
  for (const auto& u : tags_[channel]) {
    if (failing) break;
    // A tag that misses an inventory (flicker) misses a probe alike: it does not answer.
    auto hid = hidden_.find({channel, key(u)});
    if (hid != hidden_.end() && hid->second > 0) {
      --hid->second;
      continue;
    }
    if (answered++ == 0) *uid = u;
  }
  if (base_ms > 0) turn_ms_ += answered == 0 ? kProbeSilentMs : kProbeAnsweredMs;
  if (failing) return fg::ScanStatus::NoResponse;
  *result = answered == 0 ? fg::ProbeResult::Silent : answered == 1 ? fg::ProbeResult::One : fg::ProbeResult::Collision;
  return fg::ScanStatus::Ok;
}

fg::ScanStatus World::inventory(uint8_t channel, fg::Uid* out, uint8_t cap, uint8_t* count) {
  // Every tag in the field answers (and costs time), whether or not the firmware can keep it.
  turn_ms_ += base_ms + per_tag_ms * static_cast<double>(tags_[channel].size());
  if (failing_[channel]) return fg::ScanStatus::NoResponse;
  *count = 0;
  for (const auto& u : tags_[channel]) {
    auto h = hidden_.find({channel, key(u)});
    if (h != hidden_.end() && h->second > 0) {
      --h->second;
      continue;
    }
    if (*count < cap) out[(*count)++] = u;
  }
  return fg::ScanStatus::Ok;
}

void World::place(uint8_t ch, const fg::Uid& uid) {
  auto& v = tags_[ch];
  if (std::none_of(v.begin(), v.end(), [&](const fg::Uid& u) { return fg::uid_equal(u, uid); })) v.push_back(uid);
}

void World::remove(uint8_t ch, const fg::Uid& uid) {
  auto& v = tags_[ch];
  v.erase(std::remove_if(v.begin(), v.end(), [&](const fg::Uid& u) { return fg::uid_equal(u, uid); }), v.end());
}

bool World::parse_uid(const std::string& hex, fg::Uid* out) {
  if (hex.size() != 16) return false;
  for (int i = 0; i < 8; ++i) {
    const std::string byte = hex.substr(static_cast<size_t>(i) * 2, 2);
    if (byte.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) return false;
    out->b[i] = static_cast<uint8_t>(std::stoul(byte, nullptr, 16));
  }
  return true;
}
