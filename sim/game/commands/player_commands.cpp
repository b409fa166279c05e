// Commands that act on players: /gamemode, /kill and /tp (absolute, relative ~ and player targets).
#include <charconv>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/game/commands/command_table.h"

namespace hz {

namespace {

std::string mode_display_name(GameMode mode) {
  static constexpr const char* kNames[] = {"Survival Mode", "Creative Mode", "Adventure Mode", "Spectator Mode"};
  return kNames[static_cast<int>(mode)];
}

// The player a command acts on: the named target, or the source when it is a player.
std::optional<ConnId> resolve_target(CommandHost& host, const CommandSource& source, const std::string& name,
                                     CommandReader& reader, std::optional<CommandError>& error) {
  if (name.empty()) {
    if (source.player) return source.player;
    error = reader.error_here("A player is required to run this command here");
    return std::nullopt;
  }
  if (name.starts_with("@")) {
    // A selector: the first player it picks (gamemode and tp take one player).
    CommandReader sub(name);
    auto selector = parse_entity_selector(sub, [](std::string_view type) { return type == "player"; }, error);
    if (!selector) return std::nullopt;
    const PlayerPlacement origin = host.command_origin(source);
    for (const SelectableEntity& e : select_entities(*selector, host.selectable_entities(),
                                                     Vec3{origin.x, origin.y, origin.z}, host.source_entity(source),
                                                     host.game_random()))
      if (e.player) return e.player;
  } else if (auto p = host.find_player(name)) {
    return p;
  }
  error = CommandError{"No player was found", command_context(reader.input(), reader.cursor())};
  return std::nullopt;
}

}  // namespace

std::optional<double> read_coordinate(CommandReader& reader, double current, bool center_whole) {
  std::string word = reader.read_word();
  bool relative = !word.empty() && word[0] == '~';
  std::string_view number = relative ? std::string_view(word).substr(1) : std::string_view(word);
  double value = 0;
  if (!number.empty()) {
    auto res = std::from_chars(number.data(), number.data() + number.size(), value);
    if (res.ec != std::errc() || res.ptr != number.data() + number.size()) return std::nullopt;
  } else if (!relative) {
    return std::nullopt;
  }
  if (relative) return current + value;
  bool whole = number.find('.') == std::string_view::npos;
  return center_whole && whole ? value + 0.5 : value;
}

int run_gamemode_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                         std::optional<CommandError>& error) {
  size_t mode_start = reader.cursor();
  std::string mode_text = reader.read_word();
  auto mode = parse_game_mode(mode_text);
  if (!mode || std::isdigit(static_cast<unsigned char>(mode_text.empty() ? 'x' : mode_text[0]))) {
    reader.set_cursor(mode_start);
    error = reader.error_here(mode_text.empty() ? "Unknown or incomplete command. See below for error"
                                                : "Unknown game mode: " + mode_text);
    return 0;
  }
  std::string target_name;
  if (reader.skip_separator()) target_name = reader.read_word();
  auto target = resolve_target(host, source, target_name, reader, error);
  if (!target) return 0;
  if (host.player_game_mode(*target) == *mode) return 0;  // vanilla: unchanged targets are not counted
  host.set_player_game_mode(*target, *mode);
  if (source.player == target) {
    host.send_success(source, "Set own game mode to " + mode_display_name(*mode), true);
  } else {
    host.send_success(source, "Set " + host.player_name(*target) + "'s game mode to " + mode_display_name(*mode), true);
  }
  return 1;
}

// KillCommand: every selected entity is killed whether or not it was alive; vanilla counts it.
int run_kill_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  std::vector<SelectableEntity> targets;
  if (reader.at_end()) {
    const auto self = host.source_entity(source);
    if (!self) {
      error = reader.error_here("An entity is required to run this command here");
      return 0;
    }
    for (SelectableEntity& e : host.selectable_entities())
      if (e.entity_id == *self) targets.push_back(std::move(e));
  } else {
    auto selector = parse_entity_selector(reader, [](std::string_view type) {
      return type == "player" || entity_type_id(type).has_value();
    }, error);
    if (!selector) return 0;
    if (auto extra = expect_end(reader)) {
      error = extra;
      return 0;
    }
    const PlayerPlacement origin = host.command_origin(source);
    targets = select_entities(*selector, host.selectable_entities(), Vec3{origin.x, origin.y, origin.z},
                              host.source_entity(source), host.game_random());
    if (targets.empty()) {
      error = CommandError{selector->players_only() ? "No player was found" : "No entity was found",
                           command_context(reader.input(), reader.cursor())};
      return 0;
    }
  }
  for (const SelectableEntity& target : targets) host.kill_entity(target);
  if (targets.size() == 1) host.send_success(source, "Killed " + targets.front().name, true);
  else host.send_success(source, "Killed " + std::to_string(targets.size()) + " entities", true);
  return static_cast<int>(targets.size());
}

int run_tp_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                   std::optional<CommandError>& error) {
  // Split the arguments to pick the form: 1 (player), 2 (target player), 3 (xyz), 4 (target xyz).
  std::vector<std::string> words;
  size_t start = reader.cursor();
  while (!reader.at_end()) {
    words.push_back(reader.read_word());
    reader.skip_separator();
  }
  reader.set_cursor(start);
  if (words.empty() || words.size() > 4) {
    error = incomplete_command(reader);
    return 0;
  }
  std::string target_name = (words.size() == 2 || words.size() == 4) ? words[0] : "";
  if (!target_name.empty()) {
    reader.read_word();
    reader.skip_separator();
  }
  auto target = resolve_target(host, source, target_name, reader, error);
  if (!target) return 0;
  PlayerPlacement to = host.player_placement(*target);
  std::string target_text = host.player_name(*target);
  if (words.size() == 1 || words.size() == 2) {
    auto destination = host.find_player(words.back());
    if (!destination) {
      error = CommandError{"No entity was found", command_context(reader.input(), reader.cursor())};
      return 0;
    }
    PlayerPlacement d = host.player_placement(*destination);
    to.x = d.x, to.y = d.y, to.z = d.z, to.yaw = d.yaw, to.pitch = d.pitch;
    host.teleport_player(*target, to);
    host.send_success(source, "Teleported " + target_text + " to " + host.player_name(*destination), true);
    return 1;
  }
  auto x = read_coordinate(reader, to.x, true);
  reader.skip_separator();
  auto y = read_coordinate(reader, to.y, false);
  reader.skip_separator();
  auto z = read_coordinate(reader, to.z, true);
  if (!x || !y || !z) {
    error = reader.error_here("Incomplete (expected 3 coordinates)");
    return 0;
  }
  to.x = *x, to.y = *y, to.z = *z;
  host.teleport_player(*target, to);
  host.send_success(source,
                    "Teleported " + target_text + " to " + java_fixed(*x, 6) + ", " + java_fixed(*y, 6) + ", " +
                        java_fixed(*z, 6),
                    true);
  return 1;
}

}  // namespace hz
