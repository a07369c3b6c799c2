// Adapter from the core's TagReader to the table's readers as hardware.md wires them: three PN5180 on
// one SPI bus (own NSS and BUSY, shared RST), each behind an 8-way RF multiplexer with its own three
// select lines. Channel c is reader c / 8, multiplexer port c % 8 (kUseRfSwitch = true); with
// kUseRfSwitch = false each channel is a reader of its own (small test rigs: one PN5180 per antenna).
// Board-only (Arduino headers); the host build never sees this file, so it is built by PlatformIO only.
//
// The ISO 15693 inventory is the adapter's own: the ATrappmann PN5180 library (platformio.ini) reads one
// tag per call (getInventory) and has no multi-tag inventory. Its public direct commands are enough to
// run the standard's 16-slot anticollision (ISO/IEC 15693-3, "Inventory"; NXP PN5180 data sheet:
// transceive state, IRQ_STATUS, RX_STATUS, TX_CONFIG), which inventory16() below does:
//   INVENTORY with 16 slots and a mask; per slot: wait for the answer (or the slot's timeout), read
//   RX_STATUS (length, collision), read the UID of a clean answer, then end the slot with an EOF alone;
//   a slot that collided is searched again with its 4 bits appended to the mask (depth-first, up to the
//   60-bit mask the standard allows), until every tag has answered alone or the table is full.
#pragma once
#include <Arduino.h>
#include <PN5180.h>

#include "../core/hal.h"

namespace board {

// PN5180 registers and bits the inventory uses (PN5180 data sheet, "Register description").
constexpr uint8_t kSystemConfig = 0x00;
constexpr uint8_t kRxStatus = 0x13;
constexpr uint8_t kTxConfig = 0x18;
constexpr uint32_t kRxIrq = 1u << 0;
constexpr uint32_t kIdleIrq = 1u << 2;
constexpr uint32_t kRxCollision = 1u << 18;   // RX_STATUS: a collision was detected
constexpr uint32_t kRxLengthMask = 0x1FF;     // RX_STATUS: bytes received
constexpr uint32_t kTxEofOnly = 0xFFFFFB3F;   // TX_CONFIG and-mask: send no SOF and no data, only EOF
constexpr uint8_t kRfConfigTx = 0x0D;         // ISO 15693 ASK100, 26 kbit/s
constexpr uint8_t kRfConfigRx = 0x8D;
constexpr uint32_t kSlotTimeoutMs = 3;        // a slot with no answer ends well within this

}  // namespace board

template <uint8_t kReaders, uint8_t kPortsPerReader, bool kUseRfSwitch>
class Pn5180Reader : public fg::TagReader {
 public:
  static constexpr uint8_t kChannels = kUseRfSwitch ? kReaders * kPortsPerReader : kReaders;

  // chips: the readers, in reader order; select: per reader, the multiplexer's S0..S2 pins.
  Pn5180Reader(PN5180* chips[kReaders], const uint8_t select[kReaders][3]) {
    for (uint8_t r = 0; r < kReaders; ++r) {
      chips_[r] = chips[r];
      for (uint8_t b = 0; b < 3; ++b) select_[r][b] = select[r][b];
    }
  }

  void begin() {
    for (uint8_t r = 0; r < kReaders; ++r) {
      if (kUseRfSwitch) {
        for (uint8_t b = 0; b < 3; ++b) pinMode(select_[r][b], OUTPUT);
      }
      ok_[r] = start(r);
    }
  }

  fg::ScanStatus inventory(uint8_t channel, fg::Uid* out, uint8_t cap, uint8_t* count) override {
    if (channel >= kChannels) return fg::ScanStatus::Antenna;
    const uint8_t r = kUseRfSwitch ? channel / kPortsPerReader : channel;
    // A reader that failed gets a fresh start on every scan: hot-plugged or browned-out chips recover
    // without a board reset.
    if (!ok_[r] && !(ok_[r] = start(r))) return fg::ScanStatus::NoResponse;
    if (kUseRfSwitch) {
      const uint8_t port = channel % kPortsPerReader;
      for (uint8_t b = 0; b < 3; ++b) digitalWrite(select_[r][b], (port >> b) & 1 ? HIGH : LOW);
      delay(1);  // the multiplexer switches and the tags power up before the request (ISO 15693: >= 1 ms)
    }
    *count = 0;
    uint8_t mask[8] = {};
    // The slots' EOF-only frames change TX_CONFIG: each round's request puts the value saved at start() back
    // (read there, right after the RF configuration is loaded: read here it would be the last slot's).
    if (!inventory16(r, mask, 0, out, cap, count)) {
      ok_[r] = false;
      return fg::ScanStatus::RfError;
    }
    return fg::ScanStatus::Ok;
  }

  // A presence probe (PROTOCOL.md "Probes"): one INVENTORY request with Nb_slots_flag set (a single
  // slot, ISO/IEC 15693-3) and no mask, so every tag in the field answers at once. No answer within the
  // slot: Silent; a clean answer (no collision in RX_STATUS, the response flags' error bit clear, a full
  // UID): One; a collision or a garbled answer (two or more tags): Collision, and the caller inventories.
  fg::ScanStatus probe(uint8_t channel, fg::ProbeResult* result, fg::Uid* uid) override {
    if (channel >= kChannels) return fg::ScanStatus::Antenna;
    const uint8_t r = kUseRfSwitch ? channel / kPortsPerReader : channel;
    if (!ok_[r] && !(ok_[r] = start(r))) return fg::ScanStatus::NoResponse;
    if (kUseRfSwitch) {
      const uint8_t port = channel % kPortsPerReader;
      for (uint8_t b = 0; b < 3; ++b) digitalWrite(select_[r][b], (port >> b) & 1 ? HIGH : LOW);
      delay(1);  // as inventory(): the tags power up before the request
    }
    PN5180* c = chips_[r];
    const uint8_t request[3] = {0x26, 0x01, 0x00};  // flags: high data rate, inventory, 1 slot; no mask
    if (!c->writeRegister(board::kTxConfig, tx_config_[r]) || !arm(c) || !c->sendData(request, 3)) {
      ok_[r] = false;
      return fg::ScanStatus::RfError;
    }
    const uint32_t since = millis();
    uint32_t irq = 0;
    while (!((irq = c->getIRQStatus()) & (board::kRxIrq | board::kIdleIrq)) &&
           millis() - since < board::kSlotTimeoutMs) {
    }
    uint32_t status = 0;
    if (!c->readRegister(board::kRxStatus, &status)) {
      ok_[r] = false;
      return fg::ScanStatus::RfError;
    }
    const uint16_t len = status & board::kRxLengthMask;
    *result = fg::ProbeResult::Collision;
    if (!(irq & board::kRxIrq) && len == 0) {
      *result = fg::ProbeResult::Silent;
    } else if (!(status & board::kRxCollision) && (irq & board::kRxIrq) && len >= 10) {
      const uint8_t* a = c->readData(len);  // flags, DSFID, UID (LSB first)
      if (a != nullptr && (a[0] & 0x01) == 0) {
        for (uint8_t j = 0; j < 8; ++j) uid->b[j] = a[2 + 7 - j];  // protocol: MSB first
        *result = fg::ProbeResult::One;
      }
    }
    return fg::ScanStatus::Ok;
  }

 private:
  bool start(uint8_t r) {
    chips_[r]->begin();
    chips_[r]->reset();
    return chips_[r]->loadRFConfig(board::kRfConfigTx, board::kRfConfigRx) &&
           chips_[r]->readRegister(board::kTxConfig, &tx_config_[r]) && chips_[r]->setRF_on();
  }

  // Back to idle, then transceive: the next sendData() goes on air and the receiver waits.
  bool arm(PN5180* c) {
    return c->writeRegisterWithAndMask(board::kSystemConfig, 0xFFFFFFF8) &&
           c->writeRegisterWithOrMask(board::kSystemConfig, 0x00000003) && c->clearIRQStatus(0x000FFFFF);
  }

  // One 16-slot round under `mask` (mask_bits long, LSB first as on air), recursing into collided slots.
  bool inventory16(uint8_t r, const uint8_t* mask, uint8_t mask_bits, fg::Uid* out, uint8_t cap,
                   uint8_t* count) {
    PN5180* c = chips_[r];
    uint8_t request[3 + 8] = {0x06, 0x01, mask_bits};  // flags: high data rate, inventory, 16 slots
    const uint8_t mask_bytes = static_cast<uint8_t>((mask_bits + 7) / 8);
    for (uint8_t i = 0; i < mask_bytes; ++i) request[3 + i] = mask[i];
    if (!c->writeRegister(board::kTxConfig, tx_config_[r]) || !arm(c) || !c->sendData(request, 3 + mask_bytes))
      return false;
    uint16_t collided = 0;
    for (uint8_t slot = 0; slot < 16; ++slot) {
      const uint32_t since = millis();
      uint32_t irq = 0;
      while (!((irq = c->getIRQStatus()) & (board::kRxIrq | board::kIdleIrq)) &&
             millis() - since < board::kSlotTimeoutMs) {
      }
      uint32_t status = 0;
      if (!c->readRegister(board::kRxStatus, &status)) return false;
      const uint16_t len = status & board::kRxLengthMask;
      if (status & board::kRxCollision) {
        collided |= static_cast<uint16_t>(1u << slot);
      } else if ((irq & board::kRxIrq) && len >= 10 && *count < cap) {
        const uint8_t* a = c->readData(len);  // flags, DSFID, UID (LSB first)
        if (a != nullptr && (a[0] & 0x01) == 0) {
          for (uint8_t j = 0; j < 8; ++j) out[*count].b[j] = a[2 + 7 - j];  // protocol: MSB first
          ++*count;
        }
      }
      if (slot == 15) break;
      // End the slot: an EOF alone (no SOF, no data) tells the tags to move on to the next slot.
      if (!c->writeRegisterWithAndMask(board::kTxConfig, board::kTxEofOnly) || !arm(c) || !c->sendData(request, 0))
        return false;
    }
    // Each collided slot: the tags whose next 4 UID bits are the slot number, searched on their own.
    for (uint8_t slot = 0; slot < 16 && mask_bits + 4 <= 60 && *count < cap; ++slot) {
      if (!(collided & (1u << slot))) continue;
      uint8_t deeper[8] = {};
      for (uint8_t i = 0; i < mask_bytes; ++i) deeper[i] = mask[i];
      deeper[mask_bits / 8] |= static_cast<uint8_t>(slot << (mask_bits % 8));
      if (!inventory16(r, deeper, static_cast<uint8_t>(mask_bits + 4), out, cap, count)) return false;
    }
    return true;
  }

  PN5180* chips_[kReaders];
  uint8_t select_[kReaders][3];
  bool ok_[kReaders] = {};
  uint32_t tx_config_[kReaders] = {};
};
