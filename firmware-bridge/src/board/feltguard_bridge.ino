// Feltguard bridge, RP2040 (Earle Philhower's arduino-pico core). Wires the host-tested core
// (../core) to USB CDC, millis() and PN5180 readers. Build with PlatformIO (firmware-bridge/platformio.ini)
// or copy src/core and src/board into one Arduino sketch folder. This file is not compiled by `make`.
#include <Arduino.h>
#include <EEPROM.h>
#include <PN5180ISO15693.h>  // a PN5180 library with a 16-slot inventory, see pn5180_reader.h
#include <hardware/watchdog.h>
#include <pico/unique_id.h>

#include "../core/bridge.h"
#include "pn5180_reader.h"

namespace {

constexpr uint8_t kChannels = 8;
// NSS, BUSY, RST per antenna (one PN5180 each); adjust to the carrier board.
const uint8_t kPins[kChannels][3] = {{17, 16, 15}, {14, 13, 12}, {11, 10, 9}, {8, 7, 6},
                                     {5, 4, 3},    {2, 1, 0},    {22, 21, 20}, {28, 27, 26}};

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

PN5180ISO15693* g_chips[kChannels];
MillisClock g_clock;
UsbLink g_link;
Pn5180Reader<PN5180ISO15693, kChannels>* g_reader;
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
  for (uint8_t i = 0; i < kChannels; ++i) g_chips[i] = new PN5180ISO15693(kPins[i][0], kPins[i][1], kPins[i][2]);
  // Allocated once at boot and never freed; the core itself uses no heap.
  g_reader = new Pn5180Reader<PN5180ISO15693, kChannels>(g_chips);
  g_reader->begin();
  g_bridge = new fg::Bridge(g_clock, g_link, *g_reader);

  fg::BridgeConfig config;
  config.channels = kChannels;
  config.fw[0] = 1;
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
