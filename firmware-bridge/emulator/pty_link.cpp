#include "pty_link.h"

#include "../src/core/frame.h"

#include <fcntl.h>
#include <poll.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <vector>

long long monotonic_us() {
  return std::chrono::duration_cast<std::chrono::microseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::string PtyLink::plug() {
  char name[256] = {0};
  if (openpty(&master_, &slave_, name, nullptr, nullptr) != 0) {
    std::perror("openpty");
    return "";
  }
  termios t{};
  tcgetattr(slave_, &t);
  cfmakeraw(&t);  // 0x00, CR and LF must pass untouched, and nothing may echo back
  tcsetattr(slave_, TCSANOW, &t);
  fcntl(master_, F_SETFL, fcntl(master_, F_GETFL) | O_NONBLOCK);
  unlink(link_path_.c_str());
  if (symlink(name, link_path_.c_str()) != 0) std::perror("symlink");
  return name;
}

void PtyLink::unplug() {
  if (master_ < 0) return;
  unlink(link_path_.c_str());
  close(master_);
  close(slave_);
  master_ = slave_ = -1;
  rx_len_ = rx_pos_ = 0;
  marked_ = false;  // a new connection starts without a time
}

// Faults hit sequenced frames only, so a script's "drop 1" always costs a resend, never just a heartbeat.
static bool is_heartbeat(const uint8_t* data, size_t len) {
  fg::FrameDecoder d;
  for (size_t i = 0; i < len; ++i) {
    if (d.push(data[i])) return d.frame().type == static_cast<uint8_t>(fg::MsgType::Heartbeat);
  }
  return false;
}

size_t PtyLink::write(const uint8_t* data, size_t len) {
  if (master_ < 0) return 0;
  if ((drop_next > 0 || corrupt_next > 0) && is_heartbeat(data, len)) return ::write(master_, data, len) < 0 ? 0 : len;
  if (drop_next > 0) {
    --drop_next;
    ++dropped;
    return len;
  }
  std::vector<uint8_t> out(data, data + len);
  if (corrupt_next > 0 && len > 4) {
    --corrupt_next;
    ++corrupted;
    out[len / 2] ^= 0x5A;  // inside the COBS data, away from both delimiters
  }
  emit(out);
  return len;
}

void PtyLink::emit(const std::vector<uint8_t>& out) {
  if (virtual_now != nullptr && (!marked_ || last_mark_ != *virtual_now)) write_mark(*virtual_now, false);
  const long long us = trace != nullptr ? monotonic_us() : 0;
  const ssize_t n = write_all(out.data(), out.size());
  if (trace != nullptr && n == static_cast<ssize_t>(out.size())) trace_frame(us, out.data(), out.size());
}

// The emulator's time mark: a frame of type 0x7F, which no board sends (PROTOCOL.md, "The emulator's
// virtual clock"): body ms u32 (big-endian), done u8.
void PtyLink::write_mark(uint32_t ms, bool done) {
  if (master_ < 0) return;
  const uint8_t body[5] = {static_cast<uint8_t>(ms >> 24), static_cast<uint8_t>(ms >> 16), static_cast<uint8_t>(ms >> 8),
                           static_cast<uint8_t>(ms), static_cast<uint8_t>(done ? 1 : 0)};
  uint8_t wire[32];
  const size_t n = fg::encode_frame(static_cast<fg::MsgType>(kEmulatorTimeType), 0, body, sizeof body, wire, sizeof wire);
  if (write_all(wire, n) == static_cast<ssize_t>(n)) {
    marked_ = true;
    last_mark_ = ms;
  }
}

// A full pty buffer means the host is not reading: on the real-time clock the frame is dropped, like a
// USB CDC with nobody listening; on the virtual clock nothing is lost, the emulator waits for the host.
ssize_t PtyLink::write_all(const uint8_t* data, size_t len) {
  if (virtual_now == nullptr) return ::write(master_, data, len);
  size_t done = 0;
  while (done < len) {
    const ssize_t n = ::write(master_, data + done, len - done);
    if (n > 0) {
      done += static_cast<size_t>(n);
      continue;
    }
    if (n < 0 && errno != EAGAIN) return -1;
    pollfd p{master_, POLLOUT, 0};
    if (poll(&p, 1, 5000) <= 0) return -1;  // nobody has read for 5 s: the host is gone
  }
  return static_cast<ssize_t>(len);
}

void PtyLink::trace_frame(long long us, const uint8_t* data, size_t len) {
  fg::FrameDecoder d;
  for (size_t i = 0; i < len; ++i) {
    if (!d.push(data[i])) continue;
    const fg::Frame& f = d.frame();
    std::fprintf(trace, "%lld frame %u %u", us, static_cast<unsigned>(f.type), static_cast<unsigned>(f.seq));
    const bool tags = f.type == static_cast<uint8_t>(fg::MsgType::TagArrived) ||
                      f.type == static_cast<uint8_t>(fg::MsgType::TagDeparted);
    if (tags && f.body_len >= 2) {
      std::fprintf(trace, " %u", static_cast<unsigned>(f.body[0]));
      for (size_t k = 0; k < f.body[1] && 2 + (k + 1) * fg::kUidSize <= f.body_len; ++k) {
        std::fputc(' ', trace);
        for (size_t b = 0; b < fg::kUidSize; ++b) std::fprintf(trace, "%02X", f.body[2 + k * fg::kUidSize + b]);
      }
    }
    std::fputc('\n', trace);
  }
}

int PtyLink::read_byte() {
  if (master_ < 0) return -1;
  if (rx_pos_ == rx_len_) {
    const ssize_t n = ::read(master_, rx_, sizeof rx_);
    if (n <= 0) return -1;  // EAGAIN: nothing waiting
    rx_len_ = static_cast<int>(n);
    rx_pos_ = 0;
  }
  return rx_[rx_pos_++];
}

void PtyLink::write_garbage(int n) {
  if (master_ < 0) return;
  std::vector<uint8_t> junk(static_cast<size_t>(n));
  for (auto& b : junk) b = static_cast<uint8_t>(rng_());
  if (::write(master_, junk.data(), junk.size()) < 0 && errno != EAGAIN) std::perror("garbage");
}
