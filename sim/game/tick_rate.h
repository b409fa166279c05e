// Vanilla's ServerTickRateManager: the target tick rate, freezing and stepping, and sprinting
// with its report. Broadcasts (ticking state/step packets, the sprint report) go through a listener.
#pragma once

#include <cstdint>
#include <string>

#include "sim/core/clock.h"

namespace hz {

class TickRateListener {
 public:
  virtual ~TickRateListener() = default;
  virtual void on_ticking_state(float rate, bool frozen) = 0;  // ClientboundTickingStatePacket
  virtual void on_ticking_step(int frozen_ticks_to_run) = 0;   // ClientboundTickingStepPacket
  virtual void on_sprint_report(int tps, const std::string& mspt) = 0;
  virtual void on_tick_rate_changed() = 0;                     // autosave interval recompute
};

class TickRateManager {
 public:
  TickRateManager(Clock& clock, TickRateListener& listener) : clock_(clock), listener_(listener) {}

  float tick_rate() const { return tick_rate_; }
  int64_t nanoseconds_per_tick() const { return nanoseconds_per_tick_; }
  float milliseconds_per_tick() const { return static_cast<float>(nanoseconds_per_tick_) / 1.0e6f; }
  bool is_frozen() const { return frozen_; }
  bool runs_normally() const { return run_game_elements_; }
  bool is_stepping_forward() const { return frozen_ticks_to_run_ > 0; }
  int frozen_ticks_to_run() const { return frozen_ticks_to_run_; }
  bool is_sprinting() const { return scheduled_current_sprint_ticks_ > 0; }

  void set_tick_rate(float rate);
  void set_frozen(bool frozen);
  void tick();  // once per server tick, before the levels
  bool step_game_if_paused(int ticks);
  bool stop_stepping();
  bool request_game_to_sprint(int64_t ticks);  // true when an earlier sprint was interrupted
  bool check_should_sprint_this_tick();
  void end_tick_work();
  bool stop_sprinting();
  // Rate, freeze and step state and the running sprint (ticks left, its timing), for the core's
  // state hash.
  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(tick_rate_, nanoseconds_per_tick_, frozen_ticks_to_run_, run_game_elements_, frozen_, previous_is_frozen_);
    io(remaining_sprint_ticks_, sprint_tick_start_time_, sprint_time_spend_, scheduled_current_sprint_ticks_);
  }

 private:
  void finish_tick_sprint();

  Clock& clock_;
  TickRateListener& listener_;
  float tick_rate_ = 20.0f;
  int64_t nanoseconds_per_tick_ = 50'000'000;
  int frozen_ticks_to_run_ = 0;
  bool run_game_elements_ = true;
  bool frozen_ = false;
  int64_t remaining_sprint_ticks_ = 0;
  int64_t sprint_tick_start_time_ = 0;
  int64_t sprint_time_spend_ = 0;
  int64_t scheduled_current_sprint_ticks_ = 0;
  bool previous_is_frozen_ = false;
};

}  // namespace hz
