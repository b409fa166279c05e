// Blocks' sounds (docs/rules/sounds.md §5): the sound types and one per block id, and the toggle
// sounds of the blocks toggled by hand. Extracted by tools/vanilla/extract_block_sounds.py from
// vanilla 26.1.2 (block ids in minecraft-data's order). Do not edit: change the script and re-run it.
#include "sim/data/block_sounds.h"

#include <cstdint>
#include <iterator>

#include "sim/data/sound_ids.h"

namespace hz {
namespace {

// break, step, place, hit, fall
constexpr BlockSoundType kTypes[] = {
    {1.0f, 1.0f, sound::intentionally_empty, sound::intentionally_empty, sound::intentionally_empty, sound::intentionally_empty, sound::intentionally_empty},  // EMPTY
    {1.0f, 1.0f, sound::block_wood_break, sound::block_wood_step, sound::block_wood_place, sound::block_wood_hit, sound::block_wood_fall},  // WOOD
    {1.0f, 1.0f, sound::block_gravel_break, sound::block_gravel_step, sound::block_gravel_place, sound::block_gravel_hit, sound::block_gravel_fall},  // GRAVEL
    {1.0f, 1.0f, sound::block_grass_break, sound::block_grass_step, sound::block_grass_place, sound::block_grass_hit, sound::block_grass_fall},  // GRASS
    {1.0f, 1.0f, sound::block_big_dripleaf_break, sound::block_big_dripleaf_step, sound::block_lily_pad_place, sound::block_big_dripleaf_hit, sound::block_big_dripleaf_fall},  // LILY_PAD
    {1.0f, 1.0f, sound::block_stone_break, sound::block_stone_step, sound::block_stone_place, sound::block_stone_hit, sound::block_stone_fall},  // STONE
    {1.0f, 1.5f, sound::block_metal_break, sound::block_metal_step, sound::block_metal_place, sound::block_metal_hit, sound::block_metal_fall},  // METAL
    {1.0f, 1.0f, sound::block_glass_break, sound::block_glass_step, sound::block_glass_place, sound::block_glass_hit, sound::block_glass_fall},  // GLASS
    {1.0f, 1.0f, sound::block_wool_break, sound::block_wool_step, sound::block_wool_place, sound::block_wool_hit, sound::block_wool_fall},  // WOOL
    {1.0f, 1.0f, sound::block_sand_break, sound::block_sand_step, sound::block_sand_place, sound::block_sand_hit, sound::block_sand_fall},  // SAND
    {1.0f, 1.0f, sound::block_snow_break, sound::block_snow_step, sound::block_snow_place, sound::block_snow_hit, sound::block_snow_fall},  // SNOW
    {1.0f, 1.0f, sound::block_powder_snow_break, sound::block_powder_snow_step, sound::block_powder_snow_place, sound::block_powder_snow_hit, sound::block_powder_snow_fall},  // POWDER_SNOW
    {1.0f, 1.0f, sound::block_ladder_break, sound::block_ladder_step, sound::block_ladder_place, sound::block_ladder_hit, sound::block_ladder_fall},  // LADDER
    {0.3f, 1.0f, sound::block_anvil_break, sound::block_anvil_step, sound::block_anvil_place, sound::block_anvil_hit, sound::block_anvil_fall},  // ANVIL
    {1.0f, 1.0f, sound::block_slime_block_break, sound::block_slime_block_step, sound::block_slime_block_place, sound::block_slime_block_hit, sound::block_slime_block_fall},  // SLIME_BLOCK
    {1.0f, 1.0f, sound::block_honey_block_break, sound::block_honey_block_step, sound::block_honey_block_place, sound::block_honey_block_hit, sound::block_honey_block_fall},  // HONEY_BLOCK
    {1.0f, 1.0f, sound::block_wet_grass_break, sound::block_wet_grass_step, sound::block_wet_grass_place, sound::block_wet_grass_hit, sound::block_wet_grass_fall},  // WET_GRASS
    {1.0f, 1.0f, sound::block_coral_block_break, sound::block_coral_block_step, sound::block_coral_block_place, sound::block_coral_block_hit, sound::block_coral_block_fall},  // CORAL_BLOCK
    {1.0f, 1.0f, sound::block_bamboo_break, sound::block_bamboo_step, sound::block_bamboo_place, sound::block_bamboo_hit, sound::block_bamboo_fall},  // BAMBOO
    {1.0f, 1.0f, sound::block_bamboo_sapling_break, sound::block_bamboo_step, sound::block_bamboo_sapling_place, sound::block_bamboo_sapling_hit, sound::block_bamboo_fall},  // BAMBOO_SAPLING
    {1.0f, 1.0f, sound::block_scaffolding_break, sound::block_scaffolding_step, sound::block_scaffolding_place, sound::block_scaffolding_hit, sound::block_scaffolding_fall},  // SCAFFOLDING
    {1.0f, 1.0f, sound::block_sweet_berry_bush_break, sound::block_grass_step, sound::block_sweet_berry_bush_place, sound::block_grass_hit, sound::block_grass_fall},  // SWEET_BERRY_BUSH
    {1.0f, 1.0f, sound::block_crop_break, sound::block_grass_step, sound::item_crop_plant, sound::block_grass_hit, sound::block_grass_fall},  // CROP
    {1.0f, 1.0f, sound::block_wood_break, sound::block_wood_step, sound::item_crop_plant, sound::block_wood_hit, sound::block_wood_fall},  // HARD_CROP
    {1.0f, 1.0f, sound::block_vine_break, sound::block_vine_step, sound::block_vine_place, sound::block_vine_hit, sound::block_vine_fall},  // VINE
    {1.0f, 1.0f, sound::block_nether_wart_break, sound::block_stone_step, sound::item_nether_wart_plant, sound::block_stone_hit, sound::block_stone_fall},  // NETHER_WART
    {1.0f, 1.0f, sound::block_lantern_break, sound::block_lantern_step, sound::block_lantern_place, sound::block_lantern_hit, sound::block_lantern_fall},  // LANTERN
    {1.0f, 1.0f, sound::block_stem_break, sound::block_stem_step, sound::block_stem_place, sound::block_stem_hit, sound::block_stem_fall},  // STEM
    {1.0f, 1.0f, sound::block_nylium_break, sound::block_nylium_step, sound::block_nylium_place, sound::block_nylium_hit, sound::block_nylium_fall},  // NYLIUM
    {1.0f, 1.0f, sound::block_fungus_break, sound::block_fungus_step, sound::block_fungus_place, sound::block_fungus_hit, sound::block_fungus_fall},  // FUNGUS
    {1.0f, 1.0f, sound::block_roots_break, sound::block_roots_step, sound::block_roots_place, sound::block_roots_hit, sound::block_roots_fall},  // ROOTS
    {1.0f, 1.0f, sound::block_shroomlight_break, sound::block_shroomlight_step, sound::block_shroomlight_place, sound::block_shroomlight_hit, sound::block_shroomlight_fall},  // SHROOMLIGHT
    {1.0f, 1.0f, sound::block_weeping_vines_break, sound::block_weeping_vines_step, sound::block_weeping_vines_place, sound::block_weeping_vines_hit, sound::block_weeping_vines_fall},  // WEEPING_VINES
    {1.0f, 1.0f, sound::block_soul_sand_break, sound::block_soul_sand_step, sound::block_soul_sand_place, sound::block_soul_sand_hit, sound::block_soul_sand_fall},  // SOUL_SAND
    {1.0f, 1.0f, sound::block_soul_soil_break, sound::block_soul_soil_step, sound::block_soul_soil_place, sound::block_soul_soil_hit, sound::block_soul_soil_fall},  // SOUL_SOIL
    {1.0f, 1.0f, sound::block_basalt_break, sound::block_basalt_step, sound::block_basalt_place, sound::block_basalt_hit, sound::block_basalt_fall},  // BASALT
    {1.0f, 1.0f, sound::block_wart_block_break, sound::block_wart_block_step, sound::block_wart_block_place, sound::block_wart_block_hit, sound::block_wart_block_fall},  // WART_BLOCK
    {1.0f, 1.0f, sound::block_netherrack_break, sound::block_netherrack_step, sound::block_netherrack_place, sound::block_netherrack_hit, sound::block_netherrack_fall},  // NETHERRACK
    {1.0f, 1.0f, sound::block_nether_bricks_break, sound::block_nether_bricks_step, sound::block_nether_bricks_place, sound::block_nether_bricks_hit, sound::block_nether_bricks_fall},  // NETHER_BRICKS
    {1.0f, 1.0f, sound::block_nether_sprouts_break, sound::block_nether_sprouts_step, sound::block_nether_sprouts_place, sound::block_nether_sprouts_hit, sound::block_nether_sprouts_fall},  // NETHER_SPROUTS
    {1.0f, 1.0f, sound::block_nether_ore_break, sound::block_nether_ore_step, sound::block_nether_ore_place, sound::block_nether_ore_hit, sound::block_nether_ore_fall},  // NETHER_ORE
    {1.0f, 1.0f, sound::block_bone_block_break, sound::block_bone_block_step, sound::block_bone_block_place, sound::block_bone_block_hit, sound::block_bone_block_fall},  // BONE_BLOCK
    {1.0f, 1.0f, sound::block_netherite_block_break, sound::block_netherite_block_step, sound::block_netherite_block_place, sound::block_netherite_block_hit, sound::block_netherite_block_fall},  // NETHERITE_BLOCK
    {1.0f, 1.0f, sound::block_ancient_debris_break, sound::block_ancient_debris_step, sound::block_ancient_debris_place, sound::block_ancient_debris_hit, sound::block_ancient_debris_fall},  // ANCIENT_DEBRIS
    {1.0f, 1.0f, sound::block_lodestone_break, sound::block_lodestone_step, sound::block_lodestone_place, sound::block_lodestone_hit, sound::block_lodestone_fall},  // LODESTONE
    {1.0f, 1.0f, sound::block_chain_break, sound::block_chain_step, sound::block_chain_place, sound::block_chain_hit, sound::block_chain_fall},  // CHAIN
    {1.0f, 1.0f, sound::block_nether_gold_ore_break, sound::block_nether_gold_ore_step, sound::block_nether_gold_ore_place, sound::block_nether_gold_ore_hit, sound::block_nether_gold_ore_fall},  // NETHER_GOLD_ORE
    {1.0f, 1.0f, sound::block_gilded_blackstone_break, sound::block_gilded_blackstone_step, sound::block_gilded_blackstone_place, sound::block_gilded_blackstone_hit, sound::block_gilded_blackstone_fall},  // GILDED_BLACKSTONE
    {1.0f, 1.0f, sound::block_candle_break, sound::block_candle_step, sound::block_candle_place, sound::block_candle_hit, sound::block_candle_fall},  // CANDLE
    {1.0f, 1.0f, sound::block_amethyst_block_break, sound::block_amethyst_block_step, sound::block_amethyst_block_place, sound::block_amethyst_block_hit, sound::block_amethyst_block_fall},  // AMETHYST
    {1.0f, 1.0f, sound::block_amethyst_cluster_break, sound::block_amethyst_cluster_step, sound::block_amethyst_cluster_place, sound::block_amethyst_cluster_hit, sound::block_amethyst_cluster_fall},  // AMETHYST_CLUSTER
    {1.0f, 1.0f, sound::block_small_amethyst_bud_break, sound::block_amethyst_cluster_step, sound::block_small_amethyst_bud_place, sound::block_amethyst_cluster_hit, sound::block_amethyst_cluster_fall},  // SMALL_AMETHYST_BUD
    {1.0f, 1.0f, sound::block_medium_amethyst_bud_break, sound::block_amethyst_cluster_step, sound::block_medium_amethyst_bud_place, sound::block_amethyst_cluster_hit, sound::block_amethyst_cluster_fall},  // MEDIUM_AMETHYST_BUD
    {1.0f, 1.0f, sound::block_large_amethyst_bud_break, sound::block_amethyst_cluster_step, sound::block_large_amethyst_bud_place, sound::block_amethyst_cluster_hit, sound::block_amethyst_cluster_fall},  // LARGE_AMETHYST_BUD
    {1.0f, 1.0f, sound::block_tuff_break, sound::block_tuff_step, sound::block_tuff_place, sound::block_tuff_hit, sound::block_tuff_fall},  // TUFF
    {1.0f, 1.0f, sound::block_tuff_bricks_break, sound::block_tuff_bricks_step, sound::block_tuff_bricks_place, sound::block_tuff_bricks_hit, sound::block_tuff_bricks_fall},  // TUFF_BRICKS
    {1.0f, 1.0f, sound::block_polished_tuff_break, sound::block_polished_tuff_step, sound::block_polished_tuff_place, sound::block_polished_tuff_hit, sound::block_polished_tuff_fall},  // POLISHED_TUFF
    {1.0f, 1.0f, sound::block_calcite_break, sound::block_calcite_step, sound::block_calcite_place, sound::block_calcite_hit, sound::block_calcite_fall},  // CALCITE
    {1.0f, 1.0f, sound::block_dripstone_block_break, sound::block_dripstone_block_step, sound::block_dripstone_block_place, sound::block_dripstone_block_hit, sound::block_dripstone_block_fall},  // DRIPSTONE_BLOCK
    {1.0f, 1.0f, sound::block_pointed_dripstone_break, sound::block_pointed_dripstone_step, sound::block_pointed_dripstone_place, sound::block_pointed_dripstone_hit, sound::block_pointed_dripstone_fall},  // POINTED_DRIPSTONE
    {1.0f, 1.0f, sound::block_copper_break, sound::block_copper_step, sound::block_copper_place, sound::block_copper_hit, sound::block_copper_fall},  // COPPER
    {1.0f, 1.0f, sound::block_copper_bulb_break, sound::block_copper_bulb_step, sound::block_copper_bulb_place, sound::block_copper_bulb_hit, sound::block_copper_bulb_fall},  // COPPER_BULB
    {1.0f, 1.0f, sound::block_copper_grate_break, sound::block_copper_grate_step, sound::block_copper_grate_place, sound::block_copper_grate_hit, sound::block_copper_grate_fall},  // COPPER_GRATE
    {1.0f, 1.0f, sound::block_copper_golem_statue_break, sound::block_copper_golem_statue_step, sound::block_copper_golem_statue_place, sound::block_copper_golem_statue_hit, sound::block_copper_golem_statue_fall},  // COPPER_GOLEM_STATUE
    {1.0f, 1.0f, sound::block_cave_vines_break, sound::block_cave_vines_step, sound::block_cave_vines_place, sound::block_cave_vines_hit, sound::block_cave_vines_fall},  // CAVE_VINES
    {1.0f, 1.0f, sound::block_spore_blossom_break, sound::block_spore_blossom_step, sound::block_spore_blossom_place, sound::block_spore_blossom_hit, sound::block_spore_blossom_fall},  // SPORE_BLOSSOM
    {1.0f, 1.0f, sound::block_cactus_flower_break, sound::intentionally_empty, sound::block_cactus_flower_place, sound::intentionally_empty, sound::intentionally_empty},  // CACTUS_FLOWER
    {1.0f, 1.0f, sound::block_azalea_break, sound::block_azalea_step, sound::block_azalea_place, sound::block_azalea_hit, sound::block_azalea_fall},  // AZALEA
    {1.0f, 1.0f, sound::block_flowering_azalea_break, sound::block_flowering_azalea_step, sound::block_flowering_azalea_place, sound::block_flowering_azalea_hit, sound::block_flowering_azalea_fall},  // FLOWERING_AZALEA
    {1.0f, 1.0f, sound::block_moss_carpet_break, sound::block_moss_carpet_step, sound::block_moss_carpet_place, sound::block_moss_carpet_hit, sound::block_moss_carpet_fall},  // MOSS_CARPET
    {1.0f, 1.0f, sound::block_pink_petals_break, sound::block_pink_petals_step, sound::block_pink_petals_place, sound::block_pink_petals_hit, sound::block_pink_petals_fall},  // PINK_PETALS
    {1.0f, 1.0f, sound::block_leaf_litter_break, sound::block_leaf_litter_step, sound::block_leaf_litter_place, sound::block_leaf_litter_hit, sound::block_leaf_litter_fall},  // LEAF_LITTER
    {1.0f, 1.0f, sound::block_moss_break, sound::block_moss_step, sound::block_moss_place, sound::block_moss_hit, sound::block_moss_fall},  // MOSS
    {1.0f, 1.0f, sound::block_big_dripleaf_break, sound::block_big_dripleaf_step, sound::block_big_dripleaf_place, sound::block_big_dripleaf_hit, sound::block_big_dripleaf_fall},  // BIG_DRIPLEAF
    {1.0f, 1.0f, sound::block_small_dripleaf_break, sound::block_small_dripleaf_step, sound::block_small_dripleaf_place, sound::block_small_dripleaf_hit, sound::block_small_dripleaf_fall},  // SMALL_DRIPLEAF
    {1.0f, 1.0f, sound::block_rooted_dirt_break, sound::block_rooted_dirt_step, sound::block_rooted_dirt_place, sound::block_rooted_dirt_hit, sound::block_rooted_dirt_fall},  // ROOTED_DIRT
    {1.0f, 1.0f, sound::block_hanging_roots_break, sound::block_hanging_roots_step, sound::block_hanging_roots_place, sound::block_hanging_roots_hit, sound::block_hanging_roots_fall},  // HANGING_ROOTS
    {1.0f, 1.0f, sound::block_azalea_leaves_break, sound::block_azalea_leaves_step, sound::block_azalea_leaves_place, sound::block_azalea_leaves_hit, sound::block_azalea_leaves_fall},  // AZALEA_LEAVES
    {1.0f, 1.0f, sound::block_sculk_sensor_break, sound::block_sculk_sensor_step, sound::block_sculk_sensor_place, sound::block_sculk_sensor_hit, sound::block_sculk_sensor_fall},  // SCULK_SENSOR
    {1.0f, 1.0f, sound::block_sculk_catalyst_break, sound::block_sculk_catalyst_step, sound::block_sculk_catalyst_place, sound::block_sculk_catalyst_hit, sound::block_sculk_catalyst_fall},  // SCULK_CATALYST
    {1.0f, 1.0f, sound::block_sculk_break, sound::block_sculk_step, sound::block_sculk_place, sound::block_sculk_hit, sound::block_sculk_fall},  // SCULK
    {1.0f, 1.0f, sound::block_sculk_vein_break, sound::block_sculk_vein_step, sound::block_sculk_vein_place, sound::block_sculk_vein_hit, sound::block_sculk_vein_fall},  // SCULK_VEIN
    {1.0f, 1.0f, sound::block_sculk_shrieker_break, sound::block_sculk_shrieker_step, sound::block_sculk_shrieker_place, sound::block_sculk_shrieker_hit, sound::block_sculk_shrieker_fall},  // SCULK_SHRIEKER
    {1.0f, 1.0f, sound::block_grass_break, sound::block_vine_step, sound::block_grass_place, sound::block_grass_hit, sound::block_grass_fall},  // GLOW_LICHEN
    {1.0f, 1.0f, sound::block_deepslate_break, sound::block_deepslate_step, sound::block_deepslate_place, sound::block_deepslate_hit, sound::block_deepslate_fall},  // DEEPSLATE
    {1.0f, 1.0f, sound::block_deepslate_bricks_break, sound::block_deepslate_bricks_step, sound::block_deepslate_bricks_place, sound::block_deepslate_bricks_hit, sound::block_deepslate_bricks_fall},  // DEEPSLATE_BRICKS
    {1.0f, 1.0f, sound::block_deepslate_tiles_break, sound::block_deepslate_tiles_step, sound::block_deepslate_tiles_place, sound::block_deepslate_tiles_hit, sound::block_deepslate_tiles_fall},  // DEEPSLATE_TILES
    {1.0f, 1.0f, sound::block_polished_deepslate_break, sound::block_polished_deepslate_step, sound::block_polished_deepslate_place, sound::block_polished_deepslate_hit, sound::block_polished_deepslate_fall},  // POLISHED_DEEPSLATE
    {1.0f, 1.0f, sound::block_froglight_break, sound::block_froglight_step, sound::block_froglight_place, sound::block_froglight_hit, sound::block_froglight_fall},  // FROGLIGHT
    {1.0f, 1.0f, sound::block_frogspawn_break, sound::block_frogspawn_step, sound::block_frogspawn_place, sound::block_frogspawn_hit, sound::block_frogspawn_fall},  // FROGSPAWN
    {1.0f, 1.0f, sound::block_mangrove_roots_break, sound::block_mangrove_roots_step, sound::block_mangrove_roots_place, sound::block_mangrove_roots_hit, sound::block_mangrove_roots_fall},  // MANGROVE_ROOTS
    {1.0f, 1.0f, sound::block_muddy_mangrove_roots_break, sound::block_muddy_mangrove_roots_step, sound::block_muddy_mangrove_roots_place, sound::block_muddy_mangrove_roots_hit, sound::block_muddy_mangrove_roots_fall},  // MUDDY_MANGROVE_ROOTS
    {1.0f, 1.0f, sound::block_mud_break, sound::block_mud_step, sound::block_mud_place, sound::block_mud_hit, sound::block_mud_fall},  // MUD
    {1.0f, 1.0f, sound::block_mud_bricks_break, sound::block_mud_bricks_step, sound::block_mud_bricks_place, sound::block_mud_bricks_hit, sound::block_mud_bricks_fall},  // MUD_BRICKS
    {1.0f, 1.0f, sound::block_packed_mud_break, sound::block_packed_mud_step, sound::block_packed_mud_place, sound::block_packed_mud_hit, sound::block_packed_mud_fall},  // PACKED_MUD
    {1.0f, 1.0f, sound::block_hanging_sign_break, sound::block_hanging_sign_step, sound::block_hanging_sign_place, sound::block_hanging_sign_hit, sound::block_hanging_sign_fall},  // HANGING_SIGN
    {1.0f, 1.0f, sound::block_nether_wood_hanging_sign_break, sound::block_nether_wood_hanging_sign_step, sound::block_nether_wood_hanging_sign_place, sound::block_nether_wood_hanging_sign_hit, sound::block_nether_wood_hanging_sign_fall},  // NETHER_WOOD_HANGING_SIGN
    {1.0f, 1.0f, sound::block_bamboo_wood_hanging_sign_break, sound::block_bamboo_wood_hanging_sign_step, sound::block_bamboo_wood_hanging_sign_place, sound::block_bamboo_wood_hanging_sign_hit, sound::block_bamboo_wood_hanging_sign_fall},  // BAMBOO_WOOD_HANGING_SIGN
    {1.0f, 1.0f, sound::block_bamboo_wood_break, sound::block_bamboo_wood_step, sound::block_bamboo_wood_place, sound::block_bamboo_wood_hit, sound::block_bamboo_wood_fall},  // BAMBOO_WOOD
    {1.0f, 1.0f, sound::block_nether_wood_break, sound::block_nether_wood_step, sound::block_nether_wood_place, sound::block_nether_wood_hit, sound::block_nether_wood_fall},  // NETHER_WOOD
    {1.0f, 1.0f, sound::block_cherry_wood_break, sound::block_cherry_wood_step, sound::block_cherry_wood_place, sound::block_cherry_wood_hit, sound::block_cherry_wood_fall},  // CHERRY_WOOD
    {1.0f, 1.0f, sound::block_cherry_sapling_break, sound::block_cherry_sapling_step, sound::block_cherry_sapling_place, sound::block_cherry_sapling_hit, sound::block_cherry_sapling_fall},  // CHERRY_SAPLING
    {1.0f, 1.0f, sound::block_cherry_leaves_break, sound::block_cherry_leaves_step, sound::block_cherry_leaves_place, sound::block_cherry_leaves_hit, sound::block_cherry_leaves_fall},  // CHERRY_LEAVES
    {1.0f, 1.0f, sound::block_cherry_wood_hanging_sign_break, sound::block_cherry_wood_hanging_sign_step, sound::block_cherry_wood_hanging_sign_place, sound::block_cherry_wood_hanging_sign_hit, sound::block_cherry_wood_hanging_sign_fall},  // CHERRY_WOOD_HANGING_SIGN
    {1.0f, 1.0f, sound::block_chiseled_bookshelf_break, sound::block_chiseled_bookshelf_step, sound::block_chiseled_bookshelf_place, sound::block_chiseled_bookshelf_hit, sound::block_chiseled_bookshelf_fall},  // CHISELED_BOOKSHELF
    {1.0f, 1.0f, sound::block_shelf_break, sound::block_shelf_step, sound::block_shelf_place, sound::block_shelf_hit, sound::block_shelf_fall},  // SHELF
    {1.0f, 1.0f, sound::block_suspicious_sand_break, sound::block_suspicious_sand_step, sound::block_suspicious_sand_place, sound::block_suspicious_sand_hit, sound::block_suspicious_sand_fall},  // SUSPICIOUS_SAND
    {1.0f, 1.0f, sound::block_suspicious_gravel_break, sound::block_suspicious_gravel_step, sound::block_suspicious_gravel_place, sound::block_suspicious_gravel_hit, sound::block_suspicious_gravel_fall},  // SUSPICIOUS_GRAVEL
    {1.0f, 1.0f, sound::block_decorated_pot_break, sound::block_decorated_pot_step, sound::block_decorated_pot_place, sound::block_decorated_pot_hit, sound::block_decorated_pot_fall},  // DECORATED_POT
    {1.0f, 1.0f, sound::block_trial_spawner_break, sound::block_trial_spawner_step, sound::block_trial_spawner_place, sound::block_trial_spawner_hit, sound::block_trial_spawner_fall},  // TRIAL_SPAWNER
    {1.0f, 1.0f, sound::block_sponge_break, sound::block_sponge_step, sound::block_sponge_place, sound::block_sponge_hit, sound::block_sponge_fall},  // SPONGE
    {1.0f, 1.0f, sound::block_wet_sponge_break, sound::block_wet_sponge_step, sound::block_wet_sponge_place, sound::block_wet_sponge_hit, sound::block_wet_sponge_fall},  // WET_SPONGE
    {1.0f, 1.0f, sound::block_vault_break, sound::block_vault_step, sound::block_vault_place, sound::block_vault_hit, sound::block_vault_fall},  // VAULT
    {1.0f, 1.0f, sound::block_creaking_heart_break, sound::block_creaking_heart_step, sound::block_creaking_heart_place, sound::block_creaking_heart_hit, sound::block_creaking_heart_fall},  // CREAKING_HEART
    {1.0f, 1.0f, sound::block_heavy_core_break, sound::block_heavy_core_step, sound::block_heavy_core_place, sound::block_heavy_core_hit, sound::block_heavy_core_fall},  // HEAVY_CORE
    {1.0f, 1.0f, sound::block_cobweb_break, sound::block_cobweb_step, sound::block_cobweb_place, sound::block_cobweb_hit, sound::block_cobweb_fall},  // COBWEB
    {1.0f, 1.0f, sound::block_spawner_break, sound::block_spawner_step, sound::block_spawner_place, sound::block_spawner_hit, sound::block_spawner_fall},  // SPAWNER
    {1.0f, 1.0f, sound::block_resin_break, sound::block_resin_step, sound::block_resin_place, sound::intentionally_empty, sound::block_resin_fall},  // RESIN
    {1.0f, 1.0f, sound::block_resin_bricks_break, sound::block_resin_bricks_step, sound::block_resin_bricks_place, sound::block_resin_bricks_hit, sound::block_resin_bricks_fall},  // RESIN_BRICKS
    {1.0f, 1.0f, sound::block_iron_break, sound::block_iron_step, sound::block_iron_place, sound::block_iron_hit, sound::block_iron_fall},  // IRON
    {1.0f, 1.0f, sound::block_dried_ghast_break, sound::block_dried_ghast_step, sound::intentionally_empty, sound::intentionally_empty, sound::block_dried_ghast_fall},  // DRIED_GHAST
};

constexpr uint8_t kBlockTypes[] = {
    5, 5, 5, 5, 5, 5, 5, 5, 3, 2, 2, 2, 5, 1, 1, 1, 1, 1, 100, 1, 1, 1, 1, 98,
    98, 3, 3, 3, 3, 3, 101, 3, 3, 3, 5, 0, 0, 9, 106, 9, 2, 107, 5, 84, 5, 84, 5, 84,
    46, 1, 1, 1, 1, 1, 100, 1, 1, 1, 90, 91, 98, 1, 1, 1, 1, 100, 1, 1, 1, 1, 98, 1,
    1, 1, 1, 1, 100, 1, 1, 1, 1, 1, 1, 1, 100, 1, 1, 1, 3, 3, 3, 3, 3, 102, 3, 3,
    3, 77, 77, 110, 111, 7, 5, 84, 5, 5, 5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 6, 6, 5, 115, 3, 3, 3, 3, 3, 3, 16, 16, 5, 5, 8, 8, 8, 8,
    8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 5, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 6, 119, 5, 3, 1, 104, 105, 105, 105, 105, 105, 105, 105, 105, 105, 105, 105, 105,
    5, 5, 1, 1, 8, 8, 116, 113, 1, 1, 5, 5, 84, 6, 1, 22, 2, 5, 1, 1, 1, 1, 100, 1,
    1, 1, 1, 98, 1, 12, 6, 5, 1, 1, 1, 1, 100, 1, 1, 1, 1, 98, 95, 95, 95, 95, 103, 95,
    95, 95, 96, 96, 95, 97, 95, 95, 95, 95, 103, 95, 95, 95, 95, 96, 96, 97, 5, 5, 119, 1, 1, 1,
    1, 1, 100, 1, 1, 1, 98, 5, 84, 1, 1, 5, 10, 7, 10, 8, 66, 2, 3, 1, 1, 37, 33, 34,
    35, 35, 1, 1, 1, 1, 7, 7, 1, 1, 8, 5, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
    7, 7, 7, 7, 1, 1, 1, 1, 1, 100, 1, 1, 1, 98, 5, 5, 5, 5, 94, 93, 5, 5, 5, 5,
    5, 5, 1, 1, 1, 119, 60, 60, 60, 60, 60, 60, 60, 60, 45, 45, 45, 45, 45, 45, 45, 45, 45, 7,
    1, 1, 1, 1, 23, 23, 24, 83, 117, 1, 5, 5, 93, 3, 4, 117, 118, 118, 118, 118, 118, 38, 38, 38,
    25, 5, 5, 5, 5, 5, 5, 5, 7, 5, 5, 7, 1, 5, 5, 84, 5, 1, 5, 6, 1, 1, 1, 5,
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5, 5, 22, 22, 1, 1, 1, 1, 1, 100, 1, 1, 1, 98, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 13, 13, 13, 1, 6, 119, 5, 1, 6, 40, 6, 5, 5,
    5, 5, 6, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 7, 7, 7, 7,
    7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 1, 100, 1, 1, 1, 98, 98, 14, 5, 5, 119, 5,
    5, 5, 5, 5, 5, 5, 5, 5, 7, 3, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8,
    8, 8, 5, 5, 7, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 5, 5, 5, 5, 1,
    1, 1, 1, 1, 100, 1, 1, 1, 98, 98, 5, 5, 5, 5, 5, 5, 5, 5, 93, 38, 5, 5, 5, 5,
    5, 5, 5, 5, 1, 1, 1, 1, 100, 1, 1, 1, 98, 1, 1, 1, 1, 100, 1, 1, 1, 98, 1, 1,
    1, 1, 100, 1, 1, 1, 98, 1, 1, 1, 5, 5, 5, 5, 22, 22, 22, 22, 3, 5, 5, 5, 7, 5,
    36, 38, 41, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5,
    5, 5, 5, 5, 5, 5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 16, 16,
    3, 6, 6, 120, 5, 5, 5, 5, 5, 17, 17, 17, 17, 17, 5, 5, 5, 5, 5, 16, 16, 16, 16, 16,
    5, 5, 5, 5, 5, 16, 16, 16, 16, 16, 5, 5, 5, 5, 5, 16, 16, 16, 16, 16, 14, 7, 5, 19,
    18, 5, 5, 5, 0, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 38, 5, 5, 5, 5, 5, 5, 5,
    5, 5, 5, 5, 5, 38, 5, 5, 5, 5, 5, 5, 5, 5, 93, 38, 5, 38, 5, 5, 5, 20, 1, 1,
    5, 5, 1, 1, 5, 1, 1, 5, 13, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 1, 1, 21, 27, 27,
    27, 27, 28, 29, 36, 30, 39, 27, 27, 27, 27, 28, 29, 31, 32, 32, 32, 32, 30, 99, 99, 99, 99, 99,
    99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 5, 5, 5, 5, 1, 3, 1,
    1, 15, 17, 42, 43, 5, 5, 5, 5, 5, 5, 44, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 47,
    5, 5, 5, 5, 5, 38, 38, 5, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48, 48,
    48, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 49, 49, 50, 52, 53, 51,
    54, 54, 54, 54, 56, 56, 56, 56, 54, 55, 55, 55, 55, 55, 57, 7, 11, 78, 78, 80, 81, 79, 82, 60,
    60, 60, 60, 5, 84, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60,
    60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60,
    60, 60, 60, 60, 60, 60, 60, 60, 60, 62, 62, 62, 62, 62, 62, 62, 62, 61, 61, 61, 61, 61, 61, 61,
    61, 60, 60, 60, 60, 60, 60, 60, 60, 63, 63, 63, 63, 63, 63, 63, 63, 60, 60, 60, 60, 60, 60, 60,
    60, 59, 58, 64, 64, 65, 67, 68, 69, 70, 70, 71, 72, 73, 73, 74, 76, 75, 92, 84, 84, 84, 84, 84,
    87, 87, 87, 87, 86, 86, 86, 86, 85, 85, 85, 85, 85, 85, 86, 84, 35, 5, 5, 5, 5, 5, 88, 88,
    88, 89, 84, 108, 5, 109, 112, 114, 72, 69, 69, 3, 3, 5, 5, 21,
};

// on (open, pressed), off (close, released)
constexpr BlockToggleSounds kToggles[] = {
    {sound::block_bamboo_wood_button_click_on, sound::block_bamboo_wood_button_click_off},
    {sound::block_bamboo_wood_door_open, sound::block_bamboo_wood_door_close},
    {sound::block_bamboo_wood_fence_gate_open, sound::block_bamboo_wood_fence_gate_close},
    {sound::block_bamboo_wood_trapdoor_open, sound::block_bamboo_wood_trapdoor_close},
    {sound::block_cherry_wood_button_click_on, sound::block_cherry_wood_button_click_off},
    {sound::block_cherry_wood_door_open, sound::block_cherry_wood_door_close},
    {sound::block_cherry_wood_fence_gate_open, sound::block_cherry_wood_fence_gate_close},
    {sound::block_cherry_wood_trapdoor_open, sound::block_cherry_wood_trapdoor_close},
    {sound::block_copper_door_open, sound::block_copper_door_close},
    {sound::block_copper_trapdoor_open, sound::block_copper_trapdoor_close},
    {sound::block_fence_gate_open, sound::block_fence_gate_close},
    {sound::block_iron_door_open, sound::block_iron_door_close},
    {sound::block_iron_trapdoor_open, sound::block_iron_trapdoor_close},
    {sound::block_lever_click, sound::block_lever_click},
    {sound::block_nether_wood_button_click_on, sound::block_nether_wood_button_click_off},
    {sound::block_nether_wood_door_open, sound::block_nether_wood_door_close},
    {sound::block_nether_wood_fence_gate_open, sound::block_nether_wood_fence_gate_close},
    {sound::block_nether_wood_trapdoor_open, sound::block_nether_wood_trapdoor_close},
    {sound::block_stone_button_click_on, sound::block_stone_button_click_off},
    {sound::block_wooden_button_click_on, sound::block_wooden_button_click_off},
    {sound::block_wooden_door_open, sound::block_wooden_door_close},
    {sound::block_wooden_trapdoor_open, sound::block_wooden_trapdoor_close},
};

// 1 + the index in kToggles of each block toggled by hand, else 0.
constexpr uint8_t kBlockToggles[] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 21, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 14, 0, 12, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 19, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 22, 22, 22, 22, 22, 8, 22, 22, 22, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 20, 20, 20, 20, 5, 20, 20, 20, 1, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 13, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 11, 11, 11, 11, 7, 11, 11, 11, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 21, 21,
    21, 21, 6, 21, 21, 21, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 18, 18, 17, 17, 0, 0, 15, 15, 16, 16, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 19, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9,
    9, 10, 10, 10, 10, 10, 10, 10, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

}  // namespace

const BlockSoundType& block_sound_type(BlockId block) {
  if (block >= std::size(kBlockTypes)) return kTypes[0];
  return kTypes[kBlockTypes[block]];
}

const BlockToggleSounds* block_toggle_sounds(BlockId block) {
  if (block >= std::size(kBlockToggles) || kBlockToggles[block] == 0) return nullptr;
  return &kToggles[kBlockToggles[block] - 1];
}

}  // namespace hz
