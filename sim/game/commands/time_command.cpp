// /time (26.1's clock command): set <time>|<time marker>, add, pause, resume, rate, query
// time|gametime|<timeline> [repetition], and `of <clock> ...` for another clock, with vanilla's
// en_us texts. Without `of` it acts on the overworld clock (the console's level's default clock).
#include <algorithm>

#include "sim/core/java_format.h"
#include "sim/game/commands/command_table.h"
#include "sim/game/level/time_and_weather.h"

namespace hz {

namespace {

using MaybeError = std::optional<CommandError>;

bool allowed_in_identifier(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.' || c == ':' || c == '/';
}

// Identifier.read: the longest run of identifier characters, "minecraft:" when no namespace.
std::optional<std::string> read_identifier(CommandReader& reader, MaybeError& error) {
  const size_t start = reader.cursor();
  size_t end = start;
  const std::string_view input = reader.input();
  while (end < input.size() && allowed_in_identifier(input[end])) ++end;
  std::string id(input.substr(start, end - start));
  if (id.empty() || std::count(id.begin(), id.end(), ':') > 1 ||
      (id.find(':') != std::string::npos && id.find('/') < id.find(':'))) {
    error = reader.error_here("Invalid ID");
    return std::nullopt;
  }
  reader.set_cursor(end);
  return id.find(':') == std::string::npos ? "minecraft:" + id : id;
}

std::string clock_name(WorldClockId clock) { return std::string(kWorldClockNames[static_cast<size_t>(clock)]); }

// TimeCommand.wrapTime: the int result of a long tick count.
int wrap_time(int64_t ticks) { return static_cast<int>(ticks % 2147483647LL); }

int set_ticks(CommandHost& host, const CommandSource& source, WorldClockId clock, int32_t ticks) {
  host.time_and_weather().set_total_ticks(clock, ticks);
  host.send_success(source, "Set " + clock_name(clock) + " to " + std::to_string(ticks) + " tick(s)", true);
  return ticks;
}

// `set <time>` is tried first; a word that is not a valid time but is an identifier names a time
// marker (brigadier keeps the branch that parses).
int set_command(CommandHost& host, const CommandSource& source, WorldClockId clock, CommandReader& reader,
                MaybeError& error) {
  const size_t start = reader.cursor();
  CommandError time_error;
  if (auto ticks = reader.read_time(0, time_error); ticks && reader.at_end()) return set_ticks(host, source, clock, *ticks);
  reader.set_cursor(start);
  MaybeError id_error;
  auto marker_id = read_identifier(reader, id_error);
  if (!marker_id) return error = time_error, 0;
  if ((error = expect_end(reader))) return 0;
  std::optional<TimeMarker> marker;
  if (clock == WorldClockId::kOverworld) marker = find_overworld_time_marker(*marker_id);
  if (!marker) {
    host.send_failure(source, "Time marker ResourceKey[minecraft:clock_time_marker / " + *marker_id +
                                  "] does not exist for clock " + clock_name(clock));
    return 0;
  }
  host.time_and_weather().move_to(clock, *marker);
  host.send_success(source, "Set " + clock_name(clock) + " to time marker " + *marker_id, true);
  return wrap_time(host.time_and_weather().state().clock(clock).total_ticks);
}

int add_command(CommandHost& host, const CommandSource& source, WorldClockId clock, CommandReader& reader,
                MaybeError& error) {
  CommandError e;
  auto ticks = reader.read_time(INT32_MIN, e);
  if (!ticks) return error = e, 0;
  if ((error = expect_end(reader))) return 0;
  host.time_and_weather().add_ticks(clock, *ticks);
  const int64_t total = host.time_and_weather().state().clock(clock).total_ticks;
  host.send_success(source, "Set " + clock_name(clock) + " to " + std::to_string(total) + " tick(s)", true);
  return wrap_time(total);
}

int rate_command(CommandHost& host, const CommandSource& source, WorldClockId clock, CommandReader& reader,
                 MaybeError& error) {
  CommandError e;
  const size_t start = reader.cursor();
  auto rate = reader.read_float(e);
  if (!rate) return error = e, 0;
  if (*rate < 1.0e-5f || *rate > 1000.0f) {
    reader.set_cursor(start);
    const bool low = *rate < 1.0e-5f;
    error = reader.error_here(std::string(low ? "Float must not be less than " : "Float must not be more than ") +
                              (low ? "1.0E-5" : "1000.0") + ": found " + java_float_to_string(*rate));
    return 0;
  }
  if ((error = expect_end(reader))) return 0;
  host.time_and_weather().set_rate(clock, *rate);
  host.send_success(source, "Clock " + clock_name(clock) + " will now advance at " + java_float_to_string(*rate) +
                                "x normal rate",
                    true);
  return 1;
}

int query_timeline(CommandHost& host, const CommandSource& source, WorldClockId clock, CommandReader& reader,
                   MaybeError& error) {
  const size_t start = reader.cursor();
  auto id = read_identifier(reader, error);
  if (!id) return 0;
  auto timeline = find_timeline(*id);
  if (!timeline) {
    reader.set_cursor(start);
    error = reader.error_here("Can't find element '" + *id + "' of type 'minecraft:timeline'");
    return 0;
  }
  bool repetitions = false;
  if (reader.skip_separator()) {
    const size_t word_start = reader.cursor();
    if (reader.read_word() != "repetition") {
      reader.set_cursor(word_start);
      return error = reader.error_here("Incorrect argument for command"), 0;
    }
    repetitions = true;
  }
  if ((error = expect_end(reader))) return 0;
  if (clock != WorldClockId::kOverworld) {  // every vanilla timeline runs on the overworld clock
    host.send_failure(source, "Timeline " + *id + " is not valid for clock " + clock_name(clock));
    return 0;
  }
  const int64_t total = host.time_and_weather().state().clock(clock).total_ticks;
  if (repetitions) {
    const int64_t count = timeline_repetitions(*timeline, total);
    host.send_success(source, "Timeline " + *id + " has passed " + std::to_string(count) + " repetition(s)", false);
    return wrap_time(count);
  }
  const int64_t ticks = timeline_current_ticks(*timeline, total);
  host.send_success(source, "Timeline " + *id + " is at " + std::to_string(ticks) + " tick(s)", false);
  return wrap_time(ticks);
}

int query_command(CommandHost& host, const CommandSource& source, WorldClockId clock, bool offer_game_time,
                  CommandReader& reader, MaybeError& error) {
  const size_t start = reader.cursor();
  const std::string word = reader.read_word();
  if (word == "time" && reader.at_end()) {
    const int64_t total = host.time_and_weather().state().clock(clock).total_ticks;
    host.send_success(source, "Clock " + clock_name(clock) + " is at " + std::to_string(total) + " tick(s)", false);
    return wrap_time(total);
  }
  if (offer_game_time && word == "gametime" && reader.at_end()) {
    const int64_t game_time = host.time_and_weather().game_time();
    host.send_success(source, "The game time is " + std::to_string(game_time) + " tick(s)", false);
    return wrap_time(game_time);
  }
  reader.set_cursor(start);
  return query_timeline(host, source, clock, reader, error);
}

// The nodes every clock has (TimeCommand.addClockNodes).
int clock_command(CommandHost& host, const CommandSource& source, WorldClockId clock, bool offer_game_time,
                  CommandReader& reader, MaybeError& error) {
  const size_t start = reader.cursor();
  const std::string action = reader.read_word();
  const bool has_argument = reader.skip_separator();
  if (action == "set" && has_argument) return set_command(host, source, clock, reader, error);
  if (action == "add" && has_argument) return add_command(host, source, clock, reader, error);
  if (action == "rate" && has_argument) return rate_command(host, source, clock, reader, error);
  if (action == "query" && has_argument) return query_command(host, source, clock, offer_game_time, reader, error);
  if ((action == "pause" || action == "resume") && reader.at_end()) {
    const bool pause = action == "pause";
    host.time_and_weather().set_paused(clock, pause);
    host.send_success(source, (pause ? "Paused clock " : "Resumed clock ") + clock_name(clock), true);
    return 1;
  }
  reader.set_cursor(start);
  error = reader.error_here(action.empty() || has_argument || action == "set" || action == "add" ||
                                    action == "rate" || action == "query"
                                ? "Unknown or incomplete command. See below for error"
                                : "Incorrect argument for command");
  return 0;
}

}  // namespace

int run_time_command(CommandHost& host, const CommandSource& source, CommandReader& reader, MaybeError& error) {
  const size_t start = reader.cursor();
  if (reader.read_word() != "of") {
    reader.set_cursor(start);
    return clock_command(host, source, WorldClockId::kOverworld, true, reader, error);
  }
  if (!reader.skip_separator()) {
    reader.set_cursor(start);
    return error = incomplete_command(reader), 0;
  }
  const size_t id_start = reader.cursor();
  auto id = read_identifier(reader, error);
  if (!id) return 0;
  const auto* name = std::find(kWorldClockNames.begin(), kWorldClockNames.end(), *id);
  if (name == kWorldClockNames.end()) {
    reader.set_cursor(id_start);
    return error = reader.error_here("Can't find element '" + *id + "' of type 'minecraft:world_clock'"), 0;
  }
  const auto clock = static_cast<WorldClockId>(name - kWorldClockNames.begin());
  if (!reader.skip_separator()) return error = incomplete_command(reader), 0;
  return clock_command(host, source, clock, false, reader, error);
}

}  // namespace hz
