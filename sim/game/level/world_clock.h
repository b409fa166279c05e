// The world clocks of 26.1 (vanilla's ServerClockManager.ClockInstance): each clock's ticks, the
// rate it advances at, and the time markers `time set day` moves the overworld clock to.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace hz {

// The overworld day, in ticks: the period of the day timeline and its markers.
inline constexpr int32_t kDayPeriod = 24000;

// The world_clock registry in network-id order (protocol 775: overworld 0, the_end 1).
enum class WorldClockId : int32_t { kOverworld = 0, kTheEnd = 1 };
inline constexpr std::array<std::string_view, 2> kWorldClockNames = {"minecraft:overworld", "minecraft:the_end"};
inline constexpr int kWorldClockCount = 2;

// One clock as world_clocks.dat stores it (ClockState).
struct ClockState {
  int64_t total_ticks = 0;
  float partial_tick = 0.0f;
  float rate = 1.0f;
  bool paused = false;
  bool operator==(const ClockState&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(total_ticks, partial_tick, rate, paused);
  }
};

// ClockInstance.tick: a paused clock stands still; otherwise the rate accumulates in the partial
// tick and its whole part moves the clock (so rate 0.5 advances every second tick).
void advance_clock(ClockState& clock);

// What update_time carries for a clock (ClockNetworkState): a clock that is paused, or every
// clock while advance_time is off, is sent with rate 0 so the client holds it still.
struct ClockNetworkView {
  int64_t total_ticks = 0;
  float partial_tick = 0.0f;
  float rate = 0.0f;
};
ClockNetworkView clock_network_view(const ClockState& clock, bool advance_time);

// A time marker of a timeline (data/minecraft/timeline/day.json): a tick within a period.
struct TimeMarker {
  std::string_view id;  // "minecraft:day"
  int32_t ticks = 0;
  std::optional<int32_t> period_ticks;
  bool show_in_commands = true;
};

// The overworld clock's markers (the day timeline, period 24000), in id order.
std::optional<TimeMarker> find_overworld_time_marker(std::string_view id);

// ClockTimeMarker.resolveTimeToMoveTo: a periodic marker moves the clock forward to the marker's
// next occurrence (a full period when it is there already); a one-off marker sets it outright.
int64_t resolve_time_to_move_to(const TimeMarker& marker, int64_t total_ticks);

// The timelines `time query <timeline>` reads; all four run on the overworld clock.
struct TimelineInfo {
  std::string_view id;  // "minecraft:day"
  std::optional<int32_t> period_ticks;
};
std::optional<TimelineInfo> find_timeline(std::string_view id);

// Timeline.getCurrentTicks and getPeriodCount.
int64_t timeline_current_ticks(const TimelineInfo& timeline, int64_t total_ticks);
int64_t timeline_repetitions(const TimelineInfo& timeline, int64_t total_ticks);

}  // namespace hz
