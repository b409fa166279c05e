#include "sim/game/tick_rate.h"

#include <algorithm>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"

namespace hz {

void TickRateManager::set_tick_rate(float rate) {
  tick_rate_ = std::max(rate, 1.0f);
  nanoseconds_per_tick_ = java_d2l(1.0e9 / static_cast<double>(tick_rate_));
  listener_.on_tick_rate_changed();
  listener_.on_ticking_state(tick_rate_, frozen_);
}

void TickRateManager::set_frozen(bool frozen) {
  frozen_ = frozen;
  listener_.on_ticking_state(tick_rate_, frozen_);
}

void TickRateManager::tick() {
  run_game_elements_ = !frozen_ || frozen_ticks_to_run_ > 0;
  if (frozen_ticks_to_run_ > 0) --frozen_ticks_to_run_;
}

bool TickRateManager::step_game_if_paused(int ticks) {
  if (!frozen_) return false;
  frozen_ticks_to_run_ = ticks;
  listener_.on_ticking_step(frozen_ticks_to_run_);
  return true;
}

bool TickRateManager::stop_stepping() {
  if (frozen_ticks_to_run_ <= 0) return false;
  frozen_ticks_to_run_ = 0;
  listener_.on_ticking_step(frozen_ticks_to_run_);
  return true;
}

bool TickRateManager::request_game_to_sprint(int64_t ticks) {
  bool interrupted = remaining_sprint_ticks_ > 0;
  sprint_time_spend_ = 0;
  scheduled_current_sprint_ticks_ = ticks;
  remaining_sprint_ticks_ = ticks;
  previous_is_frozen_ = frozen_;
  set_frozen(false);
  return interrupted;
}

bool TickRateManager::check_should_sprint_this_tick() {
  if (!run_game_elements_) return false;
  if (remaining_sprint_ticks_ > 0) {
    sprint_tick_start_time_ = clock_.now_nanos();
    --remaining_sprint_ticks_;
    return true;
  }
  finish_tick_sprint();
  return false;
}

void TickRateManager::end_tick_work() { sprint_time_spend_ += clock_.now_nanos() - sprint_tick_start_time_; }

bool TickRateManager::stop_sprinting() {
  if (remaining_sprint_ticks_ <= 0) return false;
  finish_tick_sprint();
  return true;
}

void TickRateManager::finish_tick_sprint() {
  int64_t completed = scheduled_current_sprint_ticks_ - remaining_sprint_ticks_;
  double ms = std::max(1.0, static_cast<double>(sprint_time_spend_)) / 1.0e6;
  int tps = java_d2i(static_cast<double>(1000 * completed) / ms);
  std::string mspt = java_fixed(completed == 0 ? static_cast<double>(milliseconds_per_tick())
                                               : ms / static_cast<double>(completed),
                                2);
  scheduled_current_sprint_ticks_ = 0;
  sprint_time_spend_ = 0;
  listener_.on_sprint_report(tps, mspt);
  remaining_sprint_ticks_ = 0;
  set_frozen(previous_is_frozen_);
  listener_.on_tick_rate_changed();
}

uint64_t TickRateManager::hash() const {
  Hasher h;
  h.f32(tick_rate_);
  h.i64(nanoseconds_per_tick_);
  h.i64(frozen_ticks_to_run_);
  h.u64(run_game_elements_), h.u64(frozen_), h.u64(previous_is_frozen_);
  h.i64(remaining_sprint_ticks_), h.i64(sprint_tick_start_time_), h.i64(sprint_time_spend_);
  h.i64(scheduled_current_sprint_ticks_);
  return h.digest();
}

}  // namespace hz
