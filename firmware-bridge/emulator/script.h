// The emulator's script: one command per line, "<ms> <command> <args...>", '#' starts a comment.
// Commands (times are milliseconds from the start of the script, non-decreasing):
//   place <ch> <uid>...        tags are put on an antenna (uid: 16 hex digits)
//   remove <ch> <uid>...       tags are taken away
//   move <from> <to> <uid>...  tags slide from one antenna to another
//   clear <ch>                 every tag leaves the antenna
//   flicker <ch> <uid> <n>     the tag is not seen by the next n scans of the antenna (tests K)
//   fault <ch> / recover <ch>  the reader stops / starts answering
//   drop <n>                   the next n sequenced frames the board writes are lost (heartbeats pass)
//   corrupt <n>                the next n sequenced frames get one byte flipped (heartbeats pass)
//   garbage <n>                n random bytes are written to the line
//   reset                      the board reboots (boot counter + 1, HELLO reason 1)
//   unplug <ms>                the USB cable is pulled for ms: the pty disappears, then comes back
//                              and the board powers up again (HELLO reason 0)
//   end                        the emulator exits
#pragma once
#include <cstdint>
#include <string>
#include <vector>

struct Command {
  uint32_t t = 0;
  std::string op;
  std::vector<std::string> args;
  int line = 0;
};

// Reads and checks a script; throws std::runtime_error with the line number on a bad line.
std::vector<Command> load_script(const std::string& path);
