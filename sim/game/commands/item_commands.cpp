// /give and /clear (GiveCommand, ClearInventoryCommands) with vanilla's texts and limits, /give's
// item with its enchantments (item_argument.h); the players come from player_targets.h.
#include <algorithm>
#include <limits>

#include "sim/data/catalog.h"
#include "sim/data/item_names.h"
#include "sim/game/commands/command_table.h"
#include "sim/game/commands/item_argument.h"
#include "sim/game/commands/player_targets.h"
#include "sim/game/items/player_inventories.h"

namespace hz {

namespace {

// GiveCommand.MAX_ALLOWED_ITEMSTACKS: at most this many full stacks per /give.
constexpr int kMaxGivenStacks = 100;

// An item id ("stone" or "minecraft:stone"); vanilla names the unknown id with its namespace.
std::optional<int> read_item(CommandReader& reader, std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string word = reader.read_word();
  if (auto item = item_id(word)) return *item;
  reader.set_cursor(start);
  const std::string full = word.find(':') == std::string::npos ? "minecraft:" + word : word;
  error = reader.error_here(word.empty() ? "Expected item" : "Unknown item '" + full + "'");
  return std::nullopt;
}

// IntegerArgumentType.integer(min).
std::optional<int> read_count(CommandReader& reader, int min, std::optional<CommandError>& error) {
  CommandError e;
  auto n = reader.read_int_in(min, std::numeric_limits<int32_t>::max(), e);
  if (!n) error = e;
  return n;
}

std::string display_name(int item) { return "[" + std::string(item_english_name(item)) + "]"; }

int give(CommandHost& host, const CommandSource& source, const std::vector<ConnId>& players, const ItemStack& kind,
         int count) {
  const int item = kind.item;
  const int max_count = std::max(1, item_max_stack_size(item)) * kMaxGivenStacks;
  if (count > max_count) {
    host.send_failure(source, "Can't give more than " + std::to_string(max_count) + " of " + display_name(item));
    return 0;
  }
  for (ConnId player : players) host.player_inventories().give(player, kind, count);
  // 26.1.2 uses the single-player text for several players too, with their number.
  const std::string to = players.size() == 1 ? host.player_name(players[0]) : std::to_string(players.size());
  host.send_success(source, "Gave " + std::to_string(count) + " " + display_name(item) + " to " + to, true);
  return static_cast<int>(players.size());
}

int clear(CommandHost& host, const CommandSource& source, const std::vector<ConnId>& players, std::optional<int> item,
          int max_count) {
  int total = 0;
  for (ConnId player : players) total += host.player_inventories().clear(player, item, max_count);
  const bool single = players.size() == 1;
  const std::string who = single ? "player " + host.player_name(players[0]) : std::to_string(players.size()) + " players";
  if (total == 0) {
    host.send_failure(source, "No items were found on " + who);
    return 0;
  }
  const std::string what = std::to_string(total) + " " + (max_count == 0 ? "matching item(s)" : "item(s)");
  host.send_success(source, (max_count == 0 ? "Found " + what + " on " : "Removed " + what + " from ") + who, true);
  return total;
}

}  // namespace

int run_give_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  if (reader.at_end()) return error = incomplete_command(reader), 0;
  std::vector<ConnId> players = read_players(host, source, reader, error);
  if (error) return 0;
  if (!reader.skip_separator()) return error = incomplete_command(reader), 0;
  auto item = read_item_argument(reader, error);
  if (!item) return 0;
  int count = 1;
  if (reader.skip_separator()) {
    auto n = read_count(reader, 1, error);
    if (!n) return 0;
    count = *n;
  }
  if ((error = expect_end(reader))) return 0;
  if (players.empty()) return host.send_failure(source, "No player was found"), 0;
  return give(host, source, players, *item, count);
}

int run_clear_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                      std::optional<CommandError>& error) {
  std::vector<ConnId> players;
  std::optional<int> item;
  int max_count = -1;
  if (reader.at_end()) {
    if (!source.player) return host.send_failure(source, "A player is required to run this command here"), 0;
    players.push_back(*source.player);
  } else {
    players = read_players(host, source, reader, error);
    if (error) return 0;
    if (reader.skip_separator() && !reader.at_end()) {
      if (reader.remaining().starts_with("* ") || reader.remaining() == "*") reader.read_word();
      else if (!(item = read_item(reader, error))) return 0;
      if (reader.skip_separator()) {
        auto n = read_count(reader, 0, error);
        if (!n) return 0;
        max_count = *n;
      }
    }
  }
  if ((error = expect_end(reader))) return 0;
  if (players.empty()) return host.send_failure(source, "No player was found"), 0;
  return clear(host, source, players, item, max_count);
}

}  // namespace hz
