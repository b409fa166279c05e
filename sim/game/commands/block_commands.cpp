// Commands that change blocks: /setblock and /fill (vanilla's texts, modes and the
// max_block_modifications limit). Every change goes through the world's one block-change path.
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/game/commands/command_table.h"
#include "sim/game/game_rules.h"
#include "sim/game/ports.h"
#include "sim/world/chunk_pos.h"

namespace hz {

namespace {

// One integer block coordinate: "12", "~" or "~-3" (relative to the origin's block).
std::optional<int> read_block_coordinate(CommandReader& reader, double origin) {
  std::string word = reader.read_word();
  const bool relative = !word.empty() && word[0] == '~';
  std::string_view number = relative ? std::string_view(word).substr(1) : std::string_view(word);
  if (number.empty()) {
    if (!relative) return std::nullopt;
    return static_cast<int>(std::floor(origin));
  }
  if (relative) {
    double offset = 0;
    auto res = std::from_chars(number.data(), number.data() + number.size(), offset);
    if (res.ec != std::errc() || res.ptr != number.data() + number.size()) return std::nullopt;
    return static_cast<int>(std::floor(origin + offset));
  }
  int value = 0;
  auto res = std::from_chars(number.data(), number.data() + number.size(), value);
  if (res.ec != std::errc() || res.ptr != number.data() + number.size()) return std::nullopt;
  return value;
}

std::optional<BlockPos> read_block_pos(CommandReader& reader, const PlayerPlacement& origin,
                                       std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  auto x = read_block_coordinate(reader, origin.x);
  bool ok = x && reader.skip_separator();
  auto y = ok ? read_block_coordinate(reader, origin.y) : std::nullopt;
  ok = ok && y && reader.skip_separator();
  auto z = ok ? read_block_coordinate(reader, origin.z) : std::nullopt;
  if (!x || !y || !z) {
    reader.set_cursor(start);
    error = reader.error_here("Incomplete (expected 3 coordinates)");
    return std::nullopt;
  }
  return BlockPos{*x, *y, *z};
}

// A block state argument: "stone", "minecraft:oak_log[axis=x]".
std::optional<BlockStateId> read_block_state(CommandReader& reader, std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string word = reader.read_word();
  const size_t bracket = word.find('[');
  const std::string name = word.substr(0, bracket);
  auto block = block_by_name(name);
  if (!block) {
    reader.set_cursor(start);
    error = reader.error_here("Unknown block type '" + (name.find(':') == std::string::npos ? "minecraft:" + name : name) + "'");
    return std::nullopt;
  }
  if (bracket == std::string::npos) return block_info(*block).default_state;
  if (word.back() != ']') {
    reader.set_cursor(start);
    error = reader.error_here("Expected closing ] for block state properties");
    return std::nullopt;
  }
  std::vector<std::pair<std::string_view, std::string_view>> props;
  std::string_view list = std::string_view(word).substr(bracket + 1, word.size() - bracket - 2);
  while (!list.empty()) {
    const size_t comma = list.find(',');
    std::string_view item = list.substr(0, comma);
    const size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      reader.set_cursor(start);
      error = reader.error_here("Expected value for property '" + std::string(item) + "' on block " + name);
      return std::nullopt;
    }
    props.emplace_back(item.substr(0, eq), item.substr(eq + 1));
    list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
  }
  auto state = state_with(name, props);
  if (!state) {
    reader.set_cursor(start);
    error = reader.error_here("Block " + std::string(block_info(*block).name) + " does not accept these properties: " +
                              std::string(word.substr(bracket)));
    return std::nullopt;
  }
  return state;
}

bool inside_build_height(const BlockPos& pos) { return pos.y >= kWorldMinY && pos.y <= kWorldMaxY; }

std::string describe(const BlockPos& pos) {
  return std::to_string(pos.x) + ", " + std::to_string(pos.y) + ", " + std::to_string(pos.z);
}

// The optional mode word after the block; false when an unknown word is there.
bool read_mode(CommandReader& reader, std::string& mode, std::initializer_list<std::string_view> allowed) {
  if (!reader.skip_separator()) return true;
  mode = reader.read_word();
  for (std::string_view a : allowed)
    if (mode == a) return true;
  return false;
}

BlockStateId air_state() { return default_state_of("air"); }

// What follows the positions of both commands: " <block> [mode]", the mode one of `allowed`.
struct BlockAndMode {
  BlockStateId state;
  std::string mode = "replace";
};
std::optional<BlockAndMode> read_block_and_mode(CommandReader& reader, std::initializer_list<std::string_view> allowed,
                                                std::optional<CommandError>& error) {
  if (!reader.skip_separator()) {
    error = incomplete_command(reader);
    return std::nullopt;
  }
  auto state = read_block_state(reader, error);
  if (!state) return std::nullopt;
  BlockAndMode out{*state};
  if (!read_mode(reader, out.mode, allowed)) {
    error = reader.error_here("Incorrect argument for command");
    return std::nullopt;
  }
  return out;
}

// Level.destroyBlock(pos, true): the loot first, then air in the block's place.
void destroy_with_drops(CommandHost& host, BlockWorld& world, const BlockPos& pos) {
  const BlockStateId old = world.block_at(pos);
  if (is_air(old)) return;
  host.drop_block_loot(pos, old);
  world.set_block(pos, air_state());
}

}  // namespace

int run_setblock_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                         std::optional<CommandError>& error) {
  auto pos = read_block_pos(reader, host.command_origin(source), error);
  if (!pos) return 0;
  auto args = read_block_and_mode(reader, {"replace", "keep", "destroy"}, error);
  if (!args) return 0;
  const BlockStateId state = args->state;
  const std::string& mode = args->mode;
  BlockWorld& world = host.block_world();
  if (!inside_build_height(*pos)) return host.send_failure(source, "That position is out of this world!"), 0;
  if (!world.is_loaded(*pos)) return host.send_failure(source, "That position is not loaded"), 0;
  if (mode == "keep" && !is_air(world.block_at(*pos))) return host.send_failure(source, "Could not set the block"), 0;
  // destroy: vanilla breaks the old block first, dropping its loot.
  if (mode == "destroy") destroy_with_drops(host, world, *pos);
  if (world.block_at(*pos) == state && mode != "destroy") return host.send_failure(source, "Could not set the block"), 0;
  world.set_block(*pos, state);
  host.send_success(source, "Changed the block at " + describe(*pos), true);
  return 1;
}

int run_fill_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  const PlayerPlacement origin = host.command_origin(source);
  auto from = read_block_pos(reader, origin, error);
  if (!from) return 0;
  reader.skip_separator();
  auto to = read_block_pos(reader, origin, error);
  if (!to) return 0;
  auto args = read_block_and_mode(reader, {"replace", "keep", "destroy", "hollow", "outline"}, error);
  if (!args) return 0;
  const BlockStateId state = args->state;
  const std::string& mode = args->mode;
  const BlockPos lo{std::min(from->x, to->x), std::min(from->y, to->y), std::min(from->z, to->z)};
  const BlockPos hi{std::max(from->x, to->x), std::max(from->y, to->y), std::max(from->z, to->z)};
  const int64_t volume = int64_t{hi.x - lo.x + 1} * (hi.y - lo.y + 1) * (hi.z - lo.z + 1);
  const int64_t limit = host.game_rules().get("max_block_modifications");
  if (volume > limit) {
    host.send_failure(source, "Too many blocks in the specified area (maximum " + std::to_string(limit) +
                                  ", specified " + std::to_string(volume) + ")");
    return 0;
  }
  BlockWorld& world = host.block_world();
  if (!inside_build_height(lo) || !inside_build_height(hi)) return host.send_failure(source, "That position is out of this world!"), 0;
  for (int cx = lo.x >> 4; cx <= hi.x >> 4; ++cx)
    for (int cz = lo.z >> 4; cz <= hi.z >> 4; ++cz)
      if (!world.is_loaded({cx * 16, lo.y, cz * 16})) return host.send_failure(source, "That position is not loaded"), 0;
  int changed = 0;
  for (int y = lo.y; y <= hi.y; ++y)
    for (int z = lo.z; z <= hi.z; ++z)
      for (int x = lo.x; x <= hi.x; ++x) {
        const BlockPos pos{x, y, z};
        const bool edge = x == lo.x || x == hi.x || y == lo.y || y == hi.y || z == lo.z || z == hi.z;
        BlockStateId target = state;
        if ((mode == "hollow" || mode == "outline") && !edge) {
          if (mode == "outline") continue;
          target = air_state();  // hollow empties the inside
        }
        if (mode == "keep" && !is_air(world.block_at(pos))) continue;
        if (world.block_at(pos) == target) continue;
        if (mode == "destroy") destroy_with_drops(host, world, pos);
        if (world.set_block(pos, target)) ++changed;
      }
  if (changed == 0) return host.send_failure(source, "No blocks were filled"), 0;
  host.send_success(source, "Successfully filled " + std::to_string(changed) + " block(s)", true);
  return changed;
}

}  // namespace hz
