// The bridge firmware minus the hardware: reads host frames, scans the readers, applies the presence
// rule and reports over the link. The board sketch and the emulator both run exactly this.
#pragma once
#include <stdint.h>

#include "frame.h"
#include "hal.h"
#include "link.h"
#include "presence.h"
#include "scheduler.h"

namespace fg {

struct BridgeConfig {
  uint8_t channels = 8;
  uint8_t fw[3] = {1, 0, 0};
  uint8_t board_id[8] = {};
  uint32_t boot_counter = 0;
  HelloReason reason = HelloReason::PowerOn;
  uint8_t k = kDefaultK;
  uint16_t heartbeat_ms = kDefaultHeartbeatMs;
  uint16_t scan_interval_ms = 0;  // least time between two scan turns; 0 = back to back
  uint8_t readers = 1;            // reader chips scanning in parallel, each behind an RF switch
  uint8_t focus_share_pct = kFocusSharePct;  // focus time against round-robin time (scheduler.h)
  bool probe_round_robin = false;  // round-robin turns probe channels known to hold <= 1 tag (scheduler.h)
};

class Bridge {
 public:
  Bridge(Clock& clock, ByteLink& port, TagReader& reader);

  // Boots: one full scan cycle (tags already on the felt go into the snapshots), then HELLO + snapshots.
  void begin(const BridgeConfig& config);
  // One turn of the main loop: host bytes, at most one scan turn, a heartbeat when due. Never blocks.
  void poll();
  // A scan in two halves, for a driver that lets each reader's inventory take its own time (the
  // emulator's inventory time model; readers are independent chips, none waits for another):
  // begin_scan runs reader r's next inventory (it sees the felt now), end_scan applies it when it has
  // ended (presence, frames, the focus's time budget). poll() does both at once for every reader.
  void begin_scan(uint8_t r);
  void end_scan(uint8_t r);
  // What reader r's last begin_scan scanned.
  const ScanStep& pending(uint8_t r) const { return pending_[r]; }
  uint8_t readers() const { return scheduler_.readers(); }
  // The heartbeat when due (the scans driven by begin_scan/end_scan).
  void heartbeat_if_due();
  // poll() without reading the host's bytes: a driver that applies them at moments of its own choosing
  // (the emulator's virtual clock reads them when the host lets time pass, so a FOCUS takes effect at a
  // virtual moment that does not depend on how fast either process runs).
  void poll_local();
  // Reads and applies the host's bytes waiting on the link (poll() does this first).
  void read_host();

  const DecodeCounters& rx_counters() const { return decoder_.counters(); }
  const DeviceLink& link() const { return link_; }
  const Presence& presence() const { return presence_; }
  uint8_t k() const { return config_.k; }
  uint16_t heartbeat_ms() const { return config_.heartbeat_ms; }
  uint32_t sessions() const { return sessions_; }

 private:
  void start_session(HelloReason reason);
  void handle_host_frame(const Frame& f);
  // One turn: each reader chip scans one channel.
  void scan_turn(bool report);
  void scan_once(uint8_t reader, bool report);
  void finish_scan(uint8_t reader, bool report);
  void send_heartbeat();

  Clock& clock_;
  ByteLink& port_;
  DeviceLink link_;
  ScanScheduler scheduler_;
  Presence presence_;
  FrameDecoder decoder_;
  BridgeConfig config_{};
  Uid seen_[kMaxReaders][kMaxTagsPerAntenna];
  ScanStep pending_[kMaxReaders]{};
  Uid acc_[kMaxReaders][kMaxTagsPerAntenna];  // the rounds so far of each reader's inventory under way
  uint8_t acc_n_[kMaxReaders]{};
  uint32_t started_[kMaxReaders]{};
  ScanDelta delta_{};
  uint8_t body_[kMaxBody];
  uint16_t host_seq_ = 0;
  uint32_t last_heartbeat_ = 0;
  uint32_t last_scan_ = 0;
  uint32_t sessions_ = 0;
  bool booting_ = false;  // begin()'s boot cycle: plain inventories only
};

}  // namespace fg
