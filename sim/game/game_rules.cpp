#include "sim/game/game_rules.h"

#include <cassert>
#include <climits>

#include "sim/core/hash.h"
#include "sim/core/check.h"

namespace hz {

namespace {
constexpr GameRuleSpec B(std::string_view id, bool def) { return {id, true, def ? 1 : 0, 0, 1}; }
constexpr GameRuleSpec I(std::string_view id, int32_t def, int32_t min, int32_t max = INT_MAX) {
  return {id, false, def, min, max};
}

// Vanilla GameRules registration (26.1.2), alphabetical like vanilla's; max_minecart_speed needs an
// experimental feature flag and is left out.
constexpr GameRuleSpec kRules[] = {
    B("advance_time", true), B("advance_weather", true), B("allow_entering_nether_using_portals", true),
    B("block_drops", true), B("block_explosion_drop_decay", true), B("command_block_output", true),
    B("command_blocks_work", true), B("drowning_damage", true), B("elytra_movement_check", true),
    B("ender_pearls_vanish_on_death", true), B("entity_drops", true), B("fall_damage", true),
    B("fire_damage", true), I("fire_spread_radius_around_player", 128, -1), B("forgive_dead_players", true),
    B("freeze_damage", true), B("global_sound_events", true), B("immediate_respawn", false),
    B("keep_inventory", false), B("lava_source_conversion", false), B("limited_crafting", false),
    B("locator_bar", true), B("log_admin_commands", true), I("max_block_modifications", 32768, 1),
    I("max_command_forks", 65536, 0), I("max_command_sequence_length", 65536, 0),
    I("max_entity_cramming", 24, 0), I("max_snow_accumulation_height", 1, 0, 8), B("mob_drops", true),
    B("mob_explosion_drop_decay", true), B("mob_griefing", true), B("natural_health_regeneration", true),
    B("player_movement_check", true), I("players_nether_portal_creative_delay", 0, 0),
    I("players_nether_portal_default_delay", 80, 0), I("players_sleeping_percentage", 100, 0),
    B("projectiles_can_break_blocks", true), B("pvp", true), B("raids", true), I("random_tick_speed", 3, 0),
    B("reduced_debug_info", false), I("respawn_radius", 10, 0), B("send_command_feedback", true),
    B("show_advancement_messages", true), B("show_death_messages", true), B("spawn_mobs", true),
    B("spawn_monsters", true), B("spawn_patrols", true), B("spawn_phantoms", true),
    B("spawn_wandering_traders", true), B("spawn_wardens", true), B("spawner_blocks_work", true),
    B("spectators_generate_chunks", true), B("spread_vines", true), B("tnt_explodes", true),
    B("tnt_explosion_drop_decay", false), B("universal_anger", false), B("water_source_conversion", true),
};
}  // namespace

std::span<const GameRuleSpec> game_rule_specs() { return kRules; }

GameRules::GameRules() {
  for (const auto& r : kRules) values_.push_back(r.default_value);
}

const GameRuleSpec* GameRules::find(std::string_view id) const {
  if (id.starts_with("minecraft:")) id.remove_prefix(10);
  for (const auto& r : kRules)
    if (r.id == id) return &r;
  return nullptr;
}

int GameRules::index_of(const GameRuleSpec& rule) const { return static_cast<int>(&rule - kRules); }

int32_t GameRules::get(std::string_view id) const {
  const GameRuleSpec* rule = find(id);
  HZ_CHECK(rule, "unknown game rule id in code");
  return values_[index_of(*rule)];
}

void GameRules::set(const GameRuleSpec& rule, int32_t value) {
  HZ_CHECK(value >= rule.min && value <= rule.max);
  values_[index_of(rule)] = value;
}

std::string GameRules::value_text(const GameRuleSpec& rule) const {
  int32_t v = values_[index_of(rule)];
  if (rule.is_boolean) return v ? "true" : "false";
  return std::to_string(v);
}

uint64_t GameRules::hash() const {
  Hasher h;
  for (int32_t v : values_) h.i64(v);
  return h.digest();
}

}  // namespace hz
