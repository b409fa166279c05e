// SurvivalSystem's status effects (docs/rules/effects.md): adding and removing them, their
// per-tick action and countdown inside the player's tick, and the packets the player hears.
#include <algorithm>

#include "sim/game/survival/survival_system.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

constexpr float kHungerExhaustionPerLevel = 0.005f;
constexpr int kInstantHealthPerLevel = 4;
constexpr int kInstantDamagePerLevel = 6;
constexpr int kResendEvery = 600;  // tickEffects: an unchanged effect is told again every 30 s

std::vector<ActiveEffect>::iterator find_effect(std::vector<ActiveEffect>& effects, int32_t id) {
  return std::find_if(effects.begin(), effects.end(), [id](const ActiveEffect& e) { return e.now.effect == id; });
}

// Java's int `base << amplifier` (the shift count taken mod 32, the bits wrapping).
int java_shift_left(int base, int amplifier) {
  return static_cast<int>(static_cast<uint32_t>(base) << (static_cast<uint32_t>(amplifier) & 31u));
}

}  // namespace

bool SurvivalSystem::add_effect(ConnId conn, const EffectInstance& incoming) {
  Player* player = connections_.player(conn);
  if (player == nullptr) return false;
  auto found = find_effect(player->effects, incoming.effect);
  bool changed = false;
  if (found == player->effects.end()) {
    const auto at = std::find_if(player->effects.begin(), player->effects.end(),
                                 [&](const ActiveEffect& e) { return e.now.effect > incoming.effect; });
    player->effects.insert(at, ActiveEffect{incoming, {}});
    send_effect(*player, incoming, true);  // onEffectAdded
    changed = true;
  } else if (take_over(*found, incoming)) {
    send_effect(*player, found->now, false);  // onEffectUpdated
    changed = true;
  }
  // onEffectStarted: absorption fills the hearts up to 4 a level, within the attribute.
  if (incoming.effect == effect::kAbsorption)
    player->absorption = std::clamp(std::max(player->absorption, static_cast<float>(4 * (1 + incoming.amplifier))), 0.0f,
                                    max_absorption(player->effects));
  return changed;
}

bool SurvivalSystem::remove_effect(ConnId conn, int32_t id) {
  Player* player = connections_.player(conn);
  if (player == nullptr) return false;
  auto found = find_effect(player->effects, id);
  if (found == player->effects.end()) return false;
  player->effects.erase(found);
  send_effect_removed(*player, id);
  clamp_absorption(*player);
  return true;
}

bool SurvivalSystem::clear_effects(ConnId conn) {
  Player* player = connections_.player(conn);
  if (player == nullptr || player->effects.empty()) return false;
  const std::vector<ActiveEffect> removed = std::move(player->effects);
  player->effects.clear();
  for (const ActiveEffect& e : removed) send_effect_removed(*player, e.now.effect);
  clamp_absorption(*player);
  return true;
}

// MobEffectInstance.tickServer for each effect in id order: the effect acts when its rule says
// so (and may end itself), then every instance counts down; an ended effect is removed.
void SurvivalSystem::tick_effects(Player& player, Life& life) {
  for (size_t i = 0; i < player.effects.size();) {
    ActiveEffect& active = player.effects[i];
    bool keep = active.now.has_remaining();
    if (keep) {
      const EffectInstance now = active.now;
      const int tick_count = now.infinite() ? life.tick_count : now.duration;
      if (acts_this_tick(now.effect, tick_count, now.amplifier) && !apply_effect(player, life, now)) {
        keep = false;
      } else {
        // apply_effect may have hurt the player to death, which changes no effect.
        ActiveEffect& same = player.effects[i];
        if (count_down(same)) send_effect(player, same.now, false);
        keep = same.now.has_remaining();
        if (keep && same.now.duration % kResendEvery == 0) send_effect(player, same.now, false);
      }
    }
    if (keep) {
      ++i;
      continue;
    }
    const int32_t id = player.effects[i].now.effect;
    player.effects.erase(player.effects.begin() + static_cast<std::ptrdiff_t>(i));
    send_effect_removed(player, id);
    clamp_absorption(player);
  }
}

// onAttributeUpdated(max_absorption): an effect's end lowers the hearts to the new maximum.
void SurvivalSystem::clamp_absorption(Player& player) {
  player.absorption = std::min(player.absorption, max_absorption(player.effects));
}

bool SurvivalSystem::apply_effect(Player& player, Life& life, const EffectInstance& e) {
  switch (e.effect) {
    case effect::kRegeneration:
      if (player.health < kMaxHealth) heal(player, 1.0f);
      return true;
    case effect::kPoison:
      if (player.health > 1.0f) hurt_at(player, life, DamageCause::kMagic, 1.0f, player.fall_distance);
      return true;
    case effect::kHunger:
      cause_food_exhaustion(player.conn, kHungerExhaustionPerLevel * static_cast<float>(e.amplifier + 1));
      return true;
    case effect::kAbsorption:
      return player.absorption > 0.0f;  // ends once the hearts are gone
    case effect::kInstantHealth:
      heal(player, static_cast<float>(std::max(java_shift_left(kInstantHealthPerLevel, e.amplifier), 0)));
      return true;
    case effect::kInstantDamage:
      hurt_at(player, life, DamageCause::kMagic, static_cast<float>(java_shift_left(kInstantDamagePerLevel, e.amplifier)),
              player.fall_distance);
      return true;
    default:
      return true;
  }
}

void SurvivalSystem::send_effect(const Player& player, const EffectInstance& e, bool blend) {
  using Packet = packet::play_cb::EntityEffect;
  int8_t flags = 0;
  if (e.ambient) flags |= Packet::kAmbient;
  if (e.visible) flags |= Packet::kVisible;
  if (e.show_icon) flags |= Packet::kShowIcon;
  if (blend) flags |= Packet::kBlend;
  connections_.send(player.conn, Packet{player.entity_id, e.effect, e.amplifier, e.duration, flags});
}

void SurvivalSystem::send_effect_removed(const Player& player, int32_t id) {
  connections_.send(player.conn, packet::play_cb::RemoveEntityEffect{player.entity_id, id});
}

}  // namespace hz
