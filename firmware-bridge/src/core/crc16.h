// CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final xor (check "123456789" = 0x29B1).
#pragma once
#include <stddef.h>
#include <stdint.h>

namespace fg {

// Continues a CRC over more bytes; start with crc = 0xFFFF.
uint16_t crc16_update(uint16_t crc, const uint8_t* data, size_t len);

// CRC of one buffer.
inline uint16_t crc16(const uint8_t* data, size_t len) { return crc16_update(0xFFFF, data, len); }

}  // namespace fg
