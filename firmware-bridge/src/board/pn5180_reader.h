// Adapter from the core's TagReader to PN5180 ISO 15693 readers. Board-only (Arduino headers); the host
// build never sees this file.
//
// Wiring assumed: one PN5180 per antenna sharing SPI (MOSI/MISO/SCK), each with its own NSS, BUSY and RST
// pins; or a single PN5180 behind an RF multiplexer selected by GPIOs (set kUseRfSwitch). The driver class
// is any PN5180 ISO 15693 library offering a 16-slot inventory (the popular ATrappmann PN5180-Library only
// reads one tag per call with getInventory(); a 16-slot "inventory multiple" is in several of its forks
// or can be added: send INVENTORY with the 16-slot flag, then EOF per slot). Its only contract here:
//   int inventory16(uint8_t uids[][8], int cap)  -> number of UIDs (LSB first, as on air), < 0 on error
//   bool begin()                                  -> resets and configures the chip for ISO 15693
#pragma once
#include <Arduino.h>

#include "../core/hal.h"

template <class Pn5180, uint8_t kChannels>
class Pn5180Reader : public fg::TagReader {
 public:
  explicit Pn5180Reader(Pn5180* readers[kChannels]) {
    for (uint8_t i = 0; i < kChannels; ++i) readers_[i] = readers[i];
  }

  void begin() {
    for (uint8_t i = 0; i < kChannels; ++i) ok_[i] = readers_[i]->begin();
  }

  fg::ScanStatus inventory(uint8_t channel, fg::Uid* out, uint8_t cap, uint8_t* count) override {
    if (channel >= kChannels) return fg::ScanStatus::Antenna;
    Pn5180* r = readers_[channel];
    // A reader that failed at boot gets a fresh begin() on every scan: hot-plugged or browned-out chips
    // recover without a board reset.
    if (!ok_[channel] && !(ok_[channel] = r->begin())) return fg::ScanStatus::NoResponse;
    uint8_t raw[fg::kMaxTagsPerAntenna][8];
    const int n = r->inventory16(raw, cap < fg::kMaxTagsPerAntenna ? cap : fg::kMaxTagsPerAntenna);
    if (n < 0) {
      ok_[channel] = false;
      return fg::ScanStatus::RfError;
    }
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < 8; ++j) out[i].b[j] = raw[i][7 - j];  // on air LSB first; protocol MSB first
    }
    *count = static_cast<uint8_t>(n);
    return fg::ScanStatus::Ok;
  }

 private:
  Pn5180* readers_[kChannels];
  bool ok_[kChannels] = {};
};
