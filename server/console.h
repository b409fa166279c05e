// Reads operator commands from standard input on its own thread; each line becomes a
// ConsoleLine input. End of input is not a stop request (a server may run without a terminal).
#pragma once

#include <atomic>
#include <thread>

#include "server/inbox.h"

namespace hz {

class Console {
 public:
  explicit Console(Inbox& inbox) : inbox_(inbox) {}
  ~Console();
  void start();

 private:
  Inbox& inbox_;
  std::thread thread_;
};

}  // namespace hz
