// The hardware-abstraction seam: everything the protocol core needs from the board, as three small
// interfaces. The board sketch wires them to USB CDC, millis() and PN5180 readers; the host tests and the
// emulator wire them to fakes. Nothing behind this seam includes an Arduino header.
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "protocol.h"

namespace fg {

// A monotonic millisecond clock (wraps after ~49 days; the core only uses differences).
class Clock {
 public:
  virtual ~Clock() = default;
  virtual uint32_t millis() = 0;
};

// The serial link to the host. The core always passes one whole wire frame to write(), so a fake can
// drop or corrupt frames as units.
class ByteLink {
 public:
  virtual ~ByteLink() = default;
  // Writes bytes; returns how many were accepted (a USB CDC with no host attached may drop them).
  virtual size_t write(const uint8_t* data, size_t len) = 0;
  // Returns the next received byte, or -1 when none is waiting. Must not block.
  virtual int read_byte() = 0;
};

enum class ScanStatus : uint8_t { Ok = 0, NoResponse, RfError, Antenna };

// One ISO 15693 reader position (a reader chip per antenna, or one chip behind an RF switch).
class TagReader {
 public:
  virtual ~TagReader() = default;
  // Runs one inventory on a channel; on Ok, out[0..*count) holds the UIDs seen (at most cap).
  virtual ScanStatus inventory(uint8_t channel, Uid* out, uint8_t cap, uint8_t* count) = 0;
};

}  // namespace fg
