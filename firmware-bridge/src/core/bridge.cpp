#include "bridge.h"

#include "messages.h"

namespace fg {

Bridge::Bridge(Clock& clock, ByteLink& port, TagReader& reader)
    : clock_(clock), port_(port), link_(port), scheduler_(reader, 1) {}

void Bridge::begin(const BridgeConfig& config) {
  config_ = config;
  if (config_.channels == 0 || config_.channels > kMaxChannels) config_.channels = kMaxChannels;
  scheduler_.reset(config_.channels, config_.readers, config_.focus_share_pct, config_.probe_round_robin);
  presence_.clear();
  decoder_.reset();
  // Every channel once: an inventory of many tags may take several rounds, so count whole inventories.
  booting_ = true;
  for (uint8_t r = 0; r < scheduler_.readers(); ++r) {
    uint8_t done = 0;
    for (int turns = 0; done < scheduler_.per_reader() && turns < scheduler_.per_reader() * kMaxRounds; ++turns) {
      scan_once(r, false);
      if (!pending_[r].more) ++done;
    }
  }
  booting_ = false;
  start_session(config_.reason);
}

void Bridge::start_session(HelloReason reason) {
  ++sessions_;
  Hello hello{};
  for (int i = 0; i < 3; ++i) hello.fw[i] = config_.fw[i];
  for (int i = 0; i < 8; ++i) hello.board_id[i] = config_.board_id[i];
  hello.boot_counter = config_.boot_counter;
  hello.channels = config_.channels;
  hello.k = config_.k;
  hello.heartbeat_ms = config_.heartbeat_ms;
  hello.reason = reason;
  link_.start_session(hello);
  for (uint8_t ch = 0; ch < config_.channels; ++ch) {
    const ChannelTags& c = presence_.channel(ch);
    const size_t n = encode_snapshot(ch, scheduler_.faulted(ch), c.tags, c.count, body_);
    link_.send_sequenced(MsgType::Snapshot, body_, n);
  }
  send_heartbeat();
}

void Bridge::read_host() {
  // Bounded so a flood of host bytes cannot starve the scanner.
  for (int i = 0; i < 1024; ++i) {
    const int b = port_.read_byte();
    if (b < 0) break;
    if (decoder_.push(static_cast<uint8_t>(b))) handle_host_frame(decoder_.frame());
  }
}

void Bridge::heartbeat_if_due() {
  if (clock_.millis() - last_heartbeat_ >= config_.heartbeat_ms) send_heartbeat();
}

void Bridge::poll() {
  read_host();
  poll_local();
}

void Bridge::poll_local() {
  const uint32_t now = clock_.millis();
  if (now - last_scan_ >= config_.scan_interval_ms) {
    last_scan_ = now;
    scan_turn(true);
  }
  heartbeat_if_due();
}

void Bridge::handle_host_frame(const Frame& f) {
  HostMsg m{};
  if (!decode_host(f, &m)) return;  // device frames echoed back, unknown types: ignore
  host_seq_ = m.host_seq;
  switch (m.type) {
    case MsgType::Ack: link_.on_ack(m.seq_arg); break;
    case MsgType::ResendFrom:
      if (!link_.on_resend_from(m.seq_arg)) start_session(HelloReason::ResendImpossible);
      break;
    case MsgType::Sync: start_session(HelloReason::HostSync); break;
    case MsgType::SetConfig:
      if (m.k >= 1 && m.k <= kMaxK) config_.k = m.k;
      if (m.heartbeat_ms >= kMinHeartbeatMs && m.heartbeat_ms <= kMaxHeartbeatMs) {
        config_.heartbeat_ms = m.heartbeat_ms;
      }
      send_heartbeat();
      break;
    case MsgType::Ping: send_heartbeat(); break;
    case MsgType::Focus: scheduler_.set_focus(m.focus, m.focus_count); break;
    default: break;
  }
}

void Bridge::scan_turn(bool report) {
  for (uint8_t r = 0; r < scheduler_.readers(); ++r) scan_once(r, report);
}

void Bridge::scan_once(uint8_t reader, bool report) {
  begin_scan(reader);
  finish_scan(reader, report);
}

void Bridge::begin_scan(uint8_t r) {
  if (r >= kMaxReaders) return;
  started_[r] = clock_.millis();
  // The boot cycle runs plain inventories (no probes): it also times each channel's for the probes.
  pending_[r] = scheduler_.step(r, seen_[r], booting_ ? nullptr : &presence_);
}

void Bridge::end_scan(uint8_t r) {
  if (r < kMaxReaders) finish_scan(r, true);
}

void Bridge::finish_scan(uint8_t reader, bool report) {
  const ScanStep& s = pending_[reader];
  const Uid* seen = seen_[reader];
  uint8_t seen_n = s.n;
  scheduler_.charge(reader, clock_.millis() - started_[reader]);
  if (s.ok && !s.focus && (s.more || s.round > 0)) {
    // One round of an inventory over several: its tags have arrived now; misses wait for the last round,
    // which applies every round's tags together.
    uint8_t& acc_n = acc_n_[reader];
    if (s.round == 0) acc_n = 0;
    for (uint8_t i = 0; i < s.n && acc_n < kMaxTagsPerAntenna; ++i) acc_[reader][acc_n++] = seen[i];
    if (s.more) {
      presence_.apply_arrivals(s.channel, seen, s.n, &delta_);
      if (report && delta_.n_arrived > 0) {
        const size_t n = encode_tag_list(s.channel, delta_.arrived, delta_.n_arrived, body_);
        link_.send_sequenced(MsgType::TagArrived, body_, n);
      }
      return;
    }
    seen = acc_[reader];
    seen_n = acc_n;
  }
  if (!report) {
    // Boot cycle: fill the table quietly; the snapshots after HELLO carry it.
    if (s.ok) presence_.apply_scan(s.channel, seen, seen_n, config_.k, &delta_);
    return;
  }
  if (s.fault_raised) {
    const size_t n = encode_fault(s.channel, true, s.code, body_);
    link_.send_sequenced(MsgType::ReaderFault, body_, n);
  }
  if (!s.ok) return;  // a failed scan neither sees nor misses tags
  presence_.apply_scan(s.channel, seen, seen_n, config_.k, &delta_);
  if (s.fault_cleared) {
    // The reader was blind for a while: a full picture is clearer than a list of changes.
    size_t n = encode_fault(s.channel, false, s.code, body_);
    link_.send_sequenced(MsgType::ReaderFault, body_, n);
    const ChannelTags& c = presence_.channel(s.channel);
    n = encode_snapshot(s.channel, false, c.tags, c.count, body_);
    link_.send_sequenced(MsgType::Snapshot, body_, n);
    return;
  }
  if (delta_.n_departed > 0) {
    const size_t n = encode_tag_list(s.channel, delta_.departed, delta_.n_departed, body_);
    link_.send_sequenced(MsgType::TagDeparted, body_, n);
  }
  if (delta_.n_arrived > 0) {
    const size_t n = encode_tag_list(s.channel, delta_.arrived, delta_.n_arrived, body_);
    link_.send_sequenced(MsgType::TagArrived, body_, n);
  }
}

void Bridge::send_heartbeat() {
  last_heartbeat_ = clock_.millis();
  link_.send_heartbeat(Heartbeat{last_heartbeat_, host_seq_, config_.k, config_.heartbeat_ms});
}

}  // namespace fg
