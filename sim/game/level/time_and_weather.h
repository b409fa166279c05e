// The level's time and weather as a running system: the world clocks, game time and weather
// advanced once a tick in vanilla's order, update_time and weather game events sent to players,
// and the changes commands make. The decisions live in world_clock.h and weather.h.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/game_rules.h"
#include "sim/game/level/level_time_state.h"
#include "sim/game/level/sky_darken.h"
#include "sim/game/ports.h"
#include "sim/protocol/packets_play_cb.h"

namespace hz {

class TimeAndWeather {
 public:
  // update_time goes to every player when the server's tick count is a multiple of this.
  static constexpr int64_t kTimeSyncInterval = 20;

  TimeAndWeather(const LevelTimeState& start, PlayerConnections& players, const GameRules& rules);

  // One server tick, after the tick count went up: the clocks (MinecraftServer.tickChildren),
  // the every-second time sync, then the overworld's weather and game time (ServerLevel.tick).
  // Clocks, weather and game time stand still while the tick rate manager is frozen.
  void tick(int64_t server_tick_count, bool runs_normally, Rng& random);

  int64_t game_time() const { return state_.game_time; }
  const LevelTimeState& state() const { return state_; }
  const WeatherLevels& weather_levels() const { return levels_; }
  bool is_raining() const { return hz::is_raining(levels_); }
  bool is_thundering() const { return hz::is_thundering(levels_); }
  // Level.getSkyDarken as ServerLevel.tick leaves it after this tick's clocks and weather
  // (sky_darken.h); computed when asked, so it always agrees with the state.
  int sky_darken() const { return hz::sky_darken(state_.clock(WorldClockId::kOverworld).total_ticks, levels_); }

  // ServerClockManager.createFullSyncPacket: game time and every clock (registry order).
  packet::play_cb::UpdateTime full_sync() const;
  // The weather events a joining player gets (none while it does not rain).
  std::vector<packet::play_cb::GameStateChange> join_weather() const;

  // Clock changes (ServerClockManager.modifyClock): each one sends that clock to every player.
  void set_total_ticks(WorldClockId clock, int64_t ticks);
  void move_to(WorldClockId clock, const TimeMarker& marker);
  void add_ticks(WorldClockId clock, int32_t ticks);  // never below 0
  void set_paused(WorldClockId clock, bool paused);
  void set_rate(WorldClockId clock, float rate);
  // advance_time changed: the clocks' rates as clients see them changed (full sync to all).
  void on_advance_time_changed();

  // MinecraftServer.setWeatherParameters (the thunder countdown is set to the rain time too).
  void set_weather(int32_t clear_time, int32_t rain_time, bool raining, bool thundering);

  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h).
  template <class Io>
  void state_fields(Io& io) {
    io(state_, levels_);
  }

 private:
  void advance_weather(Rng& random);
  void send_clock(WorldClockId clock);
  void broadcast(const packet::play_cb::UpdateTime& packet);
  bool advance_time() const { return rules_.get_bool("advance_time"); }

  LevelTimeState state_;
  WeatherLevels levels_;
  PlayerConnections& players_;
  const GameRules& rules_;
};

}  // namespace hz
