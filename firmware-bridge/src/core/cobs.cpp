#include "cobs.h"

namespace fg {

size_t cobs_encode(const uint8_t* in, size_t n, uint8_t* out, size_t cap) {
  if (cap < cobs_max_encoded(n)) return 0;
  size_t code_at = 0;  // where the code byte of the current block goes
  size_t o = 1;
  uint8_t code = 1;
  for (size_t i = 0; i < n; ++i) {
    if (in[i] == 0) {
      out[code_at] = code;
      code_at = o++;
      code = 1;
      continue;
    }
    out[o++] = in[i];
    if (++code == 0xFF) {
      // A full block of 254 data bytes carries no implied zero.
      out[code_at] = code;
      code_at = o++;
      code = 1;
    }
  }
  out[code_at] = code;
  return o;
}

bool cobs_decode(const uint8_t* in, size_t n, uint8_t* out, size_t cap, size_t* out_len) {
  size_t i = 0;
  size_t o = 0;
  while (i < n) {
    const uint8_t code = in[i];
    if (code == 0 || i + code > n) return false;
    ++i;
    for (uint8_t k = 1; k < code; ++k) {
      if (in[i] == 0 || o >= cap) return false;
      out[o++] = in[i++];
    }
    // Every block but a full one and the last implies a zero after it.
    if (code != 0xFF && i < n) {
      if (o >= cap) return false;
      out[o++] = 0;
    }
  }
  *out_len = o;
  return true;
}

}  // namespace fg
