// The shared vectors (firmware-bridge/vectors/*.json) against the C++ core. The TypeScript codec runs the
// same files (test/devices/bridge/vectors.test.ts).
#include <cstring>
#include <map>

#include "../src/core/cobs.h"
#include "../src/core/crc16.h"
#include "../src/core/frame.h"
#include "../src/core/messages.h"
#include "json.h"
#include "testing.h"

#ifndef VECTORS_DIR
#define VECTORS_DIR "vectors"
#endif

using namespace fg;

namespace {

json::Value vectors(const char* file) { return json::load(std::string(VECTORS_DIR) + "/" + file); }

const std::map<std::string, MsgType> kTypes = {
    {"HELLO", MsgType::Hello},         {"HEARTBEAT", MsgType::Heartbeat},     {"SNAPSHOT", MsgType::Snapshot},
    {"TAG_ARRIVED", MsgType::TagArrived}, {"TAG_DEPARTED", MsgType::TagDeparted}, {"READER_FAULT", MsgType::ReaderFault},
    {"ACK", MsgType::Ack},             {"RESEND_FROM", MsgType::ResendFrom}, {"PING", MsgType::Ping},
    {"SET_CONFIG", MsgType::SetConfig}, {"SYNC", MsgType::Sync},        {"FOCUS", MsgType::Focus},
};

std::vector<Uid> uids(const json::Value& tags) {
  std::vector<Uid> out;
  for (const auto& t : tags.arr) {
    Uid u{};
    const auto bytes = json::hex(t.str);
    std::memcpy(u.b, bytes.data(), kUidSize);
    out.push_back(u);
  }
  return out;
}

// Builds the body of a device message from its decoded meaning with the firmware's own encoders.
size_t encode_device(MsgType type, const json::Value& m, uint8_t* body) {
  switch (type) {
    case MsgType::Hello: {
      Hello h{};
      h.fw[0] = m["fwMajor"].i(), h.fw[1] = m["fwMinor"].i(), h.fw[2] = m["fwPatch"].i();
      const auto id = json::hex(m["boardId"].str);
      std::memcpy(h.board_id, id.data(), 8);
      h.boot_counter = m["bootCounter"].i();
      h.channels = m["channels"].i();
      h.k = m["k"].i();
      h.heartbeat_ms = m["heartbeatMs"].i();
      h.reason = static_cast<HelloReason>(m["reason"].i());
      return encode_hello(h, body);
    }
    case MsgType::Heartbeat:
      return encode_heartbeat(Heartbeat{static_cast<uint32_t>(m["uptimeMs"].i()), static_cast<uint16_t>(m["hostSeq"].i()),
                                        static_cast<uint8_t>(m["k"].i()), static_cast<uint16_t>(m["heartbeatMs"].i())},
                              body);
    case MsgType::Snapshot: {
      const auto t = uids(m["tags"]);
      return encode_snapshot(m["channel"].i(), m["status"].i() == 1, t.data(), t.size(), body);
    }
    case MsgType::TagArrived:
    case MsgType::TagDeparted: {
      const auto t = uids(m["tags"]);
      return encode_tag_list(m["channel"].i(), t.data(), t.size(), body);
    }
    case MsgType::ReaderFault:
      return encode_fault(m["channel"].i(), m["active"].b, static_cast<FaultCode>(m["code"].i()), body);
    default:
      return 0;
  }
}

// Decodes a whole wire string; returns the number of valid frames and leaves the last one in f.
int decode_all(FrameDecoder& d, const std::vector<uint8_t>& wire) {
  int n = 0;
  for (uint8_t b : wire) n += d.push(b) ? 1 : 0;
  return n;
}

const char* error_name(FrameError e) {
  switch (e) {
    case FrameError::Crc: return "crc";
    case FrameError::Cobs: return "cobs";
    case FrameError::Short: return "short";
    case FrameError::Version: return "version";
    case FrameError::Oversize: return "oversize";
    default: return "none";
  }
}

}  // namespace

TEST("vectors: CRC-16/CCITT-FALSE") {
  const json::Value doc = vectors("crc16.json");  // kept alive: the loop refers into it
  for (const auto& c : doc["cases"].arr) {
    const auto data = json::hex(c["data"].str);
    CHECK_EQ(crc16(data.data(), data.size()), static_cast<uint16_t>(std::stoul(c["crc"].str, nullptr, 16)));
  }
}

TEST("vectors: COBS encode and decode") {
  const json::Value doc = vectors("cobs.json");  // kept alive: the loop refers into it
  for (const auto& c : doc["cases"].arr) {
    const auto dec = json::hex(c["decoded"].str);
    uint8_t enc[600];
    const size_t n = cobs_encode(dec.data(), dec.size(), enc, sizeof enc);
    CHECK_STR(json::to_hex(enc, n), c["encoded"].str);
    const auto want = json::hex(c["encoded"].str);
    uint8_t back[600];
    size_t m = 0;
    CHECK(cobs_decode(want.data(), want.size(), back, sizeof back, &m));
    CHECK_STR(json::to_hex(back, m), c["decoded"].str);
  }
}

TEST("vectors: frames encode to the wire bytes and decode to their meaning") {
  const json::Value doc = vectors("frames.json");  // kept alive: the loop refers into it
  for (const auto& c : doc["cases"].arr) {
    const MsgType type = kTypes.at(c["type"].str);
    const uint16_t seq = static_cast<uint16_t>(c["seq"].i());
    uint8_t body[kMaxBody];
    size_t n = 0;
    if (c["direction"].str == "device") {
      n = encode_device(type, c["message"], body);
    } else {
      HostMsg h{type, seq, 0, 0, 0, 0, {}};
      const auto& m = c["message"];
      if (m.has("channels")) {
        for (const auto& ch : m["channels"].arr) h.focus[h.focus_count++] = static_cast<uint8_t>(ch.i());
      }
      if (m.has("ackSeq")) h.seq_arg = m["ackSeq"].i();
      if (m.has("fromSeq")) h.seq_arg = m["fromSeq"].i();
      if (m.has("k")) {
        h.k = m["k"].i();
        h.heartbeat_ms = m["heartbeatMs"].i();
      }
      n = encode_host_body(h, body);
    }
    CHECK_STR(json::to_hex(body, n), c["body"].str);
    uint8_t wire[kMaxWire];
    const size_t w = encode_frame(type, seq, body, n, wire, sizeof wire);
    CHECK_STR(json::to_hex(wire, w), c["wire"].str);

    FrameDecoder d;
    CHECK_EQ(decode_all(d, json::hex(c["wire"].str)), 1);
    CHECK_EQ(d.frame().type, static_cast<uint8_t>(type));
    CHECK_EQ(d.frame().seq, seq);
    CHECK_STR(json::to_hex(d.frame().body, d.frame().body_len), c["body"].str);
    CHECK(check_body(d.frame()) == BodyCheck::Ok);
    if (c["direction"].str == "host") {
      HostMsg h{};
      CHECK(decode_host(d.frame(), &h));
      const auto& m = c["message"];
      if (m.has("ackSeq")) CHECK_EQ(h.seq_arg, m["ackSeq"].i());
      if (m.has("fromSeq")) CHECK_EQ(h.seq_arg, m["fromSeq"].i());
      if (m.has("k")) {
        CHECK_EQ(h.k, m["k"].i());
        CHECK_EQ(h.heartbeat_ms, m["heartbeatMs"].i());
      }
      if (m.has("channels")) {
        CHECK_EQ(h.focus_count, m["channels"].arr.size());
        for (size_t i = 0; i < m["channels"].arr.size(); ++i) CHECK_EQ(h.focus[i], m["channels"].arr[i].i());
      }
    }
  }
}

TEST("vectors: invalid frames are rejected for the stated reason") {
  const json::Value doc = vectors("invalid.json");  // kept alive: the loop refers into it
  for (const auto& c : doc["cases"].arr) {
    FrameDecoder d;
    const int ok = decode_all(d, json::hex(c["wire"].str));
    const std::string want = c["error"].str;
    if (want == "body" || want == "type") {
      CHECK_EQ(ok, 1);
      const BodyCheck b = check_body(d.frame());
      CHECK(b == (want == "body" ? BodyCheck::Malformed : BodyCheck::UnknownType));
    } else {
      CHECK_EQ(ok, 0);
      CHECK_STR(error_name(d.last_error()), want);
    }
  }
}

TEST("vectors: streams with garbage resynchronise and count what they drop") {
  const json::Value doc = vectors("streams.json");  // kept alive: the loop refers into it
  for (const auto& c : doc["cases"].arr) {
    FrameDecoder d;
    std::vector<std::pair<std::string, long long>> got;
    for (uint8_t b : json::hex(c["stream"].str)) {
      if (!d.push(b)) continue;
      for (const auto& [name, t] : kTypes) {
        if (static_cast<uint8_t>(t) == d.frame().type) got.emplace_back(name, d.frame().seq);
      }
    }
    const auto& want = c["frames"].arr;
    CHECK_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size() && i < want.size(); ++i) {
      CHECK_STR(got[i].first, want[i].arr[0].str);
      CHECK_EQ(got[i].second, want[i].arr[1].i());
    }
    const auto& r = c["rejected"];
    const auto& k = d.counters();
    CHECK_EQ(k.crc, r["crc"].i());
    CHECK_EQ(k.cobs, r["cobs"].i());
    CHECK_EQ(k.too_short, r["short"].i());
    CHECK_EQ(k.version, r["version"].i());
    CHECK_EQ(k.oversize, r["oversize"].i());
  }
}
