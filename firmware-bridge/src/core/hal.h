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

// What a presence probe heard (TagReader::probe).
enum class ProbeResult : uint8_t {
  Silent = 0,  // no tag answered: no tag in the field
  One,         // exactly one tag answered, cleanly: its UID
  Collision,   // two or more answered at once (or the answer was garbled): a full inventory must tell
};

// One ISO 15693 reader position (a reader chip per antenna, or one chip behind an RF switch).
class TagReader {
 public:
  virtual ~TagReader() = default;
  // Runs one inventory on a channel; on Ok, out[0..*count) holds the UIDs seen (at most cap).
  virtual ScanStatus inventory(uint8_t channel, Uid* out, uint8_t cap, uint8_t* count) = 0;
  // One anticollision round of an inventory (ISO/IEC 15693-3: one Inventory request of 16 slots; the
  // slots where tags collided are searched again in further rounds with a longer mask). round 0 starts
  // the channel's inventory; *more says whether another round is needed to finish it. Between two rounds
  // the reader may scan other channels (the scheduler puts a focus turn there), so one antenna with many
  // tags does not hold the reader for its whole inventory. The default is the whole inventory in one.
  virtual ScanStatus inventory_round(uint8_t channel, uint8_t round, Uid* out, uint8_t cap, uint8_t* count,
                                     bool* more) {
    *more = false;
    if (round == 0) return inventory(channel, out, cap, count);
    *count = 0;
    return ScanStatus::Ok;
  }
  // A presence probe: one Inventory request with a single slot (ISO/IEC 15693-3: Nb_slots_flag = 1,
  // mask length 0), so every tag in the field that is in the ready state answers in that one slot. No
  // answer within the slot: no tag (Silent). One clean answer (CRC right, no collision flagged in the
  // PN5180's RX_STATUS): exactly one tag, and its UID (One). Two or more tags answer at the same time,
  // and since their UIDs differ their Manchester-coded answers collide: the PN5180 flags the collision
  // (RX_STATUS) or the CRC fails (Collision). It costs the request and one slot (PROTOCOL.md, "Probes")
  // instead of sixteen. The default, for a reader without one, says Collision without scanning, so the
  // caller runs the inventory it would have run anyway.
  virtual ScanStatus probe(uint8_t channel, ProbeResult* result, Uid* uid) {
    (void)channel;
    (void)uid;
    *result = ProbeResult::Collision;
    return ScanStatus::Ok;
  }
};

}  // namespace fg
