#include "server/console.h"
#include "server/thread_name.h"

#include <iostream>
#include <string>

namespace hz {

void Console::start() {
  thread_ = std::thread([this] {
    name_this_thread("Console");
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (!line.empty()) inbox_.push(ConsoleLine{line});
    }
  });
  // The reader blocks in getline until input or EOF; the process exits without joining it.
  thread_.detach();
}

Console::~Console() = default;

}  // namespace hz
