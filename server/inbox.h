// Inputs waiting for the server thread: network, console and worker threads push, the server
// thread takes everything at the start of a loop pass (vanilla's queued packets).
#pragma once

#include <condition_variable>
#include <mutex>
#include <vector>

#include "sim/core/inputs.h"

namespace hz {

class Inbox {
 public:
  void push(Input input) {
    std::lock_guard lock(mutex_);
    pending_.push_back(std::move(input));
  }
  // How many inputs wait for the next pass (for metrics).
  size_t size() {
    std::lock_guard lock(mutex_);
    return pending_.size();
  }
  std::vector<Input> take() {
    std::lock_guard lock(mutex_);
    std::vector<Input> out;
    out.swap(pending_);
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<Input> pending_;
};

}  // namespace hz
