#include "script.h"

#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

namespace {

const std::set<std::string> kOps = {"place", "remove", "move",    "clear",   "flicker", "fault", "recover",
                                    "drop",  "corrupt", "garbage", "reset", "unplug",  "end"};

}  // namespace

std::vector<Command> load_script(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open script " + path);
  std::vector<Command> out;
  std::string text;
  int line = 0;
  uint32_t last = 0;
  while (std::getline(in, text)) {
    ++line;
    const auto hash = text.find('#');
    if (hash != std::string::npos) text.erase(hash);
    std::istringstream words(text);
    Command c;
    c.line = line;
    if (!(words >> c.t)) continue;  // blank or comment-only line
    if (!(words >> c.op) || kOps.count(c.op) == 0) {
      throw std::runtime_error("line " + std::to_string(line) + ": unknown command");
    }
    if (c.t < last) throw std::runtime_error("line " + std::to_string(line) + ": time goes backwards");
    last = c.t;
    for (std::string w; words >> w;) c.args.push_back(w);
    out.push_back(c);
  }
  return out;
}
