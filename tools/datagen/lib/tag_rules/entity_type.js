// Entity type tag rules: explicit member lists of vanilla's groups (undead, arthropods, aquatic
// mobs ...), which the enchantment data and the movement code refer to.
'use strict';

const { words, list, suffix, except } = require('../tag_dsl');

const tags = {
  skeletons: list('skeleton', 'stray', 'wither_skeleton', 'skeleton_horse', 'bogged', 'parched'),
  zombies: list('zombie_horse', 'camel_husk', 'zombie', 'zombie_villager', 'zombified_piglin', 'zoglin', 'drowned', 'husk',
                'zombie_nautilus'),
  undead: list('#skeletons', '#zombies', 'wither', 'phantom'),
  sensitive_to_smite: list('#undead'),
  inverted_healing_and_harm: list('#undead'),
  ignores_poison_and_regen: list('#undead'),
  wither_friends: list('#undead'),
  arthropod: list('bee', 'endermite', 'silverfish', 'spider', 'cave_spider'),
  sensitive_to_bane_of_arthropods: list('#arthropod'),
  aquatic: list('turtle', 'axolotl', 'guardian', 'elder_guardian', 'cod', 'pufferfish', 'salmon', 'tropical_fish', 'dolphin',
                'squid', 'glow_squid', 'tadpole', 'nautilus', 'zombie_nautilus'),
  sensitive_to_impaling: list('#aquatic'),
  not_scary_for_pufferfish: list('turtle', 'guardian', 'elder_guardian', 'cod', 'pufferfish', 'salmon', 'tropical_fish',
                                 'dolphin', 'squid', 'glow_squid', 'tadpole', 'nautilus', 'zombie_nautilus'),
  can_breathe_under_water: list('#undead', 'axolotl', 'frog', 'guardian', 'elder_guardian', 'turtle', 'glow_squid', 'cod',
                                'pufferfish', 'salmon', 'squid', 'tropical_fish', 'tadpole', 'armor_stand', 'copper_golem',
                                'nautilus'),
  arrows: list('arrow', 'spectral_arrow'),
  boat: except(suffix('_boat', '_raft'), suffix('_chest_boat', '_chest_raft')),
  // Movement and falling.
  fall_damage_immune: list('copper_golem', 'iron_golem', 'snow_golem', 'shulker', 'allay', 'bat', 'bee', 'blaze', 'cat',
                           'chicken', 'ghast', 'happy_ghast', 'phantom', 'magma_cube', 'ocelot', 'parrot', 'wither', 'breeze'),
  powder_snow_walkable_mobs: list('rabbit', 'endermite', 'silverfish', 'fox'),
  freeze_immune_entity_types: list('stray', 'polar_bear', 'snow_golem', 'wither'),
  freeze_hurts_extra_types: list('strider', 'blaze', 'magma_cube'),
  can_float_while_ridden: list('horse', 'zombie_horse', 'mule', 'donkey', 'camel', 'camel_husk'),
  dismounts_underwater: list('camel', 'chicken', 'donkey', 'happy_ghast', 'horse', 'llama', 'mule', 'pig', 'ravager', 'spider',
                             'strider', 'trader_llama', 'zombie_horse'),
  non_controlling_rider: list('slime', 'magma_cube'),
  can_turn_in_boats: list('breeze'),
  deflects_projectiles: list('breeze'),
  cannot_be_pushed_onto_boats: list('player', 'elder_guardian', 'cod', 'pufferfish', 'salmon', 'tropical_fish', 'dolphin',
                                    'squid', 'glow_squid', 'tadpole', 'creaking', 'nautilus', 'zombie_nautilus'),
  illager: list('evoker', 'illusioner', 'pillager', 'vindicator'),
  illager_friends: list('#illager'),
  raiders: list('evoker', 'pillager', 'ravager', 'vindicator', 'illusioner', 'witch'),
  beehive_inhabitors: list('bee'),
  frog_food: list('slime', 'magma_cube'),
  immune_to_infested: list('silverfish'),
  immune_to_oozing: list('slime'),
  can_equip_harness: list('happy_ghast'),
  can_wear_horse_armor: list('horse', 'zombie_horse'),
  can_wear_nautilus_armor: list('nautilus', 'zombie_nautilus'),
  redirectable_projectile: list('fireball', 'wind_charge', 'breeze_wind_charge'),
  accepts_iron_golem_gift: list('copper_golem'),
  candidate_for_iron_golem_gift: list('villager', 'copper_golem'),
  nautilus_hostiles: list('pufferfish'),
};

// Tags vanilla sends for which no rule is stated: sent empty.
const EMPTY = words(`
  axolotl_always_hostiles axolotl_hunt_targets burn_in_daylight can_equip_saddle cannot_be_age_locked
  followable_friendly_mobs impact_projectiles no_anger_from_wind_charge
`);

module.exports = { registry: 'minecraft:entity_type', tags, EMPTY };
