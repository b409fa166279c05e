// /experience and /xp (ExperienceCommand) with vanilla's texts: add points or levels, set them
// (points below the current level's need), query one player's (docs/rules/experience.md §7).
#include <string>

#include "sim/game/commands/command_table.h"
#include "sim/game/commands/player_targets.h"

namespace hz {

namespace {

// The optional or required unit after the amount: "points" (the default) or "levels".
std::optional<bool> read_levels(CommandReader& reader, bool required, std::optional<CommandError>& error) {
  if (!reader.skip_separator()) {
    if (required) error = incomplete_command(reader);
    return required ? std::nullopt : std::optional<bool>(false);
  }
  const size_t start = reader.cursor();
  const std::string unit = reader.read_word();
  if (unit == "points" || unit == "levels") return unit == "levels";
  reader.set_cursor(start);
  error = reader.error_here("Incorrect argument for command");
  return std::nullopt;
}

std::string unit_name(bool levels) { return levels ? "levels" : "points"; }

// The success text: one player by name, several by their number.
void report(CommandHost& host, const CommandSource& source, const std::vector<ConnId>& players, const std::string& verb,
            int amount, bool levels) {
  const std::string preposition = verb == "Gave" ? " to " : " on ";
  const std::string who = players.size() == 1 ? host.player_name(players[0]) : std::to_string(players.size()) + " players";
  host.send_success(source, verb + " " + std::to_string(amount) + " experience " + unit_name(levels) + preposition + who, true);
}

int add(CommandHost& host, const CommandSource& source, const std::vector<ConnId>& players, int amount, bool levels) {
  for (ConnId player : players) {
    experience::Experience xp = host.player_experience(player);
    if (levels) experience::give_levels(xp, amount);
    else experience::give_points(xp, amount);
    host.set_player_experience(player, xp, amount != 0);  // ServerPlayer's givers skip 0
  }
  report(host, source, players, "Gave", amount, levels);
  return static_cast<int>(players.size());
}

int set(CommandHost& host, const CommandSource& source, const std::vector<ConnId>& players, int amount, bool levels) {
  int done = 0;
  for (ConnId player : players) {
    experience::Experience xp = host.player_experience(player);
    const experience::Experience before = xp;
    if (levels) {
      xp.level = amount;
    } else {
      if (amount >= experience::points_for_next_level(xp.level)) continue;
      experience::set_points(xp, amount);
    }
    ++done;
    host.set_player_experience(player, xp, xp.level != before.level || xp.progress != before.progress);
  }
  if (done == 0) {
    host.send_failure(source, "Cannot set experience points above the maximum points for the player's current level");
    return 0;
  }
  report(host, source, players, "Set", amount, levels);
  return static_cast<int>(players.size());
}

int query(CommandHost& host, const CommandSource& source, ConnId player, bool levels) {
  const experience::Experience xp = host.player_experience(player);
  const int result = levels ? xp.level : experience::points_in_level(xp);
  host.send_success(source, host.player_name(player) + " has " + std::to_string(result) + " experience " + unit_name(levels), false);
  return result;
}

}  // namespace

int run_experience_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                           std::optional<CommandError>& error) {
  if (reader.at_end()) return error = incomplete_command(reader), 0;
  const size_t action_start = reader.cursor();
  const std::string action = reader.read_word();
  if (action != "add" && action != "set" && action != "query") {
    reader.set_cursor(action_start);
    return error = reader.error_here("Incorrect argument for command"), 0;
  }
  if (!reader.skip_separator()) return error = incomplete_command(reader), 0;
  const size_t targets_start = reader.cursor();
  const std::vector<ConnId> players = read_players(host, source, reader, error);
  if (error) return 0;
  if (action == "query") {
    const size_t after_target = reader.cursor();
    if (players.size() > 1) {
      reader.set_cursor(targets_start);
      return error = reader.error_here("Only one player is allowed, but the provided selector allows more than one"), 0;
    }
    reader.set_cursor(after_target);
    const std::optional<bool> levels = read_levels(reader, true, error);
    if (!levels || (error = expect_end(reader))) return 0;
    if (players.empty()) return host.send_failure(source, "No player was found"), 0;
    return query(host, source, players[0], *levels);
  }
  if (!reader.skip_separator()) return error = incomplete_command(reader), 0;
  CommandError bad;
  const std::optional<int32_t> amount =
      action == "set" ? reader.read_int_in(0, INT32_MAX, bad) : reader.read_int(bad);
  if (!amount) return error = bad, 0;
  const std::optional<bool> levels = read_levels(reader, false, error);
  if (!levels || (error = expect_end(reader))) return 0;
  if (players.empty()) return host.send_failure(source, "No player was found"), 0;
  return action == "add" ? add(host, source, players, *amount, *levels) : set(host, source, players, *amount, *levels);
}

}  // namespace hz
