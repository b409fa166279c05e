// The item argument of /give (ItemParser): an item id with an optional component list in
// brackets, of which Horizon models `enchantments` and `damage`
// (`diamond_pickaxe[enchantments={efficiency:5},damage=12]`).
#pragma once

#include <optional>

#include "sim/game/commands/command_reader.h"
#include "sim/game/items/item_stack.h"

namespace hz {

// The item and components read (a stack of count 1), or nothing with `error` set to vanilla's
// text and the reader's context where the argument went wrong.
std::optional<ItemStack> read_item_argument(CommandReader& reader, std::optional<CommandError>& error);

}  // namespace hz
