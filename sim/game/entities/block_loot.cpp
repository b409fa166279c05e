#include "sim/game/entities/block_loot.h"

#include <optional>
#include <string>
#include <string_view>

#include "sim/data/catalog.h"
#include "sim/game/entities/tool_rules.h"

namespace hz {

namespace {

struct CountRange {
  int min = 1;
  int max = 1;
};

// UniformGenerator for whole counts: min + nextInt(max - min + 1).
int uniform_count(CountRange range, Rng& random) {
  if (range.min == range.max) return range.min;
  return range.min + static_cast<int>(random.next_below(static_cast<uint32_t>(range.max - range.min + 1)));
}

std::optional<ItemStack> stack_of(std::string_view item, int count) {
  const std::optional<int> id = item_id(item);
  if (!id || count <= 0) return std::nullopt;
  return ItemStack{*id, count};
}

void add(std::vector<ItemStack>& out, std::string_view item, int count) {
  if (std::optional<ItemStack> s = stack_of(item, count)) out.push_back(*s);
}

// Ores without Fortune: the raw item with its count (the ore bonus needs Fortune).
struct OreDrop {
  std::string_view ore;  // the stone variant's name; deepslate_<ore> drops the same
  std::string_view item;
  CountRange count;
};
constexpr OreDrop kOres[] = {
    {"coal_ore", "coal", {1, 1}},           {"iron_ore", "raw_iron", {1, 1}},
    {"copper_ore", "raw_copper", {2, 5}},   {"gold_ore", "raw_gold", {1, 1}},
    {"redstone_ore", "redstone", {4, 5}},   {"lapis_ore", "lapis_lazuli", {4, 9}},
    {"diamond_ore", "diamond", {1, 1}},     {"emerald_ore", "emerald", {1, 1}},
    {"nether_gold_ore", "gold_nugget", {2, 6}}, {"nether_quartz_ore", "quartz", {1, 1}},
};

const OreDrop* ore_drop(std::string_view block) {
  const std::string_view stone_variant = block.starts_with("deepslate_") ? block.substr(10) : block;
  for (const OreDrop& ore : kOres)
    if (ore.ore == stone_variant) return &ore;
  return nullptr;
}

// Blocks that become another item with a fixed or uniform count.
struct Conversion {
  std::string_view block;
  std::string_view item;
  CountRange count;
};
constexpr Conversion kConversions[] = {
    {"grass_block", "dirt", {1, 1}},   {"podzol", "dirt", {1, 1}},          {"mycelium", "dirt", {1, 1}},
    {"stone", "cobblestone", {1, 1}},  {"deepslate", "cobbled_deepslate", {1, 1}},
    {"clay", "clay_ball", {4, 4}},     {"bookshelf", "book", {3, 3}},       {"snow_block", "snowball", {4, 4}},
    {"glowstone", "glowstone_dust", {2, 4}}, {"melon", "melon_slice", {3, 7}},
};

// Blocks whose tables only give something with Silk Touch (or give nothing at all).
bool drops_nothing(std::string_view name) {
  if (name == "glass" || name == "glass_pane" || name.ends_with("_stained_glass") ||
      name.ends_with("_stained_glass_pane"))
    return true;
  if (name == "ice" || name == "packed_ice" || name == "blue_ice" || name == "frosted_ice") return true;
  if (name == "budding_amethyst" || name == "spawner" || name.starts_with("infested_")) return true;
  return name == "fire" || name == "soul_fire" || name == "bubble_column" || name == "moving_piston" ||
         name == "piston_head";
}

// Leaves without shears: three independent pools (sapling, sticks, apple for oak and dark oak).
void leaves_loot(std::string_view name, Rng& random, std::vector<ItemStack>& out) {
  const std::string_view wood = name.substr(0, name.size() - std::string_view("_leaves").size());
  std::string sapling;
  float sapling_chance = 0.05f;
  if (wood == "azalea" || wood == "flowering_azalea") sapling = std::string(wood);
  else if (wood != "mangrove") sapling = std::string(wood) + "_sapling";
  if (wood == "jungle") sapling_chance = 0.025f;
  if (!sapling.empty() && random.next_float() < sapling_chance) add(out, sapling, 1);
  if (random.next_float() < 0.02f) add(out, "stick", uniform_count({1, 2}, random));
  if ((wood == "oak" || wood == "dark_oak") && random.next_float() < 0.005f) add(out, "apple", 1);
}

// The default loot table: the block's own item (wall-mounted variants drop the standing item;
// the second half of a two-block block drops nothing; a double slab drops two).
void self_drop(BlockStateId state, std::string_view name, std::vector<ItemStack>& out) {
  if (state_property(state, "half") == "upper") return;  // doors and tall plants drop from the lower half
  if (name.ends_with("_bed") && state_property(state, "part") == "foot") return;
  std::string item(name);
  if (const size_t wall = item.find("wall_"); wall != std::string::npos && !item_id(item)) item.erase(wall, 5);
  const int count = state_property(state, "type") == "double" && name.ends_with("_slab") ? 2 : 1;
  add(out, item, count);
}

// binomial_with_bonus_count with extra 3 (no Fortune): one float draw a try.
int crop_bonus(Rng& random) {
  int n = 0;
  for (int i = 0; i < 3; ++i) n += random.next_float() < 0.5714286f ? 1 : 0;
  return n;
}

// The crops' loot tables: seeds (or the crop itself) always, and at full age the produce plus
// more of what is replanted. False for a block that is no crop.
bool crop_loot(BlockStateId state, std::string_view name, Rng& random, std::vector<ItemStack>& out) {
  const std::string_view age = state_property(state, "age");
  if (name == "wheat" || name == "beetroots") {
    const bool ripe = age == (name == "wheat" ? "7" : "3");
    const std::string_view seeds = name == "wheat" ? "wheat_seeds" : "beetroot_seeds";
    add(out, ripe ? (name == "wheat" ? "wheat" : "beetroot") : seeds, 1);
    if (ripe) add(out, seeds, 1 + crop_bonus(random));
    return true;
  }
  if (name == "carrots" || name == "potatoes") {
    const std::string_view produce = name == "carrots" ? "carrot" : "potato";
    add(out, produce, 1);
    if (age != "7") return true;
    add(out, produce, 1 + crop_bonus(random));
    if (name == "potatoes" && random.next_float() < 0.02f) add(out, "poisonous_potato", 1);
    return true;
  }
  if (name == "torchflower_crop") {
    add(out, "torchflower_seeds", 1);
    return true;
  }
  return false;
}

}  // namespace

std::vector<ItemStack> loot_for_block(BlockStateId state, const ItemStack& tool, Rng& random) {
  if (!has_correct_tool_for_drops(state, tool)) return {};
  return block_loot_table(state, tool, random);
}

std::vector<ItemStack> block_loot_table(BlockStateId state, const ItemStack& tool, Rng& random) {
  std::vector<ItemStack> out;
  if (is_air(state)) return out;
  const std::string_view name = block_info(block_of_state(state)).name;
  if (const OreDrop* ore = ore_drop(name)) {
    add(out, ore->item, uniform_count(ore->count, random));
    return out;
  }
  for (const Conversion& c : kConversions)
    if (c.block == name) {
      add(out, c.item, uniform_count(c.count, random));
      return out;
    }
  if (name.ends_with("_leaves")) {
    if (is_shears(tool)) add(out, name, 1);
    else leaves_loot(name, random, out);
    return out;
  }
  if (name == "gravel") {
    add(out, random.next_float() < 0.1f ? "flint" : "gravel", 1);
    return out;
  }
  if (name == "short_grass" || name == "fern") {
    if (is_shears(tool)) add(out, name, 1);
    else if (random.next_float() < 0.125f) add(out, "wheat_seeds", 1);
    return out;
  }
  if (crop_loot(state, name, random, out)) return out;
  if (drops_nothing(name)) return out;
  self_drop(state, name, out);
  return out;
}

}  // namespace hz
