// Fluid tag rules (all exact). Fluid ids are vanilla's registration order, which minecraft-data
// does not list: empty, flowing_water, water, flowing_lava, lava.
'use strict';

const { list } = require('../tag_dsl');

const FLUIDS = ['empty', 'flowing_water', 'water', 'flowing_lava', 'lava'];

const tags = {
  water: list('water', 'flowing_water'),
  lava: list('lava', 'flowing_lava'),
  bubble_column_can_occupy: list('water'),
  supports_frogspawn: list('water'),
  supports_lily_pad: list('water'),
  supports_sugar_cane_adjacently: list('#water'),
};

module.exports = { registry: 'minecraft:fluid', tags, EMPTY: [], FLUIDS };
