#include "sim/game/tick_scheduler.h"

#include "sim/core/check.h"
#include "sim/core/hash.h"

namespace hz {

TickScheduler::Decision TickScheduler::begin_tick(Clock& clock, TickRateManager& rate) {
  Decision decision;
  int64_t now = clock.now_nanos();
  decision.now_nanos = now;
  int64_t this_tick_nanos;
  if (rate.is_sprinting() && rate.check_should_sprint_this_tick()) {
    this_tick_nanos = 0;
    next_tick_nanos_ = now;
    last_overload_warning_nanos_ = next_tick_nanos_;
  } else {
    this_tick_nanos = rate.nanoseconds_per_tick();
    int64_t behind = now - next_tick_nanos_;
    if (behind > kOverloadedThresholdNanos + kOverloadedTicksThreshold * this_tick_nanos &&
        next_tick_nanos_ - last_overload_warning_nanos_ >=
            kOverloadedWarningIntervalNanos + kOverloadedTicksWarningInterval * this_tick_nanos) {
      int64_t ticks = behind / this_tick_nanos;
      decision.warning = "Can't keep up! Is the server overloaded? Running " + std::to_string(behind / 1'000'000) +
                         "ms or " + std::to_string(ticks) + " ticks behind";
      next_tick_nanos_ += ticks * this_tick_nanos;
      last_overload_warning_nanos_ = next_tick_nanos_;
    }
  }
  HZ_CHECK(this_tick_nanos >= 0, "a negative tick length");
  decision.sprinting = this_tick_nanos == 0;
  next_tick_nanos_ += this_tick_nanos;
  return decision;
}

uint64_t TickScheduler::hash() const {
  Hasher h;
  h.i64(next_tick_nanos_);
  h.i64(last_overload_warning_nanos_);
  return h.digest();
}

}  // namespace hz
