// Block tag rules. Members come from minecraft-data block names and facts (tool material,
// harvest tools) combined the way vanilla composes its tags; see docs/data.md for which are exact.
'use strict';

const { words, list, where, suffix, prefix, except, none } = require('../tag_dsl');

const COLORS = words('white orange magenta light_blue yellow lime pink gray light_gray cyan purple blue brown green red black');
const OVERWORLD_WOODS = words('oak spruce birch jungle acacia dark_oak pale_oak mangrove cherry');
const WOODS = [...OVERWORLD_WOODS, 'crimson', 'warped', 'bamboo'];
const COPPER_STAGES = words('copper exposed_copper weathered_copper oxidized_copper');
const each = (names, fn) => names.map(fn);
const coloured = (suffixText) => list(...each(COLORS, (c) => `${c}_${suffixText}`));
const wooden = (suffixText) => list(...each(WOODS, (w) => `${w}_${suffixText}`));
// The four log-like blocks of a wood type: log, wood, and their stripped forms (stem/hyphae in the nether).
const logsOf = (wood, log = 'log', woodBlock = 'wood') =>
  list(`${wood}_${log}`, `${wood}_${woodBlock}`, `stripped_${wood}_${log}`, `stripped_${wood}_${woodBlock}`);
// Oxidation stages and their waxed forms of a copper block family, e.g. copper_chain.
const copperFamily = (base) => list(...['', 'exposed_', 'weathered_', 'oxidized_'].flatMap((s) => [`${s}${base}`, `waxed_${s}${base}`]));

// Minimum pickaxe tier from minecraft-data's harvestTools (item names of the tools that drop it).
function needsTier(tier) {
  return (ctx) => ctx.entries.filter((e) => e.record.harvestTools && minimumTier(ctx, e.record) === tier).map((e) => e.name);
}
const TIERS = ['wooden', 'copper', 'stone', 'golden', 'iron', 'diamond', 'netherite'];
function minimumTier(ctx, block) {
  const items = ctx.entryNames('minecraft:item');
  const tools = Object.keys(block.harvestTools).map((id) => items[Number(id)]);
  if (!tools.every((t) => t.endsWith('_pickaxe'))) return null;
  if (tools.some((t) => t.startsWith('wooden_') || t.startsWith('golden_'))) return 'wooden';
  if (tools.some((t) => t.startsWith('copper_') || t.startsWith('stone_'))) return 'stone';
  if (tools.some((t) => t.startsWith('iron_'))) return 'iron';
  return TIERS.find((tier) => tools.some((t) => t.startsWith(`${tier}_`)));
}
const materialHas = (tool) => where((b) => b.material.split(';').includes(tool));

const tags = {
  // Movement (exact): what entities climb, what resets falling, what collision treats as tall.
  climbable: list('ladder', 'vine', 'scaffolding', 'weeping_vines', 'weeping_vines_plant', 'twisting_vines',
                  'twisting_vines_plant', 'cave_vines', 'cave_vines_plant'),
  fall_damage_resetting: list('#climbable', 'sweet_berry_bush', 'cobweb'),
  can_glide_through: list('vine', 'twisting_vines', 'twisting_vines_plant', 'weeping_vines', 'weeping_vines_plant',
                          'cave_vines_plant', 'cave_vines'),
  wooden_fences: list(...each(['oak', 'acacia', 'dark_oak', 'pale_oak', 'spruce', 'birch', 'jungle', 'crimson', 'warped',
                               'mangrove', 'bamboo', 'cherry'], (w) => `${w}_fence`)),
  fences: list('#wooden_fences', 'nether_brick_fence'),
  walls: suffix('_wall'),
  fence_gates: list(...each(['acacia', 'birch', 'dark_oak', 'pale_oak', 'jungle', 'oak', 'spruce', 'crimson', 'warped',
                             'mangrove', 'bamboo', 'cherry'], (w) => `${w}_fence_gate`)),
  unstable_bottom_center: list('#fence_gates'),
  portals: list('nether_portal', 'end_portal', 'end_gateway'),
  inside_step_sound_blocks: list('powder_snow', 'sculk_vein', 'glow_lichen', 'lily_pad', 'small_amethyst_bud', 'pink_petals',
                                 'wildflowers', 'leaf_litter'),
  combination_step_sound_blocks: list('#wool_carpets', 'moss_carpet', 'pale_moss_carpet', 'snow', 'nether_sprouts',
                                      'warped_roots', 'crimson_roots', 'resin_clump'),
  crystal_sound_blocks: list('amethyst_block', 'budding_amethyst'),
  soul_speed_blocks: list('soul_sand', 'soul_soil'),
  ice: list('ice', 'packed_ice', 'blue_ice', 'frosted_ice'),
  snow: list('snow', 'snow_block', 'powder_snow'),

  // Referenced by registry data (dimension types, enchantments).
  infiniburn_overworld: list('netherrack', 'magma_block'),
  infiniburn_nether: list('#infiniburn_overworld'),
  infiniburn_end: list('#infiniburn_overworld', 'bedrock'),
  lightning_rods: copperFamily('lightning_rod'),
  blocks_wind_charge_explosions: list('barrier', 'bedrock'),

  // Families by name.
  air: list('air', 'void_air', 'cave_air'),
  oak_logs: logsOf('oak'), spruce_logs: logsOf('spruce'), birch_logs: logsOf('birch'), jungle_logs: logsOf('jungle'),
  acacia_logs: logsOf('acacia'), dark_oak_logs: logsOf('dark_oak'), pale_oak_logs: logsOf('pale_oak'),
  mangrove_logs: logsOf('mangrove'), cherry_logs: logsOf('cherry'),
  crimson_stems: logsOf('crimson', 'stem', 'hyphae'), warped_stems: logsOf('warped', 'stem', 'hyphae'),
  bamboo_blocks: list('bamboo_block', 'stripped_bamboo_block'),
  logs_that_burn: list(...each(['dark_oak', 'pale_oak', 'oak', 'acacia', 'birch', 'jungle', 'spruce', 'mangrove', 'cherry'],
                               (w) => `#${w}_logs`)),
  logs: list('#logs_that_burn', '#crimson_stems', '#warped_stems'),
  completes_find_tree_tutorial: list('#logs', '#leaves', '#wart_blocks'),
  overworld_natural_logs: list(...each(['acacia', 'birch', 'oak', 'jungle', 'spruce', 'dark_oak', 'pale_oak', 'mangrove', 'cherry'],
                                       (w) => `${w}_log`)),
  planks: wooden('planks'),
  leaves: suffix('_leaves'),
  saplings: list(...each(['oak', 'spruce', 'birch', 'jungle', 'acacia', 'dark_oak', 'pale_oak'], (w) => `${w}_sapling`),
                 'azalea', 'flowering_azalea', 'mangrove_propagule', 'cherry_sapling'),
  wool: coloured('wool'),
  wool_carpets: coloured('carpet'),
  dampens_vibrations: list('#wool', '#wool_carpets'),
  occludes_vibration_signals: list('#wool'),
  beds: suffix('_bed'),
  banners: suffix('_banner'),
  candles: list('candle', ...each(COLORS, (c) => `${c}_candle`)),
  candle_cakes: list('candle_cake', ...each(COLORS, (c) => `${c}_candle_cake`)),
  concrete_powder: coloured('concrete_powder'),
  terracotta: list('terracotta', ...each(COLORS, (c) => `${c}_terracotta`)),
  badlands_terracotta: list('terracotta', ...each(words('white yellow orange red brown light_gray'), (c) => `${c}_terracotta`)),
  shulker_boxes: list('shulker_box', ...[...COLORS].sort().map((c) => `${c}_shulker_box`)),
  wooden_doors: wooden('door'),
  doors: list('#wooden_doors', copperFamily('copper_door'), 'iron_door'),
  mob_interactable_doors: list('#wooden_doors', copperFamily('copper_door')),
  wooden_trapdoors: list(...each(['acacia', 'birch', 'dark_oak', 'pale_oak', 'jungle', 'oak', 'spruce', 'crimson', 'warped',
                                  'mangrove', 'bamboo', 'cherry'], (w) => `${w}_trapdoor`)),
  trapdoors: list('#wooden_trapdoors', 'iron_trapdoor', copperFamily('copper_trapdoor')),
  wooden_buttons: wooden('button'),
  stone_buttons: list('stone_button', 'polished_blackstone_button'),
  buttons: list('#wooden_buttons', '#stone_buttons'),
  wooden_pressure_plates: wooden('pressure_plate'),
  stone_pressure_plates: list('stone_pressure_plate', 'polished_blackstone_pressure_plate'),
  pressure_plates: list('light_weighted_pressure_plate', 'heavy_weighted_pressure_plate', '#wooden_pressure_plates',
                        '#stone_pressure_plates'),
  wooden_slabs: wooden('slab'),
  slabs: suffix('_slab'),
  wooden_stairs: wooden('stairs'),
  stairs: suffix('_stairs'),
  wooden_shelves: suffix('_shelf'),
  standing_signs: wooden('sign'),
  wall_signs: wooden('wall_sign'),
  signs: list('#standing_signs', '#wall_signs'),
  ceiling_hanging_signs: wooden('hanging_sign'),
  wall_hanging_signs: wooden('wall_hanging_sign'),
  all_hanging_signs: list('#ceiling_hanging_signs', '#wall_hanging_signs'),
  all_signs: list('#signs', '#all_hanging_signs'),
  rails: list('rail', 'powered_rail', 'detector_rail', 'activator_rail'),
  prevent_mob_spawning_inside: list('#rails'),
  flower_pots: list('flower_pot', prefix('potted_')),
  anvil: list('anvil', 'chipped_anvil', 'damaged_anvil'),
  cauldrons: list('cauldron', 'water_cauldron', 'lava_cauldron', 'powder_snow_cauldron'),
  campfires: list('campfire', 'soul_campfire'),
  fire: list('fire', 'soul_fire'),
  cave_vines: list('cave_vines_plant', 'cave_vines'),
  beehives: list('bee_nest', 'beehive'),
  does_not_block_hoppers: list('#beehives'),
  bars: list('iron_bars', copperFamily('copper_bars')),
  chains: list('iron_chain', copperFamily('copper_chain')),
  lanterns: list('lantern', 'soul_lantern', copperFamily('copper_lantern')),
  copper_chests: copperFamily('copper_chest'),
  copper_golem_statues: copperFamily('copper_golem_statue'),
  copper: list(...COPPER_STAGES.map((s) => (s === 'copper' ? 'copper_block' : s)),
               ...COPPER_STAGES.map((s) => `waxed_${s === 'copper' ? 'copper_block' : s}`)),
  coral_blocks: list(...each(words('tube brain bubble fire horn'), (c) => `${c}_coral_block`)),
  coral_plants: list(...each(words('tube brain bubble fire horn'), (c) => `${c}_coral`)),
  wall_corals: list(...each(words('tube brain bubble fire horn'), (c) => `${c}_coral_wall_fan`)),
  corals: list('#coral_plants', ...each(words('tube brain bubble fire horn'), (c) => `${c}_coral_fan`)),
  underwater_bonemeals: list('seagrass', '#corals', '#wall_corals'),
  stone_bricks: list('stone_bricks', 'mossy_stone_bricks', 'cracked_stone_bricks', 'chiseled_stone_bricks'),
  wart_blocks: list('nether_wart_block', 'warped_wart_block'),
  nylium: list('crimson_nylium', 'warped_nylium'),
  sand: list('sand', 'red_sand', 'suspicious_sand'),
  smelts_to_glass: list('sand', 'red_sand'),
  dirt: list('dirt', 'coarse_dirt', 'rooted_dirt'),
  mud: list('mud', 'muddy_mangrove_roots'),
  moss_blocks: list('moss_block', 'pale_moss_block'),
  grass_blocks: list('grass_block', 'podzol', 'mycelium'),
  substrate_overworld: list('#dirt', '#mud', '#moss_blocks', '#grass_blocks'),
  convertable_to_mud: list('dirt', 'coarse_dirt', 'rooted_dirt'),
  base_stone_overworld: list('stone', 'granite', 'diorite', 'andesite', 'tuff', 'deepslate'),
  base_stone_nether: list('netherrack', 'basalt', 'blackstone'),
  stone_ore_replaceables: list('stone', 'granite', 'diorite', 'andesite'),
  deepslate_ore_replaceables: list('deepslate', 'tuff'),
  coal_ores: list('coal_ore', 'deepslate_coal_ore'),
  iron_ores: list('iron_ore', 'deepslate_iron_ore'),
  copper_ores: list('copper_ore', 'deepslate_copper_ore'),
  gold_ores: list('gold_ore', 'nether_gold_ore', 'deepslate_gold_ore'),
  redstone_ores: list('redstone_ore', 'deepslate_redstone_ore'),
  emerald_ores: list('emerald_ore', 'deepslate_emerald_ore'),
  lapis_ores: list('lapis_ore', 'deepslate_lapis_ore'),
  diamond_ores: list('diamond_ore', 'deepslate_diamond_ore'),
  beacon_base_blocks: list('netherite_block', 'emerald_block', 'diamond_block', 'gold_block', 'iron_block'),
  soul_fire_base_blocks: list('soul_sand', 'soul_soil'),
  wither_summon_base_blocks: list('soul_sand', 'soul_soil'),
  triggers_ambient_dried_ghast_block_sounds: list('soul_sand', 'soul_soil'),
  triggers_ambient_desert_sand_block_sounds: list('sand', 'red_sand'),
  valid_spawn: list('grass_block', 'podzol'),
  animals_spawnable_on: list('grass_block'),
  mooshrooms_spawnable_on: list('mycelium'),
  axolotls_spawnable_on: list('clay'),
  polar_bears_spawnable_on_alternate: list('ice'),
  camels_spawnable_on: list('#sand'),
  strider_warm_blocks: list('lava'),
  grows_crops: list('farmland'),
  supports_crops: list('farmland'), supports_stem_crops: list('farmland'),
  supports_melon_stem: list('farmland'), supports_pumpkin_stem: list('farmland'),
  supports_vegetation: list('#substrate_overworld', 'farmland'),
  supports_stem_fruit: list('#substrate_overworld', 'farmland'),
  supports_melon_stem_fruit: list('#supports_stem_fruit'),
  supports_pumpkin_stem_fruit: list('#supports_stem_fruit'),
  supports_chorus_flower: list('end_stone'), supports_chorus_plant: list('end_stone'),
  supports_nether_wart: list('soul_sand'),
  supports_cactus: list('#sand'),
  supports_cocoa: list('#jungle_logs'),
  supports_small_dripleaf: list('clay', 'moss_block'),
  supports_hanging_mangrove_propagule: list('mangrove_leaves'),
  supports_lily_pad: list('ice', 'frosted_ice'),
  supports_sugar_cane_adjacently: list('frosted_ice'),
  supports_frogspawn: none,
  cannot_support_kelp: list('magma_block'),
  cannot_support_seagrass: list('magma_block'),
  cannot_support_snow_layer: list('ice', 'packed_ice', 'barrier'),
  support_override_snow_layer: list('honey_block', 'soul_sand', 'mud'),
  support_override_cactus_flower: list('cactus', 'farmland'),
  enables_bubble_column_drag_down: list('magma_block'),
  enables_bubble_column_push_up: list('soul_sand'),
  enchantment_power_provider: list('bookshelf'),
  sniffer_egg_hatch_boost: list('moss_block'),
  vibration_resonators: list('amethyst_block'),
  trail_ruins_replaceable: list('gravel'),
  frog_prefer_jump_to: list('lily_pad', 'big_dripleaf'),
  sword_instantly_mines: list('bamboo', 'bamboo_sapling'),
  invalid_spawn_inside: list('end_portal', 'end_gateway'),
  dragon_transparent: list('light', 'fire', 'soul_fire'),
  piglin_repellents: list('soul_fire', 'soul_torch', 'soul_lantern', 'soul_wall_torch', 'soul_campfire'),
  hoglin_repellents: list('warped_fungus', 'potted_warped_fungus', 'nether_portal', 'respawn_anchor'),
  impermeable: list('glass', ...each(COLORS, (c) => `${c}_stained_glass`), 'tinted_glass', 'barrier'),
  small_flowers: list('dandelion', 'open_eyeblossom', 'poppy', 'blue_orchid', 'allium', 'azure_bluet', 'red_tulip',
                      'orange_tulip', 'white_tulip', 'pink_tulip', 'oxeye_daisy', 'cornflower', 'lily_of_the_valley',
                      'wither_rose', 'torchflower', 'closed_eyeblossom', 'golden_dandelion'),
  flowers: list('#small_flowers', 'sunflower', 'lilac', 'peony', 'rose_bush', 'pitcher_plant', 'flowering_azalea_leaves',
                'flowering_azalea', 'mangrove_propagule', 'cherry_leaves', 'pink_petals', 'wildflowers', 'chorus_flower',
                'spore_blossom', 'cactus_flower'),
  bee_attractive: except(list('#flowers'), 'closed_eyeblossom', 'golden_dandelion'),
  replaceable: list('air', 'water', 'lava', 'short_grass', 'fern', 'dead_bush', 'bush', 'short_dry_grass', 'tall_dry_grass',
                    'seagrass', 'tall_seagrass', 'fire', 'soul_fire', 'snow', 'vine', 'glow_lichen', 'resin_clump', 'light',
                    'tall_grass', 'large_fern', 'structure_void', 'void_air', 'cave_air', 'bubble_column', 'warped_roots',
                    'nether_sprouts', 'crimson_roots', 'leaf_litter', 'hanging_roots'),
  enchantment_power_transmitter: list('#replaceable'),
  features_cannot_replace: list('bedrock', 'spawner', 'chest', 'end_portal_frame', 'reinforced_deepslate', 'trial_spawner',
                                'vault'),
  lava_pool_stone_cannot_replace: list('#features_cannot_replace', '#leaves', '#logs'),
  crops: list('beetroots', 'carrots', 'potatoes', 'wheat', 'melon_stem', 'pumpkin_stem', 'torchflower_crop', 'pitcher_crop'),
  bee_growables: list('#crops', 'sweet_berry_bush', '#cave_vines'),

  // Ground blocks, composed from the substrate groups as vanilla composes them.
  supports_azalea: list('#supports_vegetation', 'clay'),
  supports_mangrove_propagule: list('#supports_vegetation', 'clay'),
  supports_crimson_fungus: list('#supports_vegetation', '#nylium', 'soul_soil'),
  supports_crimson_roots: list('#supports_vegetation', '#nylium', 'soul_soil'),
  supports_warped_fungus: list('#supports_vegetation', '#nylium', 'soul_soil'),
  supports_warped_roots: list('#supports_vegetation', '#nylium', 'soul_soil'),
  supports_nether_sprouts: list('#supports_vegetation', '#nylium', 'soul_soil'),
  supports_wither_rose: list('#supports_vegetation', 'netherrack', 'soul_sand', 'soul_soil'),
  supports_sugar_cane: list('#substrate_overworld', '#sand'),
  supports_bamboo: list('#sand', '#substrate_overworld', 'bamboo', 'bamboo_sapling', 'gravel', 'suspicious_gravel'),
  supports_dry_vegetation: list('#sand', '#terracotta', '#supports_vegetation'),
  supports_big_dripleaf: list('clay', 'moss_block', 'dirt', 'grass_block', 'podzol', 'coarse_dirt', 'mycelium', 'rooted_dirt',
                              'mud', 'muddy_mangrove_roots', 'farmland'),
  beneath_tree_podzol_replaceable: list('#substrate_overworld'),
  beneath_bamboo_podzol_replaceable: list('#substrate_overworld'),
  sniffer_diggable_block: except(list('#substrate_overworld'), 'mycelium'),
  cannot_replace_below_tree_trunk: list('#dirt', '#mud', '#moss_blocks', 'podzol'),
  huge_brown_mushroom_can_place_on: list('#substrate_overworld', '#nylium'),
  huge_red_mushroom_can_place_on: list('#substrate_overworld', '#nylium'),
  azalea_grows_on: list('#substrate_overworld', '#sand', '#terracotta', 'snow_block', 'powder_snow'),
  ice_spike_replaceable: list('#substrate_overworld', 'snow_block', 'ice'),
  moss_replaceable: list('#base_stone_overworld', '#cave_vines', '#substrate_overworld'),
  lush_ground_replaceable: list('#moss_replaceable', 'clay', 'gravel', 'sand'),
  forest_rock_can_place_on: list('#substrate_overworld', '#base_stone_overworld'),
  dripstone_replaceable_blocks: list('#base_stone_overworld'),
  bats_spawnable_on: list('#base_stone_overworld'),
  dragon_immune: list('barrier', 'bedrock', 'end_portal', 'end_portal_frame', 'end_gateway', 'command_block',
                      'repeating_command_block', 'chain_command_block', 'structure_block', 'jigsaw', 'moving_piston', 'obsidian',
                      'crying_obsidian', 'end_stone', 'iron_bars', 'respawn_anchor', 'reinforced_deepslate', 'test_block',
                      'test_instance_block'),
  wither_immune: list('barrier', 'bedrock', 'end_portal', 'end_portal_frame', 'end_gateway', 'command_block',
                      'repeating_command_block', 'chain_command_block', 'structure_block', 'jigsaw', 'moving_piston', 'light',
                      'reinforced_deepslate', 'test_block', 'test_instance_block'),

  // Mining: minecraft-data's tool material and harvest tools.
  'mineable/axe': materialHas('mineable/axe'),
  'mineable/hoe': materialHas('mineable/hoe'),
  'mineable/shovel': materialHas('mineable/shovel'),
  'mineable/pickaxe': where((b) => b.material === 'mineable/pickaxe' || b.material === 'incorrect_for_wooden_tool'),
  needs_diamond_tool: needsTier('diamond'),
  needs_iron_tool: needsTier('iron'),
  needs_stone_tool: needsTier('stone'),
  incorrect_for_wooden_tool: list('#needs_diamond_tool', '#needs_iron_tool', '#needs_stone_tool'),
  incorrect_for_gold_tool: list('#needs_diamond_tool', '#needs_iron_tool', '#needs_stone_tool'),
  incorrect_for_stone_tool: list('#needs_diamond_tool', '#needs_iron_tool'),
  incorrect_for_copper_tool: list('#needs_diamond_tool', '#needs_iron_tool'),
  incorrect_for_iron_tool: list('#needs_diamond_tool'),
  incorrect_for_diamond_tool: none,
  incorrect_for_netherite_tool: none,
  // Farmland under these does not dry to dirt (FarmBlock.shouldMaintainFarmland).
  maintains_farmland: list('pumpkin_stem', 'attached_pumpkin_stem', 'melon_stem', 'attached_melon_stem', 'beetroots',
                           'carrots', 'potatoes', 'torchflower_crop', 'torchflower', 'pitcher_crop', 'wheat',
                           'moving_piston', '#fence_gates'),
  sword_efficient: list('#leaves', 'vine', 'glow_lichen', 'pumpkin', 'carved_pumpkin', 'jack_o_lantern', 'melon', 'cocoa',
                        'big_dripleaf', 'big_dripleaf_stem', 'chorus_plant', 'chorus_flower'),
};

// Tags vanilla sends for which no rule is stated: sent empty.
const EMPTY = words(`
  ancient_city_replaceable armadillo_spawnable_on azalea_root_replaceable camel_sand_step_sound_blocks
  edible_for_sheep enderman_holdable foxes_spawnable_on frogs_spawnable_on geode_invalid_blocks
  goats_spawnable_on guarded_by_piglins happy_ghast_avoids mangrove_logs_can_grow_through
  mangrove_roots_can_grow_through nether_carver_replaceables overrides_mushroom_light_requirement
  overworld_carver_replaceables parrots_spawnable_on prevents_nearby_leaf_decay rabbits_spawnable_on
  replaceable_by_mushrooms replaceable_by_trees sculk_replaceable sculk_replaceable_world_gen snaps_goat_horn
  triggers_ambient_desert_dry_vegetation_block_sounds wall_post_override wolves_spawnable_on
`);

module.exports = { registry: 'minecraft:block', tags, EMPTY };
