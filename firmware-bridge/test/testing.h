// A minimal test runner: TEST(name) registers a function, CHECK/CHECK_EQ record failures and go on.
// Self-written so the host tests need nothing but g++.
#pragma once
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace testing {

struct Case {
  const char* name;
  std::function<void()> fn;
};

inline std::vector<Case>& registry() {
  static std::vector<Case> cases;
  return cases;
}

inline int& failures() {
  static int n = 0;
  return n;
}

struct Register {
  Register(const char* name, std::function<void()> fn) { registry().push_back({name, std::move(fn)}); }
};

inline void fail(const char* file, int line, const std::string& what) {
  ++failures();
  std::fprintf(stderr, "  FAIL %s:%d: %s\n", file, line, what.c_str());
}

}  // namespace testing

#define TESTING_CAT2(a, b) a##b
#define TESTING_CAT(a, b) TESTING_CAT2(a, b)
#define TEST(name)                                                                   \
  static void TESTING_CAT(test_fn_, __LINE__)();                                     \
  static testing::Register TESTING_CAT(test_reg_, __LINE__)(name, TESTING_CAT(test_fn_, __LINE__)); \
  static void TESTING_CAT(test_fn_, __LINE__)()

#define CHECK(cond)                                                   \
  do {                                                                \
    if (!(cond)) testing::fail(__FILE__, __LINE__, "CHECK(" #cond ")"); \
  } while (0)

#define CHECK_EQ(a, b)                                                                              \
  do {                                                                                              \
    const auto& va_ = (a);                                                                          \
    const auto& vb_ = (b);                                                                          \
    if (!(va_ == vb_))                                                                              \
      testing::fail(__FILE__, __LINE__, std::string(#a " == " #b " (") + std::to_string(va_) + " vs " + \
                                            std::to_string(vb_) + ")");                             \
  } while (0)

#define CHECK_STR(a, b)                                                                         \
  do {                                                                                          \
    const std::string va_ = (a);                                                                \
    const std::string vb_ = (b);                                                                \
    if (va_ != vb_) testing::fail(__FILE__, __LINE__, #a " == " #b " (" + va_ + " vs " + vb_ + ")"); \
  } while (0)
