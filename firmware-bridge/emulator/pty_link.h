// The board's USB serial as a pseudo-terminal: the host opens the slave (through a stable symlink) exactly
// like /dev/ttyACM0. openpty is used directly, so no socat is needed. Fault knobs work on whole frames
// because the core writes one frame per write() call.
#pragma once
#include <cstdint>
#include <sys/types.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "../src/core/hal.h"

// CLOCK_MONOTONIC in microseconds (steady_clock on Linux): the clock Node's process.hrtime reads too.
long long monotonic_us();

// The type of the emulator's time marks (virtual clock only; PROTOCOL.md). No board sends it.
constexpr uint8_t kEmulatorTimeType = 0x7F;

class PtyLink : public fg::ByteLink {
 public:
  explicit PtyLink(std::string link_path) : link_path_(std::move(link_path)) {}
  ~PtyLink() override { unplug(); }

  // Creates the pty and points the symlink at its slave. Returns the slave's name, or "" on failure.
  std::string plug();
  // Closes both ends and removes the symlink: the host's reads fail as on a USB disconnect.
  void unplug();
  bool plugged() const { return master_ >= 0; }

  size_t write(const uint8_t* data, size_t len) override;
  int read_byte() override;
  // Writes raw bytes outside of any frame (line noise).
  void write_garbage(int n);

  // When set, every frame that reaches the pty is logged here as "<monotonic µs> frame <type> <seq>" (plus
  // "<channel> <uid>..." for tag frames): the host's latency benchmark matches its reads against it.
  std::FILE* trace = nullptr;

  // Virtual clock (--virtual-clock): when set, the link says the emulator's time in band. Before the first
  // frame written at a new virtual millisecond it writes a time mark (done = 0), and mark_reached() writes
  // one (done = 1) when the clock has reached the host's target: the host stamps what follows a mark with
  // its time and knows, at a done mark, that every frame up to that time has been written. A full pty
  // buffer then waits for the host instead of dropping: virtual time stands still meanwhile.
  const uint32_t* virtual_now = nullptr;
  void mark_reached(uint32_t ms) { write_mark(ms, true); }

  int drop_next = 0;
  int corrupt_next = 0;
  uint32_t dropped = 0;
  uint32_t corrupted = 0;

 private:
  std::string link_path_;
  int master_ = -1;
  int slave_ = -1;  // kept open so the master never sees a hang-up while the host reconnects
  uint8_t rx_[256];
  int rx_len_ = 0;
  int rx_pos_ = 0;
  std::mt19937 rng_{12345};
  bool marked_ = false;
  void emit(const std::vector<uint8_t>& out);
  uint32_t last_mark_ = 0;
  void trace_frame(long long us, const uint8_t* data, size_t len);
  void write_mark(uint32_t ms, bool done);
  ssize_t write_all(const uint8_t* data, size_t len);
};
