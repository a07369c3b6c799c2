// The firmware core linked for the RP2040's Cortex-M0+ (make cross): a check that the core builds for
// the board's CPU with the board's constraints (no exceptions, RTTI or heap) and a measure of its size.
// The HAL here is a stand-in that does nothing: the sketch (src/board/) wires the real USB CDC,
// millis() and PN5180 readers, and is built by the Arduino toolchain, not by this check.
#include "../src/core/bridge.h"

namespace {

struct NullClock : fg::Clock {
  uint32_t ms = 0;
  uint32_t millis() override { return ms++; }
};

struct NullLink : fg::ByteLink {
  size_t write(const uint8_t*, size_t len) override { return len; }
  int read_byte() override { return -1; }
};

struct NullReader : fg::TagReader {
  fg::ScanStatus inventory(uint8_t, fg::Uid*, uint8_t, uint8_t* count) override {
    *count = 0;
    return fg::ScanStatus::Ok;
  }
};

NullClock clock_;
NullLink link_;
NullReader reader_;
fg::Bridge bridge_(clock_, link_, reader_);

}  // namespace

int main() {
  fg::BridgeConfig config;
  config.channels = 24;
  config.readers = 3;
  bridge_.begin(config);
  for (;;) bridge_.poll();
}
