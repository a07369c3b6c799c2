// Just enough JSON to read the shared vectors (objects, arrays, strings without escapes beyond \" and \\,
// integers, booleans, null). Test-only: it allocates freely.
#pragma once
#include <cstdint>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace json {

struct Value {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool b = false;
  double num = 0;
  std::string str;
  std::vector<Value> arr;
  std::map<std::string, Value> obj;

  const Value& operator[](const std::string& key) const {
    auto it = obj.find(key);
    if (it == obj.end()) throw std::runtime_error("missing key " + key);
    return it->second;
  }
  bool has(const std::string& key) const { return obj.count(key) != 0; }
  long long i() const { return static_cast<long long>(num); }
};

class Parser {
 public:
  explicit Parser(std::string text) : s_(std::move(text)) {}
  Value parse() {
    Value v = value();
    ws();
    if (p_ != s_.size()) throw std::runtime_error("trailing data");
    return v;
  }

 private:
  void ws() {
    while (p_ < s_.size() && (s_[p_] == ' ' || s_[p_] == '\n' || s_[p_] == '\r' || s_[p_] == '\t')) ++p_;
  }
  char peek() {
    ws();
    if (p_ >= s_.size()) throw std::runtime_error("unexpected end");
    return s_[p_];
  }
  void expect(char c) {
    if (peek() != c) throw std::runtime_error(std::string("expected ") + c);
    ++p_;
  }
  Value value() {
    const char c = peek();
    Value v;
    if (c == '{') {
      v.kind = Value::Object;
      ++p_;
      if (peek() == '}') return ++p_, v;
      for (;;) {
        const std::string key = string();
        expect(':');
        v.obj[key] = value();
        if (peek() == ',') { ++p_; continue; }
        expect('}');
        return v;
      }
    }
    if (c == '[') {
      v.kind = Value::Array;
      ++p_;
      if (peek() == ']') return ++p_, v;
      for (;;) {
        v.arr.push_back(value());
        if (peek() == ',') { ++p_; continue; }
        expect(']');
        return v;
      }
    }
    if (c == '"') {
      v.kind = Value::String;
      v.str = string();
      return v;
    }
    if (s_.compare(p_, 4, "true") == 0) { p_ += 4; v.kind = Value::Bool; v.b = true; return v; }
    if (s_.compare(p_, 5, "false") == 0) { p_ += 5; v.kind = Value::Bool; return v; }
    if (s_.compare(p_, 4, "null") == 0) { p_ += 4; return v; }
    size_t used = 0;
    v.kind = Value::Number;
    v.num = std::stod(s_.substr(p_, 32), &used);
    p_ += used;
    return v;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (p_ < s_.size() && s_[p_] != '"') {
      if (s_[p_] == '\\') ++p_;
      out += s_[p_++];
    }
    ++p_;
    return out;
  }
  std::string s_;
  size_t p_ = 0;
};

inline Value load(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return Parser(ss.str()).parse();
}

inline std::vector<uint8_t> hex(const std::string& h) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < h.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoul(h.substr(i, 2), nullptr, 16)));
  return out;
}

inline std::string to_hex(const uint8_t* p, size_t n) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (size_t i = 0; i < n; ++i) {
    s += d[p[i] >> 4];
    s += d[p[i] & 15];
  }
  return s;
}

}  // namespace json
