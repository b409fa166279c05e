// Registries whose network ids minecraft-data does not provide (game events, points of interest,
// potions): their tags are sent by name with no members.
'use strict';

const { words } = require('../tag_dsl');

module.exports = {
  'minecraft:game_event': words('allay_can_listen ignore_vibrations_sneaking shrieker_can_listen vibrations warden_can_listen'),
  'minecraft:point_of_interest_type': words('acquirable_job_site bee_home village'),
  'minecraft:potion': words('tradeable'),
};
