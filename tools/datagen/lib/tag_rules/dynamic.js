// Tag rules of the synchronized (data-driven) registries; entries and ids are the registry data
// of loginPacket.json, records add minecraft-data facts (biomes.json, enchantments.json).
'use strict';

const { words, list, where, except, none } = require('../tag_dsl');

const biome = {
  // minecraft-data files the_void under the overworld; vanilla's tag leaves it out.
  is_overworld: except(where((b) => b.dimension === 'overworld'), 'the_void'),
  is_nether: where((b) => b.dimension === 'nether'),
  is_end: where((b) => b.dimension === 'end'),
  is_ocean: where((b) => b.category === 'ocean'),
  is_deep_ocean: where((b, name) => b.category === 'ocean' && name.startsWith('deep_')),
  is_beach: list('beach', 'snowy_beach'),
  is_river: list('river', 'frozen_river'),
  is_badlands: list('badlands', 'eroded_badlands', 'wooded_badlands'),
  is_jungle: list('bamboo_jungle', 'jungle', 'sparse_jungle'),
  is_savanna: list('savanna', 'savanna_plateau', 'windswept_savanna'),
  is_taiga: list('taiga', 'snowy_taiga', 'old_growth_pine_taiga', 'old_growth_spruce_taiga'),
  is_hill: list('windswept_hills', 'windswept_forest', 'windswept_gravelly_hills'),
  is_mountain: list('meadow', 'frozen_peaks', 'jagged_peaks', 'stony_peaks', 'snowy_slopes', 'cherry_grove'),
  is_forest: list('forest', 'flower_forest', 'birch_forest', 'old_growth_birch_forest', 'dark_forest', 'pale_garden', 'grove'),
  more_frequent_drowned_spawns: list('#is_river'),
  reduce_water_ambient_spawns: list('#is_river'),
  required_ocean_monument_surrounding: list('#is_ocean', '#is_river'),
  water_on_map_outlines: list('#is_ocean', '#is_river', 'swamp', 'mangrove_swamp'),
  allows_surface_slime_spawns: list('swamp', 'mangrove_swamp'),
  polar_bears_spawn_on_alternate_blocks: list('frozen_ocean', 'deep_frozen_ocean'),
  produces_corals_from_bonemeal: list('warm_ocean'),
  spawns_coral_variant_zombie_nautilus: list('warm_ocean'),
  allows_tropical_fish_spawns_at_any_height: list('lush_caves'),
  mineshaft_blocking: list('deep_dark'),
  spawns_gold_rabbits: list('desert'),
  without_wandering_trader_spawns: list('the_void'),
  without_zombie_sieges: list('mushroom_fields'),
};
const BIOME_EMPTY = words(`
  has_structure/ancient_city has_structure/bastion_remnant has_structure/buried_treasure
  has_structure/desert_pyramid has_structure/end_city has_structure/igloo has_structure/jungle_temple
  has_structure/mineshaft has_structure/mineshaft_mesa has_structure/nether_fortress has_structure/nether_fossil
  has_structure/ocean_monument has_structure/ocean_ruin_cold has_structure/ocean_ruin_warm
  has_structure/pillager_outpost has_structure/ruined_portal_desert has_structure/ruined_portal_jungle
  has_structure/ruined_portal_mountain has_structure/ruined_portal_nether has_structure/ruined_portal_ocean
  has_structure/ruined_portal_standard has_structure/ruined_portal_swamp has_structure/shipwreck
  has_structure/shipwreck_beached has_structure/stronghold has_structure/swamp_hut has_structure/trail_ruins
  has_structure/trial_chambers has_structure/village_desert has_structure/village_plains
  has_structure/village_savanna has_structure/village_snowy has_structure/village_taiga
  has_structure/woodland_mansion spawns_cold_variant_farm_animals spawns_cold_variant_frogs spawns_snow_foxes
  spawns_warm_variant_farm_animals spawns_warm_variant_frogs spawns_white_rabbits stronghold_biased_to
`);

const enchantment = {
  'exclusive_set/armor': list('protection', 'blast_protection', 'fire_protection', 'projectile_protection'),
  'exclusive_set/boots': list('frost_walker', 'depth_strider'),
  'exclusive_set/bow': list('infinity', 'mending'),
  'exclusive_set/crossbow': list('multishot', 'piercing'),
  'exclusive_set/damage': list('sharpness', 'smite', 'bane_of_arthropods', 'impaling', 'density', 'breach'),
  'exclusive_set/mining': list('fortune', 'silk_touch'),
  'exclusive_set/riptide': list('loyalty', 'channeling'),
  curse: where((e) => e.curse === true),
  treasure: where((e) => e.treasureOnly === true),
  non_treasure: where((e) => e.treasureOnly === false),
  tradeable: where((e) => e.tradeable === true),
  prevents_bee_spawns_when_mining: list('silk_touch'),
  prevents_decorated_pot_shattering: list('silk_touch'),
  prevents_ice_melting: list('silk_touch'),
  prevents_infested_spawns: list('silk_touch'),
  smelts_loot: list('fire_aspect'),
  in_enchanting_table: list('#non_treasure'),
  on_mob_spawn_equipment: list('#non_treasure'),
  on_traded_equipment: list('#non_treasure'),
  // Loot may also hold the tradeable treasures.
  on_random_loot: list('#non_treasure', 'binding_curse', 'vanishing_curse', 'frost_walker', 'mending'),
  double_trade_price: list('#treasure'),
};
const ENCHANTMENT_EMPTY = words(`
  tooltip_order
`);

const damageType = {
  is_drowning: list('drown'),
  is_freezing: list('freeze'),
  is_lightning: list('lightning_bolt'),
  is_fall: list('fall', 'ender_pearl', 'stalagmite'),
  is_explosion: list('fireworks', 'explosion', 'player_explosion', 'bad_respawn_point'),
  is_fire: list('in_fire', 'campfire', 'on_fire', 'lava', 'hot_floor', 'unattributed_fireball', 'fireball'),
  is_projectile: list('arrow', 'trident', 'mob_projectile', 'unattributed_fireball', 'fireball', 'wither_skull', 'thrown',
                      'wind_charge'),
  is_player_attack: list('player_attack', 'spear', 'mace_smash'),
  bypasses_invulnerability: list('out_of_world', 'generic_kill'),
  bypasses_resistance: list('out_of_world', 'generic_kill'),
  always_most_significant_fall: list('out_of_world'),
  mace_smash: list('mace_smash'),
  burn_from_stepping: list('campfire', 'hot_floor'),
  no_impact: list('drown'),
};
const DAMAGE_TYPE_EMPTY = words(`
  always_hurts_ender_dragons always_kills_armor_stands always_triggers_silverfish avoids_guardian_thorns
  burns_armor_stands bypasses_armor bypasses_effects bypasses_enchantments bypasses_shield bypasses_wolf_armor
  can_break_armor_stand damages_helmet ignites_armor_stands no_anger no_knockback panic_causes
  panic_environmental_causes witch_resistant_to wither_immune_to
`);

// Banner patterns made with a pattern item, by the item's pattern name.
const PATTERN_ITEMS = { bordure_indented: 'curly_border', creeper: 'creeper', field_masoned: 'bricks', flow: 'flow',
                        flower: 'flower', globe: 'globe', guster: 'guster', mojang: 'mojang', piglin: 'piglin', skull: 'skull' };
const bannerPattern = {
  ...Object.fromEntries(Object.entries(PATTERN_ITEMS).map(([item, pattern]) => [`pattern_item/${item}`, list(pattern)])),
  // Every pattern but the plain base and those needing a pattern item.
  no_item_required: except(where(() => true), 'base', ...Object.values(PATTERN_ITEMS)),
};

const instrument = {
  regular_goat_horns: list('ponder_goat_horn', 'sing_goat_horn', 'seek_goat_horn', 'feel_goat_horn'),
  screaming_goat_horns: list('admire_goat_horn', 'call_goat_horn', 'yearn_goat_horn', 'dream_goat_horn'),
  goat_horns: list('#regular_goat_horns', '#screaming_goat_horns'),
};

// Paintings placeable by hand: all but the four element paintings (which only come from structures).
const paintingVariant = { placeable: except(where(() => true), 'earth', 'fire', 'water', 'wind') };

// Timelines referenced by the dimension types: villager_schedule runs everywhere, the overworld
// adds its day, moon and early-game timelines.
const timeline = {
  universal: list('villager_schedule'),
  in_overworld: list('#universal', 'day', 'moon', 'early_game'),
  in_nether: list('#universal'),
  in_end: list('#universal'),
};

// Dialog tags referenced by the dialog registry; vanilla leaves both empty.
const dialog = { pause_screen_additions: none, quick_actions: none };

module.exports = {
  'minecraft:worldgen/biome': { tags: biome, EMPTY: BIOME_EMPTY },
  'minecraft:enchantment': { tags: enchantment, EMPTY: ENCHANTMENT_EMPTY },
  'minecraft:damage_type': { tags: damageType, EMPTY: DAMAGE_TYPE_EMPTY },
  'minecraft:banner_pattern': { tags: bannerPattern, EMPTY: [] },
  'minecraft:painting_variant': { tags: paintingVariant, EMPTY: [] },
  'minecraft:instrument': { tags: instrument, EMPTY: [] },
  'minecraft:dialog': { tags: dialog, EMPTY: [] },
  'minecraft:timeline': { tags: timeline, EMPTY: [] },
};
