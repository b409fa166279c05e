// Time and weather: the weather cycle against a reference model and vanilla's spell lengths, the
// clocks and time markers, /time and /weather texts, update_time and weather events through the
// core (on join, every 20 ticks, on change), and a core that starts from saved time and weather.
#include <gtest/gtest.h>

#include "sim/game/level/time_and_weather.h"
#include "sim/game/level/weather.h"
#include "sim/game/level/world_clock.h"
#include "tests/game/movement_client.h"
#include "sim/world/anvil/level_data.h"
#include "sim/world/anvil/world_layout.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::StreamingServer;

// --- the weather cycle -------------------------------------------------------------------------

// ServerLevel.advanceWeatherCycle written out again as vanilla has it, one variable at a time.
struct ReferenceWeather {
  int clear = 0, rain = 0, thunder = 0;
  bool raining = false, thundering = false;
  void tick(Rng& random) {
    if (clear > 0) {
      --clear;
      thunder = thundering ? 0 : 1;
      rain = raining ? 0 : 1;
      thundering = false;
      raining = false;
      return;
    }
    if (thunder > 0) {
      --thunder;
      if (thunder == 0) thundering = !thundering;
    } else if (thundering) {
      thunder = 3600 + static_cast<int>(random.next_below(15600 - 3600 + 1));
    } else {
      thunder = 12000 + static_cast<int>(random.next_below(180000 - 12000 + 1));
    }
    if (rain > 0) {
      --rain;
      if (rain == 0) raining = !raining;
    } else if (raining) {
      rain = 12000 + static_cast<int>(random.next_below(24000 - 12000 + 1));
    } else {
      rain = 12000 + static_cast<int>(random.next_below(180000 - 12000 + 1));
    }
  }
};

TEST(WeatherCycle, MatchesTheReferenceModelFromRandomStates) {
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    Rng setup(seed);
    WeatherData data;
    data.clear_weather_time = setup.next_below(4) == 0 ? static_cast<int32_t>(setup.next_below(500)) : 0;
    data.rain_time = static_cast<int32_t>(setup.next_below(300));
    data.thunder_time = static_cast<int32_t>(setup.next_below(300));
    data.raining = setup.next_below(2) == 1;
    data.thundering = setup.next_below(2) == 1;
    ReferenceWeather ref{data.clear_weather_time, data.rain_time, data.thunder_time, data.raining, data.thundering};
    Rng a(seed * 7919), b(seed * 7919);
    for (int tick = 0; tick < 20000; ++tick) {
      advance_weather_data(data, a);
      ref.tick(b);
      ASSERT_EQ(data, (WeatherData{ref.clear, ref.rain, ref.thunder, ref.raining, ref.thundering}))
          << "seed " << seed << " tick " << tick;
    }
    EXPECT_EQ(a.state_hash(), b.state_hash());
  }
}

// Lengths of the runs of one flag over a long simulation, without the first and the last (cut).
template <class Flag>
std::vector<int> spell_lengths(uint64_t seed, int ticks, bool on, Flag flag) {
  Rng random(seed);
  WeatherData data;
  std::vector<int> lengths;
  int run = 0;
  bool previous = flag(data);
  for (int i = 0; i < ticks; ++i) {
    advance_weather_data(data, random);
    if (flag(data) == previous) {
      ++run;
      continue;
    }
    if (previous == on) lengths.push_back(run);
    previous = flag(data);
    run = 1;
  }
  if (!lengths.empty() && !flag(WeatherData{})) lengths.erase(lengths.begin());  // may start mid-way
  return lengths;
}

TEST(WeatherCycle, RainAndThunderLastAsLongAsVanillaDraws) {
  // A countdown that reaches 0 flips the state; the next tick draws the new state's length, so a
  // spell lasts the drawn ticks plus one.
  auto raining = [](const WeatherData& w) { return w.raining; };
  auto thundering = [](const WeatherData& w) { return w.thundering; };
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const int ticks = 3'000'000;
    auto rain = spell_lengths(seed, ticks, true, raining);
    auto dry = spell_lengths(seed, ticks, false, raining);
    auto thunder = spell_lengths(seed, ticks, true, thundering);
    ASSERT_GE(rain.size(), 5u);
    ASSERT_GE(thunder.size(), 5u);
    for (int n : rain) EXPECT_TRUE(n >= 12001 && n <= 24001) << n;
    for (size_t i = 1; i < dry.size(); ++i) EXPECT_TRUE(dry[i] >= 12001 && dry[i] <= 180001) << dry[i];
    for (int n : thunder) EXPECT_TRUE(n >= 3601 && n <= 15601) << n;
  }
}

TEST(WeatherCycle, ForcedClearWeatherHoldsAndThenWaitsForANewDelay) {
  Rng random(3);
  WeatherData data{100, 0, 0, true, true};
  for (int i = 0; i < 100; ++i) {
    advance_weather_data(data, random);
    EXPECT_FALSE(data.raining);
    EXPECT_FALSE(data.thundering);
  }
  EXPECT_EQ(data.clear_weather_time, 0);
  // While it was clear the countdowns were held at 1, so the tick after it ends both reach 0 and
  // flip: vanilla starts rain (and thunder) right when forced clear weather runs out.
  advance_weather_data(data, random);
  EXPECT_EQ(data.rain_time, 0);
  EXPECT_TRUE(data.raining);
  EXPECT_TRUE(data.thundering);
}

TEST(WeatherLevels, FadeBy0Point01AndSendVanillasEvents) {
  WeatherData data;
  data.raining = true;
  WeatherLevels levels;
  std::vector<WeatherEvent> all;
  for (int i = 0; i < 30; ++i) {
    const bool was = is_raining(levels);
    fade_weather_levels(levels, data);
    for (const WeatherEvent& e : weather_tick_events(levels, was)) all.push_back(e);
  }
  // Each tick: the rain level; on the tick it passes 0.2, start raining and both levels again.
  ASSERT_EQ(all.size(), 30u + 3u);
  EXPECT_EQ(all[0], (WeatherEvent{kRainLevelChange, 0.01f}));
  size_t start = 0;
  for (size_t i = 0; i < all.size(); ++i)
    if (all[i].event == kStartRaining) start = i;
  ASSERT_GT(start, 0u);
  EXPECT_GT(all[start - 1].value, 0.2f);
  EXPECT_EQ(all[start + 1].event, kRainLevelChange);
  EXPECT_EQ(all[start + 2], (WeatherEvent{kThunderLevelChange, 0.0f}));
  EXPECT_TRUE(is_raining(levels));
  EXPECT_FALSE(is_thundering(levels));
  EXPECT_EQ(weather_join_events(levels).size(), 3u);
  EXPECT_TRUE(weather_join_events(WeatherLevels{}).empty());
  EXPECT_EQ(initial_weather_levels(WeatherData{0, 5, 5, true, true}), (WeatherLevels{1.0f, 0.0f, 1.0f, 0.0f}));
}

// --- clocks ------------------------------------------------------------------------------------

TEST(WorldClock, AdvancesAtItsRateUnlessPaused) {
  ClockState clock;
  advance_clock(clock);
  EXPECT_EQ(clock.total_ticks, 1);
  clock.rate = 0.5f;
  advance_clock(clock);
  EXPECT_EQ(clock.total_ticks, 1);
  advance_clock(clock);
  EXPECT_EQ(clock.total_ticks, 2);
  clock.rate = 3.0f;
  advance_clock(clock);
  EXPECT_EQ(clock.total_ticks, 5);
  clock.paused = true;
  advance_clock(clock);
  EXPECT_EQ(clock.total_ticks, 5);
  EXPECT_EQ(clock_network_view(clock, true).rate, 0.0f);
  clock.paused = false;
  EXPECT_EQ(clock_network_view(clock, true).rate, 3.0f);
  EXPECT_EQ(clock_network_view(clock, false).rate, 0.0f);
}

TEST(WorldClock, TimeMarkersMoveForwardToTheNextOccurrence) {
  const TimeMarker day = *find_overworld_time_marker("minecraft:day");
  const TimeMarker noon = *find_overworld_time_marker("minecraft:noon");
  EXPECT_EQ(resolve_time_to_move_to(day, 0), 1000);
  EXPECT_EQ(resolve_time_to_move_to(day, 500), 1000);
  EXPECT_EQ(resolve_time_to_move_to(day, 1000), 25000);  // already there: a whole day on
  EXPECT_EQ(resolve_time_to_move_to(noon, 30000), 54000);
  EXPECT_EQ(resolve_time_to_move_to(*find_overworld_time_marker("minecraft:night"), 14000), 37000);
  EXPECT_EQ(resolve_time_to_move_to(*find_overworld_time_marker("minecraft:midnight"), 0), 18000);
  EXPECT_FALSE(find_overworld_time_marker("minecraft:teatime"));
  const TimelineInfo moon = *find_timeline("minecraft:moon");
  EXPECT_EQ(timeline_current_ticks(moon, 200000), 8000);
  EXPECT_EQ(timeline_repetitions(moon, 200000), 1);
  EXPECT_EQ(timeline_current_ticks(*find_timeline("minecraft:early_game"), 200000), 200000);
  EXPECT_EQ(timeline_repetitions(*find_timeline("minecraft:early_game"), 200000), 0);
}

// --- commands ----------------------------------------------------------------------------------

using Lines = std::vector<std::string>;

TEST(TimeCommand, SetsAddsAndQueriesWithVanillasTexts) {
  CoreHarness h;
  EXPECT_EQ(h.command("time set 1000"), (Lines{"Set minecraft:overworld to 1000 tick(s)"}));
  EXPECT_EQ(h.core.time_and_weather().state().clock(WorldClockId::kOverworld).total_ticks, 1000 + 0);
  EXPECT_EQ(h.command("time query time"), (Lines{"Clock minecraft:overworld is at 1001 tick(s)"}));
  EXPECT_EQ(h.command("time set 0.5d"), (Lines{"Set minecraft:overworld to 12000 tick(s)"}));
  EXPECT_EQ(h.command("time add 30s"), (Lines{"Set minecraft:overworld to 12601 tick(s)"}));
  EXPECT_EQ(h.command("time add -100000"), (Lines{"Set minecraft:overworld to 0 tick(s)"}));
  EXPECT_EQ(h.command("time set noon"), (Lines{"Set minecraft:overworld to time marker minecraft:noon"}));
  EXPECT_EQ(h.core.time_and_weather().state().clock(WorldClockId::kOverworld).total_ticks, 6000);
  EXPECT_EQ(h.command("time set minecraft:night"), (Lines{"Set minecraft:overworld to time marker minecraft:night"}));
  EXPECT_EQ(h.command("time query day"), (Lines{"Timeline minecraft:day is at 13001 tick(s)"}));
  EXPECT_EQ(h.command("time query minecraft:day repetition"), (Lines{"Timeline minecraft:day has passed 0 repetition(s)"}));
  const int64_t game_time = h.core.time_and_weather().game_time();
  EXPECT_EQ(h.command("time query gametime"),
            (Lines{"The game time is " + std::to_string(game_time + 1) + " tick(s)"}));
  EXPECT_EQ(h.command("time set teatime"),
            (Lines{"Time marker ResourceKey[minecraft:clock_time_marker / minecraft:teatime] does not exist for clock "
                   "minecraft:overworld"}));
  EXPECT_EQ(h.command("time set 5x"), (Lines{"Time marker ResourceKey[minecraft:clock_time_marker / minecraft:5x] "
                                             "does not exist for clock minecraft:overworld"}));
  EXPECT_EQ(h.command("time query nothing")[0], "Can't find element 'minecraft:nothing' of type 'minecraft:timeline'");
  EXPECT_EQ(h.command("time pause"), (Lines{"Paused clock minecraft:overworld"}));
  EXPECT_EQ(h.command("time rate 2"), (Lines{"Clock minecraft:overworld will now advance at 2.0x normal rate"}));
  EXPECT_EQ(h.command("time rate 0")[0], "Float must not be less than 1.0E-5: found 0.0");
  EXPECT_EQ(h.command("time resume"), (Lines{"Resumed clock minecraft:overworld"}));
  EXPECT_EQ(h.command("time of minecraft:the_end query time")[0].substr(0, 30), "Clock minecraft:the_end is at ");
  EXPECT_EQ(h.command("time of the_end set day"),
            (Lines{"Time marker ResourceKey[minecraft:clock_time_marker / minecraft:day] does not exist for clock "
                   "minecraft:the_end"}));
  EXPECT_EQ(h.command("time of nether query time")[0], "Can't find element 'minecraft:nether' of type 'minecraft:world_clock'");
}

TEST(TimeCommand, ClockAdvancesAtTheSetRateAndStopsWhenPaused) {
  CoreHarness h;
  h.command("time set 0");  // the tick after the command advances it once
  h.command("time rate 2");
  const auto& clock = h.core.time_and_weather().state().clock(WorldClockId::kOverworld);
  const int64_t before = clock.total_ticks;
  for (int i = 0; i < 10; ++i) h.iterate(0);
  EXPECT_EQ(clock.total_ticks, before + 20);
  h.command("time pause");
  const int64_t paused = clock.total_ticks;
  for (int i = 0; i < 10; ++i) h.iterate(0);
  EXPECT_EQ(clock.total_ticks, paused);
}

TEST(WeatherCommand, SetsTheCountdownsWithVanillasTexts) {
  CoreHarness h;
  EXPECT_EQ(h.command("weather rain 600"), (Lines{"Set the weather to rain"}));
  // setWeatherParameters(0, 600, true, false): the thunder countdown gets the rain time too. The
  // command runs after the tick's weather step, so nothing has counted down yet.
  WeatherData w = h.core.time_and_weather().state().weather;
  EXPECT_EQ(w, (WeatherData{0, 600, 600, true, false}));
  EXPECT_EQ(h.command("weather thunder 1d"), (Lines{"Set the weather to rain & thunder"}));
  EXPECT_EQ(h.core.time_and_weather().state().weather, (WeatherData{0, 24000, 24000, true, true}));
  EXPECT_EQ(h.command("weather clear 10s"), (Lines{"Set the weather to clear"}));
  EXPECT_EQ(h.core.time_and_weather().state().weather, (WeatherData{200, 0, 0, false, false}));
  EXPECT_EQ(h.command("weather rain 0")[0], "The tick count must not be less than 1: found 0");
  EXPECT_EQ(h.command("weather snow")[0], "Incorrect argument for command");
  h.command("weather rain");
  w = h.core.time_and_weather().state().weather;
  EXPECT_TRUE(w.raining);
  EXPECT_GE(w.rain_time, 12000);
  EXPECT_LE(w.rain_time, 24000);
}

TEST(WeatherCommand, DrawsItsDefaultDurationFromTheCoresRandom) {
  CoreHarness a, b;
  a.command("weather thunder");
  b.command("weather thunder");
  EXPECT_EQ(a.core.time_and_weather().state().weather, b.core.time_and_weather().state().weather);
  EXPECT_EQ(a.core.state_hash(), b.core.state_hash());
}

// --- through the core with a player -------------------------------------------------------------

TEST(TimeAndWeatherPackets, JoinGetsEveryClockThenUpdatesEvery20Ticks) {
  StreamingServer s(2);
  s.prepare_spawn();
  s.join(1, "Alice", 2);
  std::vector<packet::play_cb::UpdateTime> join;
  for (auto& p : testing::sent_to<packet::play_cb::UpdateTime>(s.h.sink, 1))
    if (!p.clocks.empty()) join.push_back(p);
  ASSERT_EQ(join.size(), 1u);
  ASSERT_EQ(join[0].clocks.size(), 2u);
  EXPECT_EQ(join[0].clocks[0].clock_id, 0);
  EXPECT_EQ(join[0].clocks[1].clock_id, 1);
  EXPECT_EQ(join[0].clocks[0].rate, 1.0f);
  // The join is handled before the pass's tick, which then advanced the clock once more.
  EXPECT_EQ(join[0].clocks[0].total_ticks + 1,
            s.h.core.time_and_weather().state().clock(WorldClockId::kOverworld).total_ticks);
  std::vector<int64_t> sync_ticks;
  for (int i = 0; i < 60; ++i) {
    s.pass();
    for (const auto& p : testing::sent_to<packet::play_cb::UpdateTime>(s.h.sink, 1)) {
      EXPECT_TRUE(p.clocks.empty());
      // Sent before this tick's game time step: the game time of the tick before.
      EXPECT_EQ(p.game_time, s.h.core.time_and_weather().game_time() - 1);
      sync_ticks.push_back(s.h.core.tick_count());
    }
  }
  ASSERT_EQ(sync_ticks.size(), 3u);
  for (int64_t t : sync_ticks) EXPECT_EQ(t % 20, 0);
  EXPECT_EQ(sync_ticks[1] - sync_ticks[0], 20);
}

TEST(TimeAndWeatherPackets, ClockChangesAndRainReachPlayers) {
  StreamingServer s(2);
  s.prepare_spawn();
  s.join(1, "Alice", 2);
  s.pass({ConsoleLine{"time set 6000"}});
  auto set = testing::sent_to<packet::play_cb::UpdateTime>(s.h.sink, 1);
  ASSERT_FALSE(set.empty());
  ASSERT_EQ(set.back().clocks.size(), 1u);
  EXPECT_EQ(set.back().clocks[0].clock_id, 0);
  EXPECT_EQ(set.back().clocks[0].total_ticks, 6000);
  s.pass({ConsoleLine{"weather rain"}});
  EXPECT_TRUE(testing::sent_to<packet::play_cb::GameStateChange>(s.h.sink, 1).empty());
  s.pass();  // the next tick's weather step fades the rain in
  auto events = testing::sent_to<packet::play_cb::GameStateChange>(s.h.sink, 1);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].event, kRainLevelChange);
  EXPECT_FLOAT_EQ(events[0].value, 0.01f);
  bool started = false;
  for (int i = 0; i < 30 && !started; ++i) {
    s.pass();
    for (const auto& e : testing::sent_to<packet::play_cb::GameStateChange>(s.h.sink, 1))
      started |= e.event == kStartRaining;
  }
  EXPECT_TRUE(started);
  EXPECT_TRUE(s.h.core.time_and_weather().is_raining());
  // A player joining while it rains is told so.
  s.join(2, "Bob", 2);
  auto bob = testing::sent_to<packet::play_cb::GameStateChange>(s.h.sink, 2);
  ASSERT_GE(bob.size(), 3u);
  EXPECT_EQ(bob[0].event, kStartRaining);
  EXPECT_EQ(bob[1].event, kRainLevelChange);
  EXPECT_EQ(bob[2].event, kThunderLevelChange);
}

TEST(TimeAndWeatherPackets, AdvanceTimeOffHoldsTheClocksAndTellsPlayers) {
  StreamingServer s(2);
  s.prepare_spawn();
  s.join(1, "Alice", 2);
  s.pass({ConsoleLine{"gamerule advance_time false"}});
  auto sync = testing::sent_to<packet::play_cb::UpdateTime>(s.h.sink, 1);
  ASSERT_FALSE(sync.empty());
  ASSERT_EQ(sync.back().clocks.size(), 2u);
  EXPECT_EQ(sync.back().clocks[0].rate, 0.0f);
  const int64_t day = s.h.core.time_and_weather().state().clock(WorldClockId::kOverworld).total_ticks;
  const int64_t game = s.h.core.time_and_weather().game_time();
  for (int i = 0; i < 5; ++i) s.pass();
  EXPECT_EQ(s.h.core.time_and_weather().state().clock(WorldClockId::kOverworld).total_ticks, day);
  EXPECT_EQ(s.h.core.time_and_weather().game_time(), game + 5);  // game time always runs
}

TEST(TimeAndWeatherCore, StartsFromTheSavedStateAndHashesIt) {
  CoreConfig config{testing::test_properties(), 12345, "", {}, {}};
  config.level_time.game_time = 5000;
  config.level_time.clock(WorldClockId::kOverworld).total_ticks = 30000;
  config.level_time.weather = {0, 100, 200, true, false};
  testing::LoopClock clock;
  EffectBuffer sink;
  Core core(config, clock, sink);
  core.start();
  EXPECT_TRUE(core.time_and_weather().is_raining());  // a world saved while raining starts wet
  core.run_iteration({});
  EXPECT_EQ(core.time_and_weather().game_time(), 5001);
  EXPECT_EQ(core.time_and_weather().state().clock(WorldClockId::kOverworld).total_ticks, 30001);
  EXPECT_EQ(core.time_and_weather().state().weather.rain_time, 99);

  CoreConfig other = config;
  other.level_time.weather.raining = false;
  testing::LoopClock clock2;
  EffectBuffer sink2;
  Core core2(other, clock2, sink2);
  core2.start();
  core2.run_iteration({});
  EXPECT_NE(core.state_hash(), core2.state_hash());
}

TEST(TimeAndWeatherCore, SavesGameTimeClocksAndWeather) {
  CoreHarness h;
  h.command("time set 777");
  h.command("weather thunder 50");
  h.sink.clear();
  h.core.save_everything();
  bool weather = false, clocks = false, level = false;
  for (const Effect& e : h.sink.effects) {
    const auto* write = std::get_if<StorageWrite>(&e);
    if (!write) continue;
    if (write->path == anvil::kWeatherPath) {
      weather = true;
      auto decoded = anvil::decode_weather(write->bytes);
      ASSERT_TRUE(decoded.ok());
      EXPECT_EQ(*decoded, (anvil::WeatherFile{0, 50, 50, true, true}));
    } else if (write->path == anvil::kWorldClocksPath) {
      clocks = true;
      auto decoded = anvil::decode_world_clocks(write->bytes);
      ASSERT_TRUE(decoded.ok());
      ASSERT_EQ(decoded->size(), 2u);
      EXPECT_EQ((*decoded)[0].id, "minecraft:overworld");
      EXPECT_EQ((*decoded)[0].total_ticks, 778);
    } else if (write->path == anvil::kLevelDat) {
      level = true;
      EXPECT_TRUE(weather && clocks) << "level.dat is written after the saved data";
      auto decoded = anvil::decode_level_dat(write->bytes);
      ASSERT_TRUE(decoded.ok());
      EXPECT_EQ(decoded->time, h.core.time_and_weather().game_time());
    }
  }
  EXPECT_TRUE(weather && clocks && level);
}

}  // namespace
}  // namespace hz
