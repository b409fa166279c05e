#include "sim/core/check.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace hz {

namespace {

std::atomic<CheckFailureHandler> g_handler{nullptr};

[[noreturn]] void print_and_abort(const char* file, int line, const char* expression, std::string_view message) {
  std::fprintf(stderr, "Invariant violated at %s:%d: %s%s%.*s\n", file, line, expression, message.empty() ? "" : " — ",
               static_cast<int>(message.size()), message.data());
  std::fflush(stderr);
  std::abort();
}

}  // namespace

void set_check_failure_handler(CheckFailureHandler handler) { g_handler.store(handler); }

void check_failed(const char* file, int line, const char* expression, std::string_view message) {
  CheckFailureHandler handler = g_handler.load();
  if (handler) handler(file, line, expression, message);
  // A handler that returns has not stopped the run: stop it here.
  print_and_abort(file, line, expression, message);
}

}  // namespace hz
