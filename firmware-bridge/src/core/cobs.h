// Consistent Overhead Byte Stuffing: removes every 0x00 so that 0x00 can delimit frames.
#pragma once
#include <stddef.h>
#include <stdint.h>

namespace fg {

// Worst-case encoded size of n bytes.
constexpr size_t cobs_max_encoded(size_t n) { return n + n / 254 + 1; }

// Encodes n bytes into out (no delimiter). Returns the encoded length, or 0 if out is too small.
size_t cobs_encode(const uint8_t* in, size_t n, uint8_t* out, size_t cap);

// Decodes n bytes (no delimiter) into out. Returns false on a malformed input or a too small out.
bool cobs_decode(const uint8_t* in, size_t n, uint8_t* out, size_t cap, size_t* out_len);

}  // namespace fg
