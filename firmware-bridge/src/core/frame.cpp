#include "frame.h"

#include "cobs.h"
#include "crc16.h"

namespace fg {

size_t encode_frame(MsgType type, uint16_t seq, const uint8_t* body, size_t body_len, uint8_t* out, size_t cap) {
  if (body_len > kMaxBody || cap < cobs_max_encoded(body_len + kMinFrame) + 2) return 0;
  uint8_t raw[kMaxFrame];
  raw[0] = kProtocolVersion;
  raw[1] = static_cast<uint8_t>(type);
  raw[2] = static_cast<uint8_t>(seq >> 8);
  raw[3] = static_cast<uint8_t>(seq);
  for (size_t i = 0; i < body_len; ++i) raw[kHeaderSize + i] = body[i];
  const size_t n = kHeaderSize + body_len;
  const uint16_t crc = crc16(raw, n);
  raw[n] = static_cast<uint8_t>(crc >> 8);
  raw[n + 1] = static_cast<uint8_t>(crc);
  // Leading delimiter too: noise before this frame then ends in its own segment (PROTOCOL.md).
  out[0] = 0;
  const size_t enc = cobs_encode(raw, n + kCrcSize, out + 1, cap - 2);
  out[1 + enc] = 0;
  return enc + 2;
}

void FrameDecoder::reset() {
  len_ = 0;
  dropping_ = false;
  last_error_ = FrameError::None;
}

bool FrameDecoder::push(uint8_t byte) {
  if (byte != 0) {
    if (dropping_) return false;
    if (len_ == kMaxEncoded) {
      ++counters_.oversize;
      last_error_ = FrameError::Oversize;
      dropping_ = true;
      len_ = 0;
      return false;
    }
    enc_[len_++] = byte;
    return false;
  }
  dropping_ = false;
  if (len_ == 0) return false;  // an empty segment between two delimiters is normal
  const bool ok = finish_segment();
  len_ = 0;
  return ok;
}

bool FrameDecoder::finish_segment() {
  size_t n = 0;
  if (!cobs_decode(enc_, len_, raw_, sizeof raw_, &n)) {
    ++counters_.cobs;
    last_error_ = FrameError::Cobs;
    return false;
  }
  if (n < kMinFrame) {
    ++counters_.too_short;
    last_error_ = FrameError::Short;
    return false;
  }
  const uint16_t want = static_cast<uint16_t>((raw_[n - 2] << 8) | raw_[n - 1]);
  if (crc16(raw_, n - kCrcSize) != want) {
    ++counters_.crc;
    last_error_ = FrameError::Crc;
    return false;
  }
  if (raw_[0] != kProtocolVersion) {
    ++counters_.version;
    last_error_ = FrameError::Version;
    return false;
  }
  frame_.type = raw_[1];
  frame_.seq = static_cast<uint16_t>((raw_[2] << 8) | raw_[3]);
  frame_.body = raw_ + kHeaderSize;
  frame_.body_len = static_cast<uint16_t>(n - kMinFrame);
  ++counters_.frames;
  last_error_ = FrameError::None;
  return true;
}

}  // namespace fg
