#include "sim/game/commands/player_targets.h"

#include <algorithm>
#include <string>

namespace hz {

namespace {

double distance_squared(const PlayerPlacement& a, const PlayerPlacement& b) {
  const double dx = a.x - b.x, dy = a.y - b.y, dz = a.z - b.z;
  return dx * dx + dy * dy + dz * dz;
}

std::vector<ConnId> all_players(CommandHost& host) {
  std::vector<ConnId> players;
  for (const std::string& name : host.online_player_names())
    if (auto conn = host.find_player(name)) players.push_back(*conn);
  return players;
}

// @p: the player nearest to where the command runs (the earlier joined on a tie).
std::vector<ConnId> nearest_player(CommandHost& host, const CommandSource& source) {
  std::vector<ConnId> players = all_players(host);
  if (players.empty()) return players;
  const PlayerPlacement origin = host.command_origin(source);
  auto nearer = [&](ConnId a, ConnId b) {
    return distance_squared(host.player_placement(a), origin) < distance_squared(host.player_placement(b), origin);
  };
  return {*std::min_element(players.begin(), players.end(), nearer)};
}

}  // namespace

std::vector<ConnId> read_players(CommandHost& host, const CommandSource& source, CommandReader& reader,
                                 std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string word = reader.read_word();
  if (word == "@s") return source.player ? std::vector<ConnId>{*source.player} : std::vector<ConnId>{};
  if (word == "@a") return all_players(host);
  if (word == "@p") return nearest_player(host, source);
  if (word.starts_with('@')) {
    reader.set_cursor(start);
    const bool entities = word == "@e" || word == "@n";
    error = reader.error_here(entities ? "Only players may be affected by this command, but the provided selector includes entities"
                                       : "Unknown selector type '" + word + "'");
    return {};
  }
  if (auto player = host.find_player(word)) return {*player};
  return {};
}

}  // namespace hz
