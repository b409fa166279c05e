// Facts about vanilla 26.1 blocks that minecraft-data does not carry, read from vanilla's block
// registration (Blocks.java and the block classes); the generator checks every name exists.
'use strict';

function words(text) {
  return text.trim().split(/\s+/);
}

// Block properties `forceSolidOn()`: the legacy "solid" flag is true whatever the shape (signs,
// banners and pressure plates have no collision box but still block motion for heightmaps).
// Includes blocks that copy their properties from one of these (ofFullCopy/ofLegacyCopy).
const FORCE_SOLID_ON = words(`
  cobweb moving_piston oak_sign spruce_sign birch_sign acacia_sign cherry_sign jungle_sign
  dark_oak_sign pale_oak_sign mangrove_sign bamboo_sign oak_wall_sign spruce_wall_sign
  birch_wall_sign acacia_wall_sign cherry_wall_sign jungle_wall_sign dark_oak_wall_sign
  pale_oak_wall_sign mangrove_wall_sign bamboo_wall_sign oak_hanging_sign
  spruce_hanging_sign birch_hanging_sign acacia_hanging_sign cherry_hanging_sign
  jungle_hanging_sign dark_oak_hanging_sign pale_oak_hanging_sign crimson_hanging_sign
  warped_hanging_sign mangrove_hanging_sign bamboo_hanging_sign oak_wall_hanging_sign
  spruce_wall_hanging_sign birch_wall_hanging_sign acacia_wall_hanging_sign
  cherry_wall_hanging_sign jungle_wall_hanging_sign dark_oak_wall_hanging_sign
  pale_oak_wall_hanging_sign mangrove_wall_hanging_sign crimson_wall_hanging_sign
  warped_wall_hanging_sign bamboo_wall_hanging_sign stone_pressure_plate oak_pressure_plate
  spruce_pressure_plate birch_pressure_plate jungle_pressure_plate acacia_pressure_plate
  cherry_pressure_plate dark_oak_pressure_plate pale_oak_pressure_plate
  mangrove_pressure_plate bamboo_pressure_plate oak_fence cake iron_chain copper_chain
  exposed_copper_chain weathered_copper_chain oxidized_copper_chain waxed_copper_chain
  waxed_exposed_copper_chain waxed_weathered_copper_chain waxed_oxidized_copper_chain
  oak_fence_gate cobblestone_wall mossy_cobblestone_wall light_weighted_pressure_plate
  heavy_weighted_pressure_plate white_banner orange_banner magenta_banner light_blue_banner
  yellow_banner lime_banner pink_banner gray_banner light_gray_banner cyan_banner
  purple_banner blue_banner brown_banner green_banner red_banner black_banner
  white_wall_banner orange_wall_banner magenta_wall_banner light_blue_wall_banner
  yellow_wall_banner lime_wall_banner pink_wall_banner gray_wall_banner
  light_gray_wall_banner cyan_wall_banner purple_wall_banner blue_wall_banner
  brown_wall_banner green_wall_banner red_wall_banner black_wall_banner spruce_fence_gate
  birch_fence_gate jungle_fence_gate acacia_fence_gate cherry_fence_gate dark_oak_fence_gate
  pale_oak_fence_gate mangrove_fence_gate bamboo_fence_gate shulker_box white_shulker_box
  orange_shulker_box magenta_shulker_box light_blue_shulker_box yellow_shulker_box
  lime_shulker_box pink_shulker_box gray_shulker_box light_gray_shulker_box cyan_shulker_box
  purple_shulker_box blue_shulker_box brown_shulker_box green_shulker_box red_shulker_box
  black_shulker_box turtle_egg dried_ghast dead_tube_coral_block dead_brain_coral_block
  dead_bubble_coral_block dead_fire_coral_block dead_horn_coral_block dead_tube_coral
  dead_brain_coral dead_bubble_coral dead_fire_coral dead_horn_coral dead_tube_coral_fan
  dead_brain_coral_fan dead_bubble_coral_fan dead_fire_coral_fan dead_horn_coral_fan
  dead_tube_coral_wall_fan dead_brain_coral_wall_fan dead_bubble_coral_wall_fan
  dead_fire_coral_wall_fan dead_horn_coral_wall_fan conduit bamboo_sapling bamboo brick_wall
  prismarine_wall red_sandstone_wall mossy_stone_brick_wall granite_wall stone_brick_wall
  mud_brick_wall nether_brick_wall andesite_wall red_nether_brick_wall sandstone_wall
  end_stone_brick_wall diorite_wall bell lantern soul_lantern copper_lantern
  exposed_copper_lantern weathered_copper_lantern oxidized_copper_lantern
  waxed_copper_lantern waxed_exposed_copper_lantern waxed_weathered_copper_lantern
  waxed_oxidized_copper_lantern crimson_pressure_plate warped_pressure_plate
  crimson_fence_gate warped_fence_gate crimson_sign warped_sign crimson_wall_sign
  warped_wall_sign blackstone_wall polished_blackstone_brick_wall
  polished_blackstone_pressure_plate polished_blackstone_wall candle_cake white_candle_cake
  orange_candle_cake magenta_candle_cake light_blue_candle_cake yellow_candle_cake
  lime_candle_cake pink_candle_cake gray_candle_cake light_gray_candle_cake cyan_candle_cake
  purple_candle_cake blue_candle_cake brown_candle_cake green_candle_cake red_candle_cake
  black_candle_cake amethyst_cluster large_amethyst_bud medium_amethyst_bud
  small_amethyst_bud tuff_wall polished_tuff_wall tuff_brick_wall sculk_vein lightning_rod
  exposed_lightning_rod weathered_lightning_rod oxidized_lightning_rod waxed_lightning_rod
  waxed_exposed_lightning_rod waxed_weathered_lightning_rod waxed_oxidized_lightning_rod
  pointed_dripstone cobbled_deepslate_wall polished_deepslate_wall deepslate_tile_wall
  deepslate_brick_wall
`);

// Block properties `forceSolidOff()`: never solid whatever the shape.
const FORCE_SOLID_OFF = words(`
  ladder snow end_rod chorus_plant chorus_flower azalea flowering_azalea big_dripleaf
`);

// Block properties `dynamicShape()`: no shape cache, so not solid unless forced on.
const DYNAMIC_SHAPE = words(`
  moving_piston shulker_box white_shulker_box orange_shulker_box magenta_shulker_box
  light_blue_shulker_box yellow_shulker_box lime_shulker_box pink_shulker_box
  gray_shulker_box light_gray_shulker_box cyan_shulker_box purple_shulker_box
  blue_shulker_box brown_shulker_box green_shulker_box red_shulker_box black_shulker_box
  bamboo scaffolding powder_snow pointed_dripstone
`);

// blocksMotion() is isSolid() except for these two blocks.
const NOT_MOTION_BLOCKING = ['cobweb', 'bamboo_sapling'];

// Blocks whose fluid state is always a water source although they have no waterlogged property.
const ALWAYS_WATER = ['bubble_column', 'kelp', 'kelp_plant', 'seagrass', 'tall_seagrass'];
const WATER_BLOCK = 'water';
const LAVA_BLOCK = 'lava';

const flag = (props, name) => props[name] === 'true';
const lit = (level) => (props) => (flag(props, 'lit') ? level : 0);
const FACES = ['down', 'east', 'north', 'south', 'up', 'west'];
const TRIAL_SPAWNER_LIGHT = {
  inactive: 0, waiting_for_players: 4, active: 8, waiting_for_reward_ejection: 8, ejecting_reward: 8, cooldown: 0,
};

// Light emission that depends on the state (minecraft-data gives one value per block, the
// default state's). Each rule is vanilla's lightLevel function for that block.
const STATE_LIGHT = {
  furnace: lit(13), smoker: lit(13), blast_furnace: lit(13),
  redstone_ore: lit(9), deepslate_redstone_ore: lit(9),
  redstone_torch: lit(7), redstone_wall_torch: lit(7),
  redstone_lamp: lit(15), campfire: lit(15), soul_campfire: lit(10),
  copper_bulb: lit(15), exposed_copper_bulb: lit(12), weathered_copper_bulb: lit(8), oxidized_copper_bulb: lit(4),
  waxed_copper_bulb: lit(15), waxed_exposed_copper_bulb: lit(12), waxed_weathered_copper_bulb: lit(8),
  waxed_oxidized_copper_bulb: lit(4),
  light: (props) => Number(props.level),
  glow_lichen: (props) => (FACES.some((face) => flag(props, face)) ? 7 : 0),
  sea_pickle: (props) => (flag(props, 'waterlogged') ? 3 + 3 * Number(props.pickles) : 0),
  respawn_anchor: (props) => Math.floor((Number(props.charges) / 4) * 15),
  cave_vines: (props) => (flag(props, 'berries') ? 14 : 0),
  cave_vines_plant: (props) => (flag(props, 'berries') ? 14 : 0),
  trial_spawner: (props) => TRIAL_SPAWNER_LIGHT[props.trial_spawner_state],
  vault: (props) => (props.vault_state === 'inactive' ? 6 : 12),
};
// Candles give 3 per candle when lit; candle cakes 3 when lit.
function candleRules(blockNames) {
  const rules = {};
  for (const name of blockNames) {
    if (name === 'candle' || name.endsWith('_candle')) {
      rules[name] = (props) => (flag(props, 'lit') ? 3 * Number(props.candles) : 0);
    } else if (name === 'candle_cake' || name.endsWith('_candle_cake')) {
      rules[name] = lit(3);
    }
  }
  return rules;
}

module.exports = {
  FORCE_SOLID_ON, FORCE_SOLID_OFF, DYNAMIC_SHAPE, NOT_MOTION_BLOCKING, ALWAYS_WATER, WATER_BLOCK, LAVA_BLOCK,
  STATE_LIGHT, candleRules,
};
