// Invariant checks that stay on in release builds. A broken invariant in the core is a bug: the
// run stops loudly (the live server writes a crash report first) instead of going on corrupted.
#pragma once

#include <string_view>

namespace hz {

// Called once with the failed check's place and text; must not return (the default prints to
// stderr and aborts). The live server installs one that writes a crash report and exits 1.
using CheckFailureHandler = void (*)(const char* file, int line, const char* expression, std::string_view message);

// Installs `handler` for every thread; nullptr restores the default. Set it once at start.
void set_check_failure_handler(CheckFailureHandler handler);

[[noreturn]] void check_failed(const char* file, int line, const char* expression, std::string_view message);

namespace check_detail {
inline std::string_view text() { return {}; }
inline std::string_view text(std::string_view message) { return message; }
}  // namespace check_detail

}  // namespace hz

// HZ_CHECK(condition) or HZ_CHECK(condition, message): always evaluated, in every build; the
// message (a string) is built only when the check fails.
// Plain assert() stays for checks too costly to run in production.
#define HZ_CHECK(condition, ...) \
  ((condition) ? static_cast<void>(0) : ::hz::check_failed(__FILE__, __LINE__, #condition, \
                                                   ::hz::check_detail::text(__VA_ARGS__)))
