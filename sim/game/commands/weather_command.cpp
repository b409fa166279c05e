// /weather clear|rain|thunder [duration]: sets the weather countdowns the way vanilla's
// WeatherCommand does; without a duration one is drawn from vanilla's range with the core's RNG.
#include "sim/game/commands/command_table.h"
#include "sim/game/level/time_and_weather.h"

namespace hz {

namespace {

struct WeatherKind {
  std::string_view word;
  TickRange default_range;
  bool raining, thundering;
  std::string_view text;
};

constexpr WeatherKind kKinds[] = {
    {"clear", kRainDelay, false, false, "Set the weather to clear"},
    {"rain", kRainDuration, true, false, "Set the weather to rain"},
    {"thunder", kThunderDuration, true, true, "Set the weather to rain & thunder"},
};

}  // namespace

int run_weather_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                        std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string word = reader.read_word();
  const WeatherKind* kind = nullptr;
  for (const WeatherKind& k : kKinds)
    if (k.word == word) kind = &k;
  if (!kind) {
    reader.set_cursor(start);
    error = reader.error_here(word.empty() ? "Unknown or incomplete command. See below for error"
                                           : "Incorrect argument for command");
    return 0;
  }
  int32_t requested = -1;  // WeatherCommand.DEFAULT_TIME: draw one
  if (reader.skip_separator()) {
    CommandError e;
    auto ticks = reader.read_time(1, e);
    if (!ticks) return error = e, 0;
    requested = *ticks;
  }
  if ((error = expect_end(reader))) return 0;
  const int32_t duration = requested == -1 ? sample_ticks(kind->default_range, host.game_random()) : requested;
  if (kind->raining) host.time_and_weather().set_weather(0, duration, true, kind->thundering);
  else host.time_and_weather().set_weather(duration, 0, false, false);
  host.send_success(source, std::string(kind->text), true);
  return requested;  // vanilla returns the argument, -1 when none was given
}

}  // namespace hz
