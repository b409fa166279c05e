#include "sim/data/flammability.h"

#include <array>
#include <cassert>
#include <optional>
#include <string_view>

namespace hz {
namespace {

struct FlammableEntry {
  std::string_view block;
  uint8_t ignite;
  uint8_t burn;
};

// FireBlock.bootStrap (26.1.2), in its order.
constexpr FlammableEntry kFlammable[] = {
    {"oak_planks", 5, 20}, {"spruce_planks", 5, 20}, {"birch_planks", 5, 20}, {"jungle_planks", 5, 20},
    {"acacia_planks", 5, 20}, {"cherry_planks", 5, 20}, {"dark_oak_planks", 5, 20}, {"pale_oak_planks", 5, 20},
    {"mangrove_planks", 5, 20}, {"bamboo_planks", 5, 20}, {"bamboo_mosaic", 5, 20}, {"oak_slab", 5, 20},
    {"spruce_slab", 5, 20}, {"birch_slab", 5, 20}, {"jungle_slab", 5, 20}, {"acacia_slab", 5, 20},
    {"cherry_slab", 5, 20}, {"dark_oak_slab", 5, 20}, {"pale_oak_slab", 5, 20}, {"mangrove_slab", 5, 20},
    {"bamboo_slab", 5, 20}, {"bamboo_mosaic_slab", 5, 20}, {"oak_fence_gate", 5, 20}, {"spruce_fence_gate", 5, 20},
    {"birch_fence_gate", 5, 20}, {"jungle_fence_gate", 5, 20}, {"acacia_fence_gate", 5, 20},
    {"cherry_fence_gate", 5, 20}, {"dark_oak_fence_gate", 5, 20}, {"pale_oak_fence_gate", 5, 20},
    {"mangrove_fence_gate", 5, 20}, {"bamboo_fence_gate", 5, 20}, {"oak_fence", 5, 20}, {"spruce_fence", 5, 20},
    {"birch_fence", 5, 20}, {"jungle_fence", 5, 20}, {"acacia_fence", 5, 20}, {"cherry_fence", 5, 20},
    {"dark_oak_fence", 5, 20}, {"pale_oak_fence", 5, 20}, {"mangrove_fence", 5, 20}, {"bamboo_fence", 5, 20},
    {"oak_stairs", 5, 20}, {"birch_stairs", 5, 20}, {"spruce_stairs", 5, 20}, {"jungle_stairs", 5, 20},
    {"acacia_stairs", 5, 20}, {"cherry_stairs", 5, 20}, {"dark_oak_stairs", 5, 20}, {"pale_oak_stairs", 5, 20},
    {"mangrove_stairs", 5, 20}, {"bamboo_stairs", 5, 20}, {"bamboo_mosaic_stairs", 5, 20}, {"oak_log", 5, 5},
    {"spruce_log", 5, 5}, {"birch_log", 5, 5}, {"jungle_log", 5, 5}, {"acacia_log", 5, 5}, {"cherry_log", 5, 5},
    {"pale_oak_log", 5, 5}, {"dark_oak_log", 5, 5}, {"mangrove_log", 5, 5}, {"bamboo_block", 5, 5},
    {"stripped_oak_log", 5, 5}, {"stripped_spruce_log", 5, 5}, {"stripped_birch_log", 5, 5},
    {"stripped_jungle_log", 5, 5}, {"stripped_acacia_log", 5, 5}, {"stripped_cherry_log", 5, 5},
    {"stripped_dark_oak_log", 5, 5}, {"stripped_pale_oak_log", 5, 5}, {"stripped_mangrove_log", 5, 5},
    {"stripped_bamboo_block", 5, 5}, {"stripped_oak_wood", 5, 5}, {"stripped_spruce_wood", 5, 5},
    {"stripped_birch_wood", 5, 5}, {"stripped_jungle_wood", 5, 5}, {"stripped_acacia_wood", 5, 5},
    {"stripped_cherry_wood", 5, 5}, {"stripped_dark_oak_wood", 5, 5}, {"stripped_pale_oak_wood", 5, 5},
    {"stripped_mangrove_wood", 5, 5}, {"oak_wood", 5, 5}, {"spruce_wood", 5, 5}, {"birch_wood", 5, 5},
    {"jungle_wood", 5, 5}, {"acacia_wood", 5, 5}, {"cherry_wood", 5, 5}, {"pale_oak_wood", 5, 5},
    {"dark_oak_wood", 5, 5}, {"mangrove_wood", 5, 5}, {"mangrove_roots", 5, 20}, {"oak_leaves", 30, 60},
    {"spruce_leaves", 30, 60}, {"birch_leaves", 30, 60}, {"jungle_leaves", 30, 60}, {"acacia_leaves", 30, 60},
    {"cherry_leaves", 30, 60}, {"dark_oak_leaves", 30, 60}, {"pale_oak_leaves", 30, 60},
    {"mangrove_leaves", 30, 60}, {"bookshelf", 30, 20}, {"tnt", 15, 100}, {"short_grass", 60, 100},
    {"fern", 60, 100}, {"dead_bush", 60, 100}, {"short_dry_grass", 60, 100}, {"tall_dry_grass", 60, 100},
    {"sunflower", 60, 100}, {"lilac", 60, 100}, {"rose_bush", 60, 100}, {"peony", 60, 100}, {"tall_grass", 60, 100},
    {"large_fern", 60, 100}, {"dandelion", 60, 100}, {"golden_dandelion", 60, 100}, {"poppy", 60, 100},
    {"open_eyeblossom", 60, 100}, {"closed_eyeblossom", 60, 100}, {"blue_orchid", 60, 100}, {"allium", 60, 100},
    {"azure_bluet", 60, 100}, {"red_tulip", 60, 100}, {"orange_tulip", 60, 100}, {"white_tulip", 60, 100},
    {"pink_tulip", 60, 100}, {"oxeye_daisy", 60, 100}, {"cornflower", 60, 100}, {"lily_of_the_valley", 60, 100},
    {"torchflower", 60, 100}, {"pitcher_plant", 60, 100}, {"wither_rose", 60, 100}, {"pink_petals", 60, 100},
    {"wildflowers", 60, 100}, {"leaf_litter", 60, 100}, {"cactus_flower", 60, 100}, {"white_wool", 30, 60},
    {"orange_wool", 30, 60}, {"magenta_wool", 30, 60}, {"light_blue_wool", 30, 60}, {"yellow_wool", 30, 60},
    {"lime_wool", 30, 60}, {"pink_wool", 30, 60}, {"gray_wool", 30, 60}, {"light_gray_wool", 30, 60},
    {"cyan_wool", 30, 60}, {"purple_wool", 30, 60}, {"blue_wool", 30, 60}, {"brown_wool", 30, 60},
    {"green_wool", 30, 60}, {"red_wool", 30, 60}, {"black_wool", 30, 60}, {"vine", 15, 100}, {"coal_block", 5, 5},
    {"hay_block", 60, 20}, {"target", 15, 20}, {"white_carpet", 60, 20}, {"orange_carpet", 60, 20},
    {"magenta_carpet", 60, 20}, {"light_blue_carpet", 60, 20}, {"yellow_carpet", 60, 20}, {"lime_carpet", 60, 20},
    {"pink_carpet", 60, 20}, {"gray_carpet", 60, 20}, {"light_gray_carpet", 60, 20}, {"cyan_carpet", 60, 20},
    {"purple_carpet", 60, 20}, {"blue_carpet", 60, 20}, {"brown_carpet", 60, 20}, {"green_carpet", 60, 20},
    {"red_carpet", 60, 20}, {"black_carpet", 60, 20}, {"pale_moss_block", 5, 100}, {"pale_moss_carpet", 5, 100},
    {"pale_hanging_moss", 5, 100}, {"dried_kelp_block", 30, 60}, {"bamboo", 60, 60}, {"scaffolding", 60, 60},
    {"lectern", 30, 20}, {"composter", 5, 20}, {"sweet_berry_bush", 60, 100}, {"beehive", 5, 20},
    {"bee_nest", 30, 20}, {"azalea_leaves", 30, 60}, {"flowering_azalea_leaves", 30, 60}, {"cave_vines", 15, 60},
    {"cave_vines_plant", 15, 60}, {"spore_blossom", 60, 100}, {"azalea", 30, 60}, {"flowering_azalea", 30, 60},
    {"big_dripleaf", 60, 100}, {"big_dripleaf_stem", 60, 100}, {"small_dripleaf", 60, 100},
    {"hanging_roots", 30, 60}, {"glow_lichen", 15, 100}, {"firefly_bush", 60, 100}, {"bush", 60, 100},
    {"acacia_shelf", 30, 20}, {"bamboo_shelf", 30, 20}, {"birch_shelf", 30, 20}, {"cherry_shelf", 30, 20},
    {"dark_oak_shelf", 30, 20}, {"jungle_shelf", 30, 20}, {"mangrove_shelf", 30, 20}, {"oak_shelf", 30, 20},
    {"pale_oak_shelf", 30, 20}, {"spruce_shelf", 30, 20},
};

// Blocks whose properties call ignitedByLava() in Blocks.java (26.1.2), by name.
constexpr std::string_view kIgnitedByLava[] = {
    "acacia_door", "acacia_fence", "acacia_fence_gate", "acacia_hanging_sign", "acacia_leaves", "acacia_log",
    "acacia_planks", "acacia_pressure_plate", "acacia_shelf", "acacia_sign", "acacia_slab", "acacia_stairs",
    "acacia_trapdoor", "acacia_wall_hanging_sign", "acacia_wall_sign", "acacia_wood", "azalea_leaves", "bamboo",
    "bamboo_block", "bamboo_door", "bamboo_fence", "bamboo_fence_gate", "bamboo_hanging_sign", "bamboo_mosaic",
    "bamboo_mosaic_slab", "bamboo_mosaic_stairs", "bamboo_planks", "bamboo_pressure_plate", "bamboo_sapling",
    "bamboo_shelf", "bamboo_sign", "bamboo_slab", "bamboo_stairs", "bamboo_trapdoor", "bamboo_wall_hanging_sign",
    "bamboo_wall_sign", "barrel", "bee_nest", "beehive", "birch_door", "birch_fence", "birch_fence_gate",
    "birch_hanging_sign", "birch_leaves", "birch_log", "birch_planks", "birch_pressure_plate", "birch_shelf",
    "birch_sign", "birch_slab", "birch_stairs", "birch_trapdoor", "birch_wall_hanging_sign", "birch_wall_sign",
    "birch_wood", "black_banner", "black_bed", "black_carpet", "black_wall_banner", "black_wool", "blue_banner",
    "blue_bed", "blue_carpet", "blue_wall_banner", "blue_wool", "bookshelf", "brown_banner", "brown_bed",
    "brown_carpet", "brown_mushroom_block", "brown_wall_banner", "brown_wool", "bush", "cactus_flower", "campfire",
    "cartography_table", "cherry_door", "cherry_fence", "cherry_fence_gate", "cherry_hanging_sign", "cherry_leaves",
    "cherry_log", "cherry_planks", "cherry_pressure_plate", "cherry_shelf", "cherry_sign", "cherry_slab",
    "cherry_stairs", "cherry_trapdoor", "cherry_wall_hanging_sign", "cherry_wall_sign", "cherry_wood", "chest",
    "chiseled_bookshelf", "composter", "crafting_table", "crimson_shelf", "cyan_banner", "cyan_bed", "cyan_carpet",
    "cyan_wall_banner", "cyan_wool", "dark_oak_door", "dark_oak_fence", "dark_oak_fence_gate",
    "dark_oak_hanging_sign", "dark_oak_leaves", "dark_oak_log", "dark_oak_planks", "dark_oak_pressure_plate",
    "dark_oak_shelf", "dark_oak_sign", "dark_oak_slab", "dark_oak_stairs", "dark_oak_trapdoor",
    "dark_oak_wall_hanging_sign", "dark_oak_wall_sign", "dark_oak_wood", "daylight_detector", "dead_bush", "fern",
    "firefly_bush", "fletching_table", "flowering_azalea_leaves", "glow_lichen", "gray_banner", "gray_bed",
    "gray_carpet", "gray_wall_banner", "gray_wool", "green_banner", "green_bed", "green_carpet",
    "green_wall_banner", "green_wool", "hanging_roots", "jukebox", "jungle_door", "jungle_fence",
    "jungle_fence_gate", "jungle_hanging_sign", "jungle_leaves", "jungle_log", "jungle_planks",
    "jungle_pressure_plate", "jungle_shelf", "jungle_sign", "jungle_slab", "jungle_stairs", "jungle_trapdoor",
    "jungle_wall_hanging_sign", "jungle_wall_sign", "jungle_wood", "large_fern", "lectern", "light_blue_banner",
    "light_blue_bed", "light_blue_carpet", "light_blue_wall_banner", "light_blue_wool", "light_gray_banner",
    "light_gray_bed", "light_gray_carpet", "light_gray_wall_banner", "light_gray_wool", "lilac", "lime_banner",
    "lime_bed", "lime_carpet", "lime_wall_banner", "lime_wool", "loom", "magenta_banner", "magenta_bed",
    "magenta_carpet", "magenta_wall_banner", "magenta_wool", "mangrove_door", "mangrove_fence",
    "mangrove_fence_gate", "mangrove_hanging_sign", "mangrove_leaves", "mangrove_log", "mangrove_planks",
    "mangrove_pressure_plate", "mangrove_roots", "mangrove_shelf", "mangrove_sign", "mangrove_slab",
    "mangrove_stairs", "mangrove_trapdoor", "mangrove_wall_hanging_sign", "mangrove_wall_sign", "mangrove_wood",
    "mushroom_stem", "note_block", "oak_door", "oak_fence", "oak_fence_gate", "oak_hanging_sign", "oak_leaves",
    "oak_log", "oak_planks", "oak_pressure_plate", "oak_shelf", "oak_sign", "oak_slab", "oak_stairs",
    "oak_trapdoor", "oak_wall_hanging_sign", "oak_wall_sign", "oak_wood", "orange_banner", "orange_bed",
    "orange_carpet", "orange_wall_banner", "orange_wool", "pale_hanging_moss", "pale_moss_block",
    "pale_moss_carpet", "pale_oak_door", "pale_oak_fence", "pale_oak_fence_gate", "pale_oak_hanging_sign",
    "pale_oak_leaves", "pale_oak_log", "pale_oak_planks", "pale_oak_pressure_plate", "pale_oak_shelf",
    "pale_oak_sign", "pale_oak_slab", "pale_oak_stairs", "pale_oak_trapdoor", "pale_oak_wall_hanging_sign",
    "pale_oak_wall_sign", "pale_oak_wood", "peony", "pink_banner", "pink_bed", "pink_carpet", "pink_wall_banner",
    "pink_wool", "pitcher_plant", "purple_banner", "purple_bed", "purple_carpet", "purple_wall_banner",
    "purple_wool", "red_banner", "red_bed", "red_carpet", "red_mushroom_block", "red_wall_banner", "red_wool",
    "resin_clump", "rose_bush", "short_dry_grass", "short_grass", "smithing_table", "soul_campfire", "spruce_door",
    "spruce_fence", "spruce_fence_gate", "spruce_hanging_sign", "spruce_leaves", "spruce_log", "spruce_planks",
    "spruce_pressure_plate", "spruce_shelf", "spruce_sign", "spruce_slab", "spruce_stairs", "spruce_trapdoor",
    "spruce_wall_hanging_sign", "spruce_wall_sign", "spruce_wood", "stripped_acacia_log", "stripped_acacia_wood",
    "stripped_bamboo_block", "stripped_birch_log", "stripped_birch_wood", "stripped_cherry_log",
    "stripped_cherry_wood", "stripped_dark_oak_log", "stripped_dark_oak_wood", "stripped_jungle_log",
    "stripped_jungle_wood", "stripped_mangrove_log", "stripped_mangrove_wood", "stripped_oak_log",
    "stripped_oak_wood", "stripped_pale_oak_log", "stripped_pale_oak_wood", "stripped_spruce_log",
    "stripped_spruce_wood", "sunflower", "tall_dry_grass", "tall_grass", "tnt", "trapped_chest", "vine",
    "warped_shelf", "white_banner", "white_bed", "white_carpet", "white_wall_banner", "white_wool", "yellow_banner",
    "yellow_bed", "yellow_carpet", "yellow_wall_banner", "yellow_wool",
};

struct Tables {
  std::array<Flammability, 4096> flammability{};
  std::array<bool, 4096> ignited_by_lava{};
};

const Tables& tables() {
  static const Tables built = [] {
    Tables t;
    assert(block_count() <= static_cast<int>(t.flammability.size()));
    for (const FlammableEntry& e : kFlammable) {
      const std::optional<BlockId> id = block_by_name(e.block);
      assert(id.has_value());
      if (id) t.flammability[*id] = Flammability{e.ignite, e.burn};
    }
    for (std::string_view name : kIgnitedByLava) {
      const std::optional<BlockId> id = block_by_name(name);
      assert(id.has_value());
      if (id) t.ignited_by_lava[*id] = true;
    }
    return t;
  }();
  return built;
}

}  // namespace

Flammability flammability(BlockId block) { return tables().flammability[block]; }
bool ignited_by_lava(BlockId block) { return tables().ignited_by_lava[block]; }

}  // namespace hz
