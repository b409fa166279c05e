// The only way the core learns the time: a monotonic nanosecond clock injected by the shell, and
// the date for the few things a player reads (ban dates). Live uses the system's clocks, replay
// the recorded values, tests a manual clock.
#pragma once

#include <cstdint>

namespace hz {

class Clock {
 public:
  virtual ~Clock() = default;
  // Monotonic nanoseconds with an arbitrary origin (like Java's System.nanoTime).
  virtual int64_t now_nanos() = 0;
  // Unix time in milliseconds, read only when the core writes a date a player can see (a ban's
  // "created"). A trace records it like any other read. Clocks that never date anything (benches)
  // keep the default, the epoch.
  virtual int64_t wall_millis() { return 0; }
};

// A clock that only moves when told to. Optionally advances by a fixed step on every read, which
// lets a test model "each tick takes N ms" without touching the core.
class ManualClock final : public Clock {
 public:
  explicit ManualClock(int64_t start = 0) : now_(start) {}
  int64_t now_nanos() override {
    int64_t value = now_;
    now_ += step_per_read_;
    return value;
  }
  void set(int64_t nanos) { now_ = nanos; }
  void advance(int64_t nanos) { now_ += nanos; }
  void set_step_per_read(int64_t nanos) { step_per_read_ = nanos; }
  int64_t peek() const { return now_; }
  int64_t wall_millis() override { return wall_millis_; }
  void set_wall_millis(int64_t millis) { wall_millis_ = millis; }

 private:
  int64_t now_;
  int64_t wall_millis_ = 0;
  int64_t step_per_read_ = 0;
};

}  // namespace hz
