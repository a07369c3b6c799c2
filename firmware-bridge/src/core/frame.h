// Frames on the wire: 0x00 | COBS(version | type | seq16 | body | crc16) | 0x00 (PROTOCOL.md, "Framing").
#pragma once
#include <stddef.h>
#include <stdint.h>

#include "protocol.h"

namespace fg {

// A decoded, CRC-checked frame. body points into the decoder's buffer: valid until the next push().
struct Frame {
  uint8_t type;
  uint16_t seq;
  const uint8_t* body;
  uint16_t body_len;
};

// Builds the wire form of a frame into out (cap >= kMaxWire is always enough). Returns its length, or 0
// if the body is too long.
size_t encode_frame(MsgType type, uint16_t seq, const uint8_t* body, size_t body_len, uint8_t* out, size_t cap);

// Counts of dropped input, by reason (the reasons of vectors/invalid.json).
struct DecodeCounters {
  uint32_t frames = 0;
  uint32_t crc = 0;
  uint32_t cobs = 0;
  uint32_t too_short = 0;
  uint32_t version = 0;
  uint32_t oversize = 0;
};

// Splits a byte stream on 0x00 and checks each frame. Fixed buffers; never fails, only counts.
class FrameDecoder {
 public:
  // Feeds one byte; returns true when it completed a valid frame (see frame()).
  bool push(uint8_t byte);
  const Frame& frame() const { return frame_; }
  // Why the last completed segment was dropped (None after a valid frame).
  FrameError last_error() const { return last_error_; }
  const DecodeCounters& counters() const { return counters_; }
  void reset();

 private:
  bool finish_segment();

  uint8_t enc_[kMaxEncoded];
  uint8_t raw_[kMaxEncoded];  // a decoded segment is never longer than the encoded one
  size_t len_ = 0;
  bool dropping_ = false;  // an oversize segment is skipped up to the next 0x00
  FrameError last_error_ = FrameError::None;
  Frame frame_{};
  DecodeCounters counters_{};
};

}  // namespace fg
