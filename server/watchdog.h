// Vanilla's ServerWatchdog: when the server thread's next tick is more than max-tick-time late,
// write a crash report (with what the server thread was doing) and exit with status 1.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <thread>

#include "server/logger.h"

namespace hz {

// What the server thread is doing, published for the watchdog's report.
struct ServerThreadState {
  std::atomic<int64_t> next_tick_nanos{0};
  std::atomic<int64_t> tick_count{0};
  std::atomic<const char*> phase{"starting"};
  std::atomic<int> inputs_in_pass{0};
  std::atomic<float> milliseconds_per_tick{50.0f};
};

class Watchdog {
 public:
  Watchdog(const ServerThreadState& state, Logger& logger, std::filesystem::path folder, int64_t max_tick_millis,
           std::thread::native_handle_type server_thread);
  ~Watchdog();
  void start();

 private:
  void run();
  void crash(int64_t late_nanos);

  const ServerThreadState& state_;
  Logger& logger_;
  std::filesystem::path folder_;
  int64_t max_tick_nanos_;
  std::thread::native_handle_type server_thread_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
};

}  // namespace hz
