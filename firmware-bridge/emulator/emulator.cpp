// The bridge emulator: the firmware core (src/core) on the host, scanning a scripted felt (world.h)
// and speaking the protocol on a pseudo-terminal (pty_link.h). Usage:
//   emulator --link /tmp/feltguard-bridge --script hand.txt [--channels 8] [--k 3] [--heartbeat 250]
//            [--scan-ms 5] [--tick-us 1000] [--wait-host] [--trace FILE] [--verbose]
// It prints "READY <link> <slave>" when the port exists, "UNPLUGGED" / "REPLUGGED <slave>" around an
// unplug, and "END" before exiting. --wait-host keeps the board unpowered (and the script clock stopped)
// until the host sends its first valid frame, so a test does not race the emulator's start. --trace FILE
// logs "<monotonic µs> start" when the script clock starts and a line per frame written (pty_link.h).
// --tick-us is the main loop's sleep; with --scan-ms 0 one channel is scanned per tick, so a shorter
// tick speeds the whole felt up (the latency benchmark plays hands faster than real time).
// --virtual-clock: the emulator's clock moves only when the host says so, on standard input, with lines
// "run <ms>" (advance to that script time, then write a done mark). Every millisecond is stepped: the
// script's commands due, then one turn of the firmware's loop. The host's frames on the pty are read
// when a run line arrives (the host writes them first), never in the middle of a run. Frames carry their time in band (time
// marks, pty_link.h), so the host stamps each report with the moment the board made it, however slowly
// either process runs: a loaded machine changes how long a run takes, never what it reports.
// --inventory-ms BASE,PER_TAG (virtual clock): each reader chip's inventory takes BASE + PER_TAG x tags
// in its field; the readers are independent (each starts its next inventory when its last one ends).
// --scan-log FILE (with --inventory-ms): a line per inventory, "<start ms> <end ms> <reader> <channel>
// <f|r>[p] <tags>" (f: a focus turn, r: round-robin; p: a 1-slot probe stood for the inventory), so a
// benchmark can say what a tag waited behind.
// --probe-round-robin: round-robin turns probe channels known to hold at most one tag (scheduler.h).
// --focus-share PCT: the focus's time against round-robin time (default scheduler.h's kFocusSharePct),
// for the benchmark's trade-off between expected and unexpected tags.
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "../src/core/bridge.h"
#include "pty_link.h"
#include "script.h"
#include "world.h"

namespace {

volatile sig_atomic_t g_stop = 0;

// Real milliseconds since start, or (virtual) the milliseconds the host has let pass.
struct EmulatorClock : fg::Clock {
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  bool is_virtual = false;
  uint32_t virtual_ms = 0;
  uint32_t millis() override {
    if (is_virtual) return virtual_ms;
    return static_cast<uint32_t>(
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count());
  }
};

struct Options {
  std::string link = "/tmp/feltguard-bridge";
  std::string script;
  fg::BridgeConfig config;
  bool wait_host = false;
  bool verbose = false;
  bool virtual_clock = false;
  double base_ms = 0;  // --inventory-ms: the inventory time model (virtual clock only)
  double per_tag_ms = 0;
  std::string trace;
  std::string scan_log;
  useconds_t tick_us = 1000;
};

Options parse_args(int argc, char** argv) {
  Options o;
  o.config.scan_interval_ms = 5;  // a PN5180 inventory takes a few ms; keeps the emulator off the CPU
  o.config.fw[0] = 1;
  const uint8_t id[8] = {0xE6, 0x60, 0x38, 0xB7, 0x13, 0x4F, 0x2A, 0x2C};
  std::memcpy(o.config.board_id, id, 8);
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error("missing value after " + a);
      return argv[++i];
    };
    if (a == "--link") o.link = next();
    else if (a == "--script") o.script = next();
    else if (a == "--channels") o.config.channels = static_cast<uint8_t>(std::stoi(next()));
    else if (a == "--k") o.config.k = static_cast<uint8_t>(std::stoi(next()));
    else if (a == "--heartbeat") o.config.heartbeat_ms = static_cast<uint16_t>(std::stoi(next()));
    else if (a == "--scan-ms") o.config.scan_interval_ms = static_cast<uint16_t>(std::stoi(next()));
    else if (a == "--wait-host") o.wait_host = true;
    else if (a == "--trace") o.trace = next();
    else if (a == "--tick-us") o.tick_us = static_cast<useconds_t>(std::stoi(next()));
    else if (a == "--verbose") o.verbose = true;
    else if (a == "--virtual-clock") o.virtual_clock = true;
    else if (a == "--scan-log") o.scan_log = next();
    else if (a == "--focus-share") o.config.focus_share_pct = static_cast<uint8_t>(std::stoi(next()));
    else if (a == "--probe-round-robin") o.config.probe_round_robin = true;
    else if (a == "--readers") o.config.readers = static_cast<uint8_t>(std::stoi(next()));
    else if (a == "--inventory-ms") {
      const std::string v = next();
      const auto comma = v.find(',');
      if (comma == std::string::npos) throw std::runtime_error("--inventory-ms takes BASE,PER_TAG");
      o.base_ms = std::stod(v.substr(0, comma));
      o.per_tag_ms = std::stod(v.substr(comma + 1));
    }
    else throw std::runtime_error("unknown option " + a);
  }
  if (o.script.empty()) throw std::runtime_error("--script is required");
  // One turn of the loop per virtual millisecond: a scan every turn would need --scan-ms 1 at least.
  if (o.virtual_clock && o.config.scan_interval_ms == 0) throw std::runtime_error("--virtual-clock needs --scan-ms >= 1");
  if (o.base_ms > 0 && !o.virtual_clock) throw std::runtime_error("--inventory-ms needs --virtual-clock");
  return o;
}

void say(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
}

class Emulator {
 public:
  Emulator(Options o) : opt_(std::move(o)), port_(opt_.link), bridge_(clock_, port_, world_) {
    clock_.is_virtual = opt_.virtual_clock;
    world_.base_ms = opt_.base_ms;
    world_.per_tag_ms = opt_.per_tag_ms;
    if (opt_.virtual_clock) port_.virtual_now = &clock_.virtual_ms;
  }

  int run(const std::vector<Command>& script) {
    if (opt_.virtual_clock) return run_virtual(script);
    if (!opt_.trace.empty()) {
      port_.trace = std::fopen(opt_.trace.c_str(), "w");
      if (port_.trace == nullptr) throw std::runtime_error("cannot write " + opt_.trace);
    }
    const std::string slave = port_.plug();
    if (slave.empty()) return 1;
    say("READY " + opt_.link + " " + slave);
    if (!opt_.wait_host) power_on(fg::HelloReason::PowerOn);
    size_t next = 0;
    while (!g_stop) {
      if (!powered_ && port_.plugged() && opt_.wait_host && host_spoke()) power_on(fg::HelloReason::PowerOn);
      if (!port_.plugged() && clock_.millis() >= replug_at_) {
        say("REPLUGGED " + port_.plug());
        power_on(fg::HelloReason::PowerOn);
      }
      while (started_ && next < script.size() && clock_.millis() - script_start_ >= script[next].t) {
        if (!apply(script[next++])) {
          if (port_.trace != nullptr) std::fclose(port_.trace);
          port_.trace = nullptr;
          say("END");
          return 0;
        }
      }
      if (powered_ && port_.plugged()) bridge_.poll();
      usleep(opt_.tick_us);
    }
    if (port_.trace != nullptr) std::fclose(port_.trace);
    port_.trace = nullptr;
    return 0;
  }

 private:
  // The virtual clock's loop: step every millisecond up to the host's target, then wait for the next one.
  int run_virtual(const std::vector<Command>& script) {
    if (!open_trace()) return 1;
    const std::string slave = port_.plug();
    if (slave.empty()) return 1;
    say("READY " + opt_.link + " " + slave);
    if (!opt_.wait_host) power_on(fg::HelloReason::PowerOn);
    fcntl(0, F_SETFL, fcntl(0, F_GETFL) | O_NONBLOCK);
    size_t next = 0;
    uint32_t target = 0;
    bool reached = true;  // the done mark for target is written
    std::string input;
    while (!g_stop) {
      if (!powered_ && port_.plugged() && opt_.wait_host && host_spoke()) power_on(fg::HelloReason::PowerOn);
      if (clock_.virtual_ms < target) {
        ++clock_.virtual_ms;
        if (!port_.plugged() && clock_.millis() >= replug_at_) {
          say("REPLUGGED " + port_.plug());
          power_on(fg::HelloReason::PowerOn);
        }
        if (!run_due(script, next)) return end();
        if (powered_ && port_.plugged()) {
          if (opt_.base_ms > 0) step_readers();
          else bridge_.poll_local();
        }
        continue;
      }
      if (!reached) {
        if (scan_log_ != nullptr) std::fflush(scan_log_);  // readable up to the target, as the frames are
        port_.mark_reached(target);
        reached = true;
      }
      // Waiting for the host: its next line, or (unpowered) its first frame on the pty.
      pollfd in{0, POLLIN, 0};
      poll(&in, 1, powered_ ? 50 : 2);
      char buf[256];
      const ssize_t n = read(0, buf, sizeof buf);
      if (n == 0) return end();  // the host closed our input: it is done
      if (n > 0) input.append(buf, static_cast<size_t>(n));
      for (size_t eol = input.find('\n'); eol != std::string::npos; eol = input.find('\n')) {
        const std::string line = input.substr(0, eol);
        input.erase(0, eol + 1);
        if (line.rfind("run ", 0) != 0) throw std::runtime_error("unknown host command: " + line);
        const uint32_t to = static_cast<uint32_t>(std::stoul(line.substr(4)));
        if (to > target) target = to;
        reached = false;  // a target already passed is answered at once
        // The host's frames (ACK, FOCUS...) take effect now, at the virtual moment the host let time
        // pass from: it writes them before the run line, so what the board does next never depends on
        // how fast the host wrote them.
        if (powered_ && port_.plugged()) bridge_.read_host();
      }
    }
    return end();
  }

  // The inventory time model: each reader chip runs its own inventories, one after another. An
  // inventory sees the felt as it starts; its reports leave the board when it ends.
  void step_readers() {
    bridge_.heartbeat_if_due();
    const uint32_t now = clock_.virtual_ms;
    for (uint8_t r = 0; r < bridge_.readers() && r < fg::kMaxReaders; ++r) {
      if (busy_[r] && now >= ends_[r]) {
        bridge_.end_scan(r);
        busy_[r] = false;
        if (scan_log_ != nullptr) {
          const fg::ScanStep& s = bridge_.pending(r);
          std::fprintf(scan_log_, "%u %u %u %u %c%s %u\n", begins_[r], ends_[r], r, s.channel, s.focus ? 'f' : 'r',
                       s.probed ? "p" : "", static_cast<unsigned>(s.n));
        }
      }
      if (!busy_[r]) {
        world_.begin_turn();
        bridge_.begin_scan(r);
        const uint32_t took = world_.turn_ms();
        begins_[r] = now;
        ends_[r] = now + (took > 0 ? took : 1);
        busy_[r] = true;
      }
    }
  }

  // Applies the script's commands due now; false once "end" has run.
  bool run_due(const std::vector<Command>& script, size_t& next) {
    while (started_ && next < script.size() && clock_.millis() - script_start_ >= script[next].t) {
      if (!apply(script[next++])) return false;
    }
    return true;
  }

  bool open_trace() {
    if (!opt_.scan_log.empty()) {
      scan_log_ = std::fopen(opt_.scan_log.c_str(), "w");
      if (scan_log_ == nullptr) std::fprintf(stderr, "emulator: cannot write %s\n", opt_.scan_log.c_str());
      if (scan_log_ == nullptr) return false;
    }
    if (opt_.trace.empty()) return true;
    port_.trace = std::fopen(opt_.trace.c_str(), "w");
    if (port_.trace == nullptr) std::fprintf(stderr, "emulator: cannot write %s\n", opt_.trace.c_str());
    return port_.trace != nullptr;
  }

  int end() {
    if (scan_log_ != nullptr) std::fclose(scan_log_);
    scan_log_ = nullptr;
    if (port_.trace != nullptr) std::fclose(port_.trace);
    port_.trace = nullptr;
    say("END");
    return 0;
  }

  void power_on(fg::HelloReason reason) {
    opt_.config.reason = reason;
    ++opt_.config.boot_counter;  // the board keeps it in flash
    bridge_.begin(opt_.config);
    for (bool& b : busy_) b = false;  // a reboot abandons the inventories under way
    powered_ = true;
    if (!started_) {
      started_ = true;
      script_start_ = clock_.millis();
      if (port_.trace != nullptr) {
        std::fprintf(port_.trace, "%lld start\n", monotonic_us());
        std::fflush(port_.trace);  // the host waits for this line to start its own schedule
      }
    }
  }

  // Before power-on, the bytes the host sends only tell us that it is there.
  bool host_spoke() {
    for (int b = port_.read_byte(); b >= 0; b = port_.read_byte()) {
      if (waiting_decoder_.push(static_cast<uint8_t>(b))) return true;
    }
    return false;
  }

  uint8_t channel(const std::string& s) const {
    const int ch = std::stoi(s);
    if (ch < 0 || ch >= opt_.config.channels) throw std::runtime_error("channel out of range: " + s);
    return static_cast<uint8_t>(ch);
  }

  fg::Uid uid(const std::string& s) const {
    fg::Uid u{};
    if (!World::parse_uid(s, &u)) throw std::runtime_error("bad uid: " + s);
    return u;
  }

  // Applies one script command; false on "end".
  bool apply(const Command& c) {
    if (opt_.verbose) std::fprintf(stderr, "emulator: t=%u %s\n", c.t, c.op.c_str());
    const auto& a = c.args;
    if (c.op == "place" || c.op == "remove") {
      for (size_t i = 1; i < a.size(); ++i) {
        if (c.op == "place") world_.place(channel(a.at(0)), uid(a[i]));
        else world_.remove(channel(a.at(0)), uid(a[i]));
      }
    } else if (c.op == "move") {
      for (size_t i = 2; i < a.size(); ++i) {
        world_.remove(channel(a.at(0)), uid(a[i]));
        world_.place(channel(a.at(1)), uid(a[i]));
      }
    } else if (c.op == "clear") {
      world_.clear(channel(a.at(0)));
    } else if (c.op == "flicker") {
      world_.flicker(channel(a.at(0)), uid(a.at(1)), std::stoi(a.at(2)));
    } else if (c.op == "fault" || c.op == "recover") {
      world_.set_failing(channel(a.at(0)), c.op == "fault");
    } else if (c.op == "drop") {
      port_.drop_next += a.empty() ? 1 : std::stoi(a[0]);
    } else if (c.op == "corrupt") {
      port_.corrupt_next += a.empty() ? 1 : std::stoi(a[0]);
    } else if (c.op == "garbage") {
      port_.write_garbage(a.empty() ? 16 : std::stoi(a[0]));
    } else if (c.op == "reset") {
      if (powered_ && port_.plugged()) power_on(fg::HelloReason::Reset);
    } else if (c.op == "unplug") {
      port_.unplug();
      powered_ = false;  // the board is powered by the USB cable
      replug_at_ = clock_.millis() + static_cast<uint32_t>(a.empty() ? 1000 : std::stoi(a[0]));
      say("UNPLUGGED");
    } else if (c.op == "end") {
      return false;
    }
    return true;
  }

  Options opt_;
  EmulatorClock clock_;
  PtyLink port_;
  World world_;
  fg::Bridge bridge_;
  fg::FrameDecoder waiting_decoder_;
  bool powered_ = false;
  bool started_ = false;
  uint32_t script_start_ = 0;
  uint32_t replug_at_ = 0;
  // The inventory time model: each reader's inventory under way, from begins_ to ends_ (virtual ms).
  bool busy_[fg::kMaxReaders]{};
  uint32_t begins_[fg::kMaxReaders]{};
  uint32_t ends_[fg::kMaxReaders]{};
  std::FILE* scan_log_ = nullptr;
};

}  // namespace

int main(int argc, char** argv) {
  signal(SIGINT, [](int) { g_stop = 1; });
  signal(SIGTERM, [](int) { g_stop = 1; });
  try {
    Options opt = parse_args(argc, argv);
    const auto script = load_script(opt.script);
    // Static: the core's buffers (resend ring, tag tables) are large for a stack.
    static Emulator emulator(std::move(opt));
    return emulator.run(script);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "emulator: %s\n", e.what());
    return 2;
  }
}
