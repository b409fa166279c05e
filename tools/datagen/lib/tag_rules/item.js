// Item tag rules: equipment families by name, and the tags vanilla copies from block tags
// (the block tag's members that have an item of the same name).
'use strict';

const { words, list, suffix } = require('../tag_dsl');

const COLORS = words('white orange magenta light_blue yellow lime pink gray light_gray cyan purple blue brown green red black');
const TOOL_TIERS = words('diamond stone golden netherite wooden iron copper');
const ARMOR_TIERS = words('leather copper chainmail golden iron diamond netherite');
const tiered = (tiers, kind) => list(...tiers.map((t) => `${t}_${kind}`));

// The members of a block tag that exist as items (vanilla copies these block tags to item tags).
function fromBlockTag(blockTag) {
  return (ctx) => ctx.external('minecraft:block', blockTag).filter((name) => ctx.has(name));
}

const COPIED_FROM_BLOCKS = words(`
  acacia_logs anvil bamboo_blocks banners bars beds birch_logs buttons candles chains cherry_logs coal_ores
  completes_find_tree_tutorial copper copper_chests copper_golem_statues copper_ores crimson_stems dampens_vibrations
  dark_oak_logs diamond_ores dirt doors emerald_ores fence_gates fences gold_ores grass_blocks iron_ores jungle_logs
  lanterns lapis_ores leaves lightning_rods logs logs_that_burn mangrove_logs moss_blocks mud oak_logs pale_oak_logs
  planks rails redstone_ores sand saplings shulker_boxes slabs small_flowers smelts_to_glass soul_fire_base_blocks
  spruce_logs stairs stone_bricks stone_buttons terracotta trapdoors walls warped_stems wart_blocks wooden_buttons
  wooden_doors wooden_fences wooden_pressure_plates wooden_shelves wooden_slabs wooden_stairs wooden_trapdoors wool
  wool_carpets piglin_repellents flowers
`);

const tags = {
  ...Object.fromEntries(COPIED_FROM_BLOCKS.map((tag) => [tag, fromBlockTag(tag)])),
  signs: fromBlockTag('standing_signs'),
  hanging_signs: fromBlockTag('ceiling_hanging_signs'),

  swords: tiered(TOOL_TIERS, 'sword'),
  axes: tiered(TOOL_TIERS, 'axe'),
  pickaxes: tiered(TOOL_TIERS, 'pickaxe'),
  shovels: tiered(TOOL_TIERS, 'shovel'),
  hoes: tiered(TOOL_TIERS, 'hoe'),
  spears: tiered(TOOL_TIERS, 'spear'),
  foot_armor: tiered(ARMOR_TIERS, 'boots'),
  leg_armor: tiered(ARMOR_TIERS, 'leggings'),
  chest_armor: tiered(ARMOR_TIERS, 'chestplate'),
  head_armor: list(tiered(ARMOR_TIERS, 'helmet'), 'turtle_helmet'),
  skulls: list('player_head', 'creeper_head', 'zombie_head', 'skeleton_skull', 'wither_skeleton_skull', 'dragon_head',
               'piglin_head'),
  trimmable_armor: list('#foot_armor', '#leg_armor', '#chest_armor', '#head_armor'),
  freeze_immune_wearables: list('leather_boots', 'leather_leggings', 'leather_chestplate', 'leather_helmet',
                                'leather_horse_armor'),
  gaze_disguise_equipment: list('carved_pumpkin'),
  piglin_safe_armor: list('golden_helmet', 'golden_chestplate', 'golden_leggings', 'golden_boots'),
  arrows: list('arrow', 'tipped_arrow', 'spectral_arrow'),
  chest_boats: suffix('_chest_boat', '_chest_raft'),
  boats: list(suffix('_boat', '_raft')),
  dyes: list(...COLORS.map((c) => `${c}_dye`)),
  harnesses: list(...COLORS.map((c) => `${c}_harness`)),
  bundles: list('bundle', ...[...COLORS].sort().map((c) => `${c}_bundle`)),
  decorated_pot_sherds: suffix('_pottery_sherd'),
  eggs: list('egg', 'blue_egg', 'brown_egg'),
  coals: list('coal', 'charcoal'),
  compasses: list('compass', 'recovery_compass'),
  fishes: list('cod', 'cooked_cod', 'salmon', 'cooked_salmon', 'pufferfish', 'tropical_fish'),
  lectern_books: list('written_book', 'writable_book'),
  bookshelf_books: list('book', 'written_book', 'enchanted_book', 'writable_book', 'knowledge_book'),
  wooden_tool_materials: fromBlockTag('planks'),
  stone_tool_materials: list('cobblestone', 'blackstone', 'cobbled_deepslate'),
  stone_crafting_materials: list('cobblestone', 'blackstone', 'cobbled_deepslate'),
  copper_tool_materials: list('copper_ingot'),
  iron_tool_materials: list('iron_ingot'),
  gold_tool_materials: list('gold_ingot'),
  diamond_tool_materials: list('diamond'),
  netherite_tool_materials: list('netherite_ingot'),
  repairs_leather_armor: list('leather'),
  repairs_copper_armor: list('copper_ingot'),
  repairs_chain_armor: list('iron_ingot'),
  repairs_iron_armor: list('iron_ingot'),
  repairs_gold_armor: list('gold_ingot'),
  repairs_diamond_armor: list('diamond'),
  repairs_netherite_armor: list('netherite_ingot'),
  repairs_turtle_helmet: list('turtle_scute'),
  repairs_wolf_armor: list('armadillo_scute'),

  // Enchantable items, referenced by the enchantment registry data.
  'enchantable/foot_armor': list('#foot_armor'),
  'enchantable/leg_armor': list('#leg_armor'),
  'enchantable/chest_armor': list('#chest_armor'),
  'enchantable/head_armor': list('#head_armor'),
  'enchantable/armor': list('#foot_armor', '#leg_armor', '#chest_armor', '#head_armor'),
  'enchantable/sweeping': list('#swords'),
  'enchantable/melee_weapon': list('#swords', '#spears'),
  'enchantable/lunge': list('#spears'),
  'enchantable/sharp_weapon': list('#swords', '#spears', '#axes'),
  'enchantable/weapon': list('#enchantable/sharp_weapon', 'mace'),
  'enchantable/fire_aspect': list('#enchantable/melee_weapon', 'mace'),
  'enchantable/mining': list('#axes', '#pickaxes', '#shovels', '#hoes', 'shears'),
  'enchantable/mining_loot': list('#axes', '#pickaxes', '#shovels', '#hoes'),
  'enchantable/fishing': list('fishing_rod'),
  'enchantable/trident': list('trident'),
  'enchantable/bow': list('bow'),
  'enchantable/crossbow': list('crossbow'),
  'enchantable/mace': list('mace'),
  'enchantable/equippable': list('#enchantable/armor', 'elytra', '#skulls', 'carved_pumpkin'),
  'enchantable/durability': list('#enchantable/armor', 'elytra', 'shield', '#swords', '#axes', '#pickaxes', '#shovels',
                                 '#hoes', 'bow', 'crossbow', 'trident', 'flint_and_steel', 'shears', 'brush',
                                 'fishing_rod', 'carrot_on_a_stick', 'warped_fungus_on_a_stick', 'mace', '#spears'),
  'enchantable/vanishing': list('#enchantable/durability', 'compass', 'carved_pumpkin', '#skulls'),
};

// Tags vanilla sends for which no rule is stated: sent empty.
const EMPTY = words(`
  armadillo_food axolotl_food beacon_payment_items bee_food book_cloning_target breaks_decorated_pots
  brewing_fuel camel_food camel_husk_food cat_collar_dyes cat_food cauldron_can_remove_dye chicken_food
  cluster_max_harvestables cow_food creeper_drop_music_discs creeper_igniters decorated_pot_ingredients
  drowned_preferred_weapons duplicates_allays fox_food frog_food furnace_minecart_fuel goat_food
  happy_ghast_food happy_ghast_tempt_items hoglin_food horse_food horse_tempt_items ignored_by_piglin_babies
  llama_food llama_tempt_items loom_dyes loom_patterns map_invisibility_equipment meat metal_nuggets
  nautilus_bucket_food nautilus_food nautilus_taming_items non_flammable_wood noteblock_top_instruments
  ocelot_food panda_eats_from_ground panda_food parrot_food parrot_poisonous_food pig_food piglin_food
  piglin_loved piglin_preferred_weapons pillager_preferred_weapons rabbit_food sheep_food
  shearable_from_copper_golem skeleton_preferred_weapons sniffer_food strider_food strider_tempt_items
  trim_materials turtle_food villager_picks_up villager_plantable_seeds wither_skeleton_disliked_weapons
  wolf_collar_dyes wolf_food zombie_horse_food
`);

module.exports = { registry: 'minecraft:item', tags, EMPTY };
