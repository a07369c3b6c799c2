// Runs every registered test, prints one line per test, exits non-zero on any failure.
#include "testing.h"

int main() {
  int failed_tests = 0;
  for (const auto& c : testing::registry()) {
    const int before = testing::failures();
    c.fn();
    const bool ok = testing::failures() == before;
    if (!ok) ++failed_tests;
    std::printf("%s %s\n", ok ? "ok  " : "FAIL", c.name);
  }
  std::printf("%zu tests, %d failed\n", testing::registry().size(), failed_tests);
  return failed_tests == 0 ? 0 : 1;
}
