#include "server/watchdog.h"
#include "server/thread_name.h"

#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "server/crash_report.h"
#include "server/system_clock.h"
#include "sim/core/java_format.h"

namespace hz {

namespace {

// The server thread's stack, captured by a signal handler running on that thread.
void* g_frames[64];
std::atomic<int> g_frame_count{-1};

void capture_stack(int) { g_frame_count.store(backtrace(g_frames, 64)); }

std::string server_thread_stack(std::thread::native_handle_type thread) {
  struct sigaction action{};
  action.sa_handler = capture_stack;
  sigemptyset(&action.sa_mask);
  sigaction(SIGUSR2, &action, nullptr);
  g_frame_count.store(-1);
  if (pthread_kill(thread, SIGUSR2) != 0) return "\t(unavailable)\n";
  for (int i = 0; i < 200 && g_frame_count.load() < 0; ++i) usleep(5000);
  int n = g_frame_count.load();
  if (n <= 0) return "\t(the server thread did not answer)\n";
  char** symbols = backtrace_symbols(g_frames, n);
  std::string out;
  for (int i = 0; i < n; ++i) out += std::string("\tat ") + (symbols ? symbols[i] : "?") + "\n";
  std::free(symbols);
  return out;
}

}  // namespace

Watchdog::Watchdog(const ServerThreadState& state, Logger& logger, std::filesystem::path folder,
                   int64_t max_tick_millis, std::thread::native_handle_type server_thread)
    : state_(state),
      logger_(logger),
      folder_(std::move(folder)),
      max_tick_nanos_(max_tick_millis * 1'000'000),
      server_thread_(server_thread) {}

Watchdog::~Watchdog() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void Watchdog::start() {
  if (max_tick_nanos_ <= 0) return;
  thread_ = std::thread([this] {
    name_this_thread("Watchdog");
    run();
  });
}

void Watchdog::run() {
  SteadyClock clock;
  std::unique_lock lock(mutex_);
  while (!stopping_) {
    int64_t now = clock.now_nanos();
    int64_t next_tick = state_.next_tick_nanos.load();
    int64_t late = now - next_tick;
    if (late > max_tick_nanos_) return crash(late);
    int64_t sleep_nanos = next_tick + max_tick_nanos_ - now;
    wake_.wait_for(lock, std::chrono::nanoseconds(std::max<int64_t>(sleep_nanos, 1'000'000)));
  }
}

void Watchdog::crash(int64_t late_nanos) {
  const char* thread = "Server Watchdog";
  logger_.log(thread, LogLevel::kFatal,
              "A single server tick took " + java_fixed(static_cast<float>(late_nanos) / 1.0e9f, 2) +
                  " seconds (should be max " + java_fixed(state_.milliseconds_per_tick.load() / 1000.0f, 2) + ")");
  logger_.log(thread, LogLevel::kFatal, "Considering it to be crashed, server will forcibly shutdown.");

  std::string late = java_fixed(static_cast<float>(late_nanos) / 1.0e9f, 2);
  write_crash_report(folder_, logger_, thread, "Watching Server",
                     "java.lang.Error: ServerHangWatchdog detected that a single server tick took " + late + " seconds",
                     "-- Server thread --\nDetails:\n\tPhase: " + std::string(state_.phase.load()) +
                         "\n\tTick: " + std::to_string(state_.tick_count.load()) +
                         "\n\tInputs in this pass: " + std::to_string(state_.inputs_in_pass.load()) +
                         "\nStacktrace:\n" + server_thread_stack(server_thread_) +
                         "\n-- Performance stats --\nDetails:\n\tTarget milliseconds per tick: " +
                         java_fixed(state_.milliseconds_per_tick.load(), 1) + "\n");
  std::fflush(stdout);
  std::_Exit(1);
}

}  // namespace hz
