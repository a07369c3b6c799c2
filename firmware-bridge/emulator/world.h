// The felt as the emulator imagines it: which tags lie on which antenna, which readers fail.
// Implements the core's TagReader, so the firmware scans it exactly as it scans PN5180s.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "../src/core/hal.h"

class World : public fg::TagReader {
 public:
  fg::ScanStatus inventory(uint8_t channel, fg::Uid* out, uint8_t cap, uint8_t* count) override;
  // With the time model: an inventory of n tags takes ceil(n / 16) rounds (one 16-slot request each;
  // PROTOCOL.md "Inventory time"); a tag answers in round hash(UID) mod rounds, the rounds fixed when the
  // inventory starts (a tag placed after its round has run is seen by the next inventory).
  fg::ScanStatus inventory_round(uint8_t channel, uint8_t round, fg::Uid* out, uint8_t cap, uint8_t* count,
                                 bool* more) override;

  // A 1-slot inventory (PROTOCOL.md "Probes"): silent with no tag answering, the UID with one, a
  // collision with two or more. With the time model it takes kProbeSilentMs or kProbeAnsweredMs.
  fg::ScanStatus probe(uint8_t channel, fg::ProbeResult* result, fg::Uid* uid) override;

  void place(uint8_t ch, const fg::Uid& uid);
  void remove(uint8_t ch, const fg::Uid& uid);
  void clear(uint8_t ch) { tags_[ch].clear(); }
  void flicker(uint8_t ch, const fg::Uid& uid, int scans) { hidden_[{ch, key(uid)}] = scans; }
  void set_failing(uint8_t ch, bool failing) { failing_[ch] = failing; }

  static bool parse_uid(const std::string& hex, fg::Uid* out);

  // The inventory time model (PROTOCOL.md, "Inventory time"): an inventory with n tags in the field
  // takes base_ms + per_tag_ms * n; split in rounds, the first carries the base, each later one
  // per_tag_ms per tag it separates plus kResumeMs (the RF switch and the field settling again).
  // 0/0 (the default) makes inventories instant and whole.
  double base_ms = 0;
  double per_tag_ms = 0;
  static constexpr double kResumeMs = 1;
  // A probe (PROTOCOL.md "Probes", from the same datasheet figures as BASE): the field settling 1 ms,
  // the request 1.7 ms, one slot closed by the reader 0.7 ms (t1 + t3 and the SPI read) = 3.4 ms when
  // no tag answers; an answer (~4 ms with t1, plus the 0.3 ms SPI read) replaces the 0.4 ms slot wait
  // = 7.0 ms when one or more answer (a collision lasts as long as the answers that collide).
  static constexpr double kProbeSilentMs = 3.4;
  static constexpr double kProbeAnsweredMs = 7.0;
  void begin_turn() { turn_ms_ = 0; }
  // Virtual milliseconds the inventories (rounds) since begin_turn() took, rounded up.
  uint32_t turn_ms() const;

 private:
  static std::string key(const fg::Uid& u) { return std::string(reinterpret_cast<const char*>(u.b), 8); }
  std::map<uint8_t, std::vector<fg::Uid>> tags_;
  std::map<std::pair<uint8_t, std::string>, int> hidden_;  // scans left during which a tag is not seen
  std::map<uint8_t, bool> failing_;
  double turn_ms_ = 0;
  std::map<uint8_t, uint8_t> rounds_;  // the rounds of each channel's inventory under way
};
