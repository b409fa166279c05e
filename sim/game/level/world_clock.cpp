#include "sim/game/level/world_clock.h"

#include <cmath>

namespace hz {

void advance_clock(ClockState& clock) {
  if (clock.paused) return;
  clock.partial_tick += clock.rate;
  const float whole = std::floor(clock.partial_tick);  // Mth.floor, kept in float as vanilla does
  clock.partial_tick -= whole;
  clock.total_ticks += static_cast<int64_t>(whole);
}

ClockNetworkView clock_network_view(const ClockState& clock, bool advance_time) {
  const bool held = clock.paused || !advance_time;
  return {clock.total_ticks, clock.partial_tick, held ? 0.0f : clock.rate};
}

namespace {

// minecraft:day's markers; wake_up_from_sleep and roll_village_siege are not offered to commands.
constexpr TimeMarker kOverworldMarkers[] = {
    {"minecraft:day", 1000, kDayPeriod, true},
    {"minecraft:midnight", 18000, kDayPeriod, true},
    {"minecraft:night", 13000, kDayPeriod, true},
    {"minecraft:noon", 6000, kDayPeriod, true},
    {"minecraft:roll_village_siege", 18000, kDayPeriod, false},
    {"minecraft:wake_up_from_sleep", 0, kDayPeriod, false},
};

const TimelineInfo kTimelines[] = {
    {"minecraft:day", kDayPeriod},
    {"minecraft:early_game", std::nullopt},
    {"minecraft:moon", 192000},
    {"minecraft:villager_schedule", kDayPeriod},
};

// Java's % keeps the dividend's sign; clocks never go below 0 through commands, so this is plain.
int64_t java_rem(int64_t a, int64_t b) { return a % b; }

}  // namespace

std::optional<TimeMarker> find_overworld_time_marker(std::string_view id) {
  for (const TimeMarker& marker : kOverworldMarkers)
    if (marker.id == id) return marker;
  return std::nullopt;
}

int64_t resolve_time_to_move_to(const TimeMarker& marker, int64_t total_ticks) {
  if (!marker.period_ticks) return marker.ticks;
  const int64_t period = *marker.period_ticks;
  const int64_t duration = marker.ticks - java_rem(total_ticks, period);
  return total_ticks + (duration > 0 ? duration : period + duration);
}

std::optional<TimelineInfo> find_timeline(std::string_view id) {
  for (const TimelineInfo& timeline : kTimelines)
    if (timeline.id == id) return timeline;
  return std::nullopt;
}

int64_t timeline_current_ticks(const TimelineInfo& timeline, int64_t total_ticks) {
  return timeline.period_ticks ? java_rem(total_ticks, *timeline.period_ticks) : total_ticks;
}

int64_t timeline_repetitions(const TimelineInfo& timeline, int64_t total_ticks) {
  // getPeriodCount returns an int: (int)(total / period).
  return timeline.period_ticks ? static_cast<int32_t>(total_ticks / *timeline.period_ticks) : 0;
}

}  // namespace hz
