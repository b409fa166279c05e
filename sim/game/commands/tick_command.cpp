// /tick: query, rate, step, sprint, freeze, unfreeze, with vanilla's en_us texts and numbers.
#include "sim/core/java_format.h"
#include "sim/game/commands/command_table.h"
#include "sim/game/tick_rate.h"
#include "sim/game/tick_stats.h"

namespace hz {

namespace {

// Vanilla's ms(n): (float)n / 1e6f formatted "%.1f".
std::string millis_text(int64_t nanos) {
  return java_fixed(static_cast<float>(nanos) / 1.0e6f, 1);
}

int query(CommandHost& host, const CommandSource& source) {
  TickRateManager& rate = host.tick_rate();
  int64_t average = host.tick_stats().average_nanos(host.tick_count());
  std::string busy = millis_text(average);
  std::string rate_text = java_fixed(rate.tick_rate(), 1);
  if (rate.is_sprinting()) {
    host.send_success(source, "The game is sprinting", false);
    host.send_success(source,
                      "Target tick rate: " + rate_text + " per second (ignored, reference only).\nAverage time per tick: " +
                          busy + "ms",
                      false);
  } else {
    if (rate.is_frozen()) host.send_success(source, "The game is frozen", false);
    else if (rate.nanoseconds_per_tick() < average)
      host.send_success(source, "The game is running, but can't keep up with the target tick rate", false);
    else host.send_success(source, "The game is running normally", false);
    host.send_success(source,
                      "Target tick rate: " + rate_text + " per second.\nAverage time per tick: " + busy +
                          "ms (Target: " + millis_text(rate.nanoseconds_per_tick()) + "ms)",
                      false);
  }
  auto sorted = host.tick_stats().sorted();
  host.send_success(source,
                    "Percentiles: P50: " + millis_text(sorted[50]) + "ms P95: " + millis_text(sorted[95]) +
                        "ms P99: " + millis_text(sorted[99]) + "ms. Sample: " + std::to_string(sorted.size()),
                    false);
  return static_cast<int>(rate.tick_rate());
}

int set_rate(CommandHost& host, const CommandSource& source, CommandReader& reader,
             std::optional<CommandError>& error) {
  CommandError e;
  size_t start = reader.cursor();
  auto value = reader.read_float(e);
  if (!value) return error = e, 0;
  if (*value < 1.0f || *value > 10000.0f) {
    reader.set_cursor(start);
    bool low = *value < 1.0f;
    error = reader.error_here(std::string(low ? "Float must not be less than " : "Float must not be more than ") +
                              (low ? "1.0" : "10000.0") + ": found " + java_float_to_string(*value));
    return 0;
  }
  if ((error = expect_end(reader))) return 0;
  host.tick_rate().set_tick_rate(*value);
  host.send_success(source, "Set the target tick rate to " + java_fixed(*value, 1) + " per second", true);
  return static_cast<int>(*value);
}

int step(CommandHost& host, const CommandSource& source, int ticks) {
  if (host.tick_rate().step_game_if_paused(ticks)) {
    host.send_success(source, "Stepping " + std::to_string(ticks) + " tick(s)", true);
  } else {
    host.send_failure(source, "Unable to step the game - the game must be frozen first");
  }
  return 1;
}

int step_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                 std::optional<CommandError>& error) {
  if (reader.at_end()) return step(host, source, 1);
  if (reader.remaining() == "stop") {
    if (host.tick_rate().stop_stepping()) {
      host.send_success(source, "Interrupted the current tick step", true);
      return 1;
    }
    host.send_failure(source, "No tick step in progress");
    return 0;
  }
  CommandError e;
  auto ticks = reader.read_time(1, e);
  if (!ticks) return error = e, 0;
  if ((error = expect_end(reader))) return 0;
  return step(host, source, *ticks);
}

int sprint_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                   std::optional<CommandError>& error) {
  if (reader.remaining() == "stop") {
    if (host.tick_rate().stop_sprinting()) {
      host.send_success(source, "Interrupted the current tick sprint", true);
      return 1;
    }
    host.send_failure(source, "No tick sprint in progress");
    return 0;
  }
  CommandError e;
  auto ticks = reader.read_time(1, e);
  if (!ticks) return error = e, 0;
  if ((error = expect_end(reader))) return 0;
  if (host.tick_rate().request_game_to_sprint(*ticks))
    host.send_success(source, "Interrupted the current tick sprint", true);
  host.send_success(source, "The game is sprinting", true);
  return 1;
}

int set_freeze(CommandHost& host, const CommandSource& source, bool freeze) {
  TickRateManager& rate = host.tick_rate();
  if (freeze) {
    if (rate.is_sprinting()) rate.stop_sprinting();
    if (rate.is_stepping_forward()) rate.stop_stepping();
  }
  rate.set_frozen(freeze);
  host.send_success(source, freeze ? "The game is frozen" : "The game is running normally", true);
  return freeze ? 1 : 0;
}

}  // namespace

int run_tick_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  size_t start = reader.cursor();
  std::string sub = reader.read_word();
  bool has_argument = reader.skip_separator();
  if (sub == "query" && !has_argument) return query(host, source);
  if (sub == "rate" && has_argument) return set_rate(host, source, reader, error);
  if (sub == "step") return step_command(host, source, reader, error);
  if (sub == "sprint" && has_argument) return sprint_command(host, source, reader, error);
  if (sub == "freeze" && !has_argument) return set_freeze(host, source, true);
  if (sub == "unfreeze" && !has_argument) return set_freeze(host, source, false);
  reader.set_cursor(sub.empty() || sub == "rate" || sub == "sprint" ? reader.cursor() : start);
  error = reader.error_here(sub.empty() || sub == "rate" || sub == "sprint"
                                ? "Unknown or incomplete command. See below for error"
                                : "Incorrect argument for command");
  return 0;
}

}  // namespace hz
