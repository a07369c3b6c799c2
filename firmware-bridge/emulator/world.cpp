#include "world.h"

#include <algorithm>
#include <cmath>

uint32_t World::turn_ms() const {
  const double whole = std::ceil(turn_ms_);
  return static_cast<uint32_t>(whole);
}

fg::ScanStatus World::inventory(uint8_t channel, fg::Uid* out, uint8_t cap, uint8_t* count) {
  // Every tag in the field answers (and costs time), whether or not the firmware can keep it.
  const double cost = base_ms + per_tag_ms * static_cast<double>(tags_[channel].size());
  if (cost > turn_ms_) turn_ms_ = cost;
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
