// Feltguard bridge, RP2040 (Earle Philhower's arduino-pico core). Wires the host-tested core
// (../core) to USB CDC, millis() and the readers as hardware.md wires them: three PN5180 on one SPI bus,
// each behind an 8-way RF multiplexer, 24 channels (channel c = reader c / 8, multiplexer port c % 8).
// Build with PlatformIO (firmware-bridge/platformio.ini) or copy src/core and src/board into one Arduino
// sketch folder. `make` does not build this file (no Arduino headers on the host); `make cross` builds
// the core for the same CPU.
#include <Arduino.h>
#include <EEPROM.h>
#include <PN5180.h>
#include <SPI.h>
#include <hardware/watchdog.h>
#include <pico/unique_id.h>

#include "../core/bridge.h"
#include "pn5180_reader.h"

namespace {

// hardware.md, "RFID bridge": the RF-switch build. false: one PN5180 per antenna (kReaders channels).
constexpr bool kUseRfSwitch = true;
constexpr uint8_t kReaders = 3;
constexpr uint8_t kPortsPerReader = 8;
using Readers = Pn5180Reader<kReaders, kPortsPerReader, kUseRfSwitch>;
constexpr uint8_t kChannels = Readers::kChannels;  // 24: the configuration's antenna map

// SPI0 on GP16 (MISO), GP18 (SCK), GP19 (MOSI); per reader NSS and BUSY; RST shared (hardware.md).
constexpr uint8_t kSpiMiso = 16, kSpiSck = 18, kSpiMosi = 19;
constexpr uint8_t kNss[kReaders] = {17, 15, 14};
constexpr uint8_t kBusy[kReaders] = {13, 12, 11};
constexpr uint8_t kRst = 10;
// Each multiplexer's select lines S0..S2: separate per reader, so the readers scan different ports at
// once (the scheduler's focus turns pick each reader's channel on its own).
constexpr uint8_t kSelect[kReaders][3] = {{2, 3, 4}, {5, 6, 7}, {8, 9, 20}};

class MillisClock : public fg::Clock {
 public:
  uint32_t millis() override { return ::millis(); }
};

// USB CDC. write() gets one whole frame; when no host has the port open the bytes are dropped rather
// than blocking the scan loop (the host re-syncs with SYNC when it comes back).
class UsbLink : public fg::ByteLink {
 public:
  size_t write(const uint8_t* data, size_t len) override {
    if (!Serial || Serial.availableForWrite() < static_cast<int>(len)) return 0;
    return Serial.write(data, len);
  }
  int read_byte() override { return Serial.available() > 0 ? Serial.read() : -1; }
};

PN5180* g_chips[kReaders];
MillisClock g_clock;
UsbLink g_link;
Readers* g_reader;
fg::Bridge* g_bridge;

// The boot counter lives in emulated EEPROM (flash) so the host can tell a reset from a re-sync.
uint32_t next_boot_counter() {
  EEPROM.begin(16);
  uint32_t n = 0;
  EEPROM.get(0, n);
  if (n == 0xFFFFFFFFu) n = 0;  // erased flash
  ++n;
  EEPROM.put(0, n);
  EEPROM.commit();
  return n;
}

}  // namespace

void setup() {
  Serial.begin(115200);  // USB CDC: the rate is ignored
  SPI.setRX(kSpiMiso);
  SPI.setSCK(kSpiSck);
  SPI.setTX(kSpiMosi);
  // Allocated once at boot and never freed; the core itself uses no heap. The readers share RST: the
  // library pulses it per chip, which resets all three together at boot.
  for (uint8_t r = 0; r < kReaders; ++r) g_chips[r] = new PN5180(kNss[r], kBusy[r], kRst);
  g_reader = new Readers(g_chips, kSelect);
  g_reader->begin();
  g_bridge = new fg::Bridge(g_clock, g_link, *g_reader);

  fg::BridgeConfig config;
  config.channels = kChannels;
  config.readers = kUseRfSwitch ? kReaders : 1;
  config.fw[0] = 2;  // protocol version 2 (FOCUS)
  pico_unique_board_id_t id;
  pico_get_unique_board_id(&id);
  for (int i = 0; i < 8; ++i) config.board_id[i] = id.id[i];
  config.boot_counter = next_boot_counter();
  config.reason = watchdog_caused_reboot() ? fg::HelloReason::Reset : fg::HelloReason::PowerOn;
  g_bridge->begin(config);
  rp2040.wdt_begin(2000);  // a hung SPI transaction reboots the board; the host sees HELLO reason 1
}

void loop() {
  g_bridge->poll();
  rp2040.wdt_reset();
}
