#include "sim/game/survival/effect_rules.h"

#include <algorithm>
#include <array>

namespace hz {

namespace {

struct Kind {
  std::string_view name;
  std::string_view display;
};

constexpr std::array<Kind, effect::kCount> kKinds = {{
    {"speed", "Speed"},
    {"slowness", "Slowness"},
    {"haste", "Haste"},
    {"mining_fatigue", "Mining Fatigue"},
    {"strength", "Strength"},
    {"instant_health", "Instant Health"},
    {"instant_damage", "Instant Damage"},
    {"jump_boost", "Jump Boost"},
    {"nausea", "Nausea"},
    {"regeneration", "Regeneration"},
    {"resistance", "Resistance"},
    {"fire_resistance", "Fire Resistance"},
    {"water_breathing", "Water Breathing"},
    {"invisibility", "Invisibility"},
    {"blindness", "Blindness"},
    {"night_vision", "Night Vision"},
    {"hunger", "Hunger"},
    {"weakness", "Weakness"},
    {"poison", "Poison"},
    {"wither", "Wither"},
    {"health_boost", "Health Boost"},
    {"absorption", "Absorption"},
    {"saturation", "Saturation"},
    {"glowing", "Glowing"},
    {"levitation", "Levitation"},
    {"luck", "Luck"},
    {"unluck", "Bad Luck"},
    {"slow_falling", "Slow Falling"},
    {"conduit_power", "Conduit Power"},
    {"dolphins_grace", "Dolphin's Grace"},
    {"bad_omen", "Bad Omen"},
    {"hero_of_the_village", "Hero of the Village"},
    {"darkness", "Darkness"},
    {"trial_omen", "Trial Omen"},
    {"raid_omen", "Raid Omen"},
    {"wind_charged", "Wind Charged"},
    {"weaving", "Weaving"},
    {"oozing", "Oozing"},
    {"infested", "Infested"},
    {"breath_of_the_nautilus", "Breath of the Nautilus"},
}};

constexpr int kRegenerationInterval = 50;
constexpr int kPoisonInterval = 25;

// RegenerationMobEffect and PoisonMobEffect: every `interval >> amplifier` ticks, every tick once
// that is 0.
bool every(int interval, int tick_count, int amplifier) {
  const int shifted = amplifier >= 31 ? 0 : interval >> amplifier;
  return shifted <= 0 || tick_count % shifted == 0;
}

}  // namespace

std::string_view effect_name(int32_t id) {
  return id >= 0 && id < effect::kCount ? kKinds[static_cast<size_t>(id)].name : std::string_view{};
}

std::optional<int32_t> effect_id(std::string_view name) {
  if (name.starts_with("minecraft:")) name.remove_prefix(10);
  for (size_t i = 0; i < kKinds.size(); ++i)
    if (kKinds[i].name == name) return static_cast<int32_t>(i);
  return std::nullopt;
}

std::string_view effect_display_name(int32_t id) {
  return id >= 0 && id < effect::kCount ? kKinds[static_cast<size_t>(id)].display : std::string_view{};
}

bool is_instantaneous(int32_t id) {
  return id == effect::kInstantHealth || id == effect::kInstantDamage || id == effect::kSaturation;
}

namespace {

// The instance at `depth` of the chain: 0 the one in force, k > 0 hidden[k - 1].
EffectInstance& in_chain(ActiveEffect& active, size_t depth) { return depth == 0 ? active.now : active.hidden[depth - 1]; }

// MobEffectInstance.update on the chain's instance at `depth`, whose own hidden chain is the rest.
bool take_over_at(ActiveEffect& active, size_t depth, const EffectInstance& incoming) {
  bool changed = false;
  if (incoming.amplifier > in_chain(active, depth).amplifier) {
    // The stronger newcomer hides the old one while it lasts, if it is the shorter.
    if (incoming.shorter_than(in_chain(active, depth))) {
      const EffectInstance old = in_chain(active, depth);  // a copy: the insert may move it
      active.hidden.insert(active.hidden.begin() + static_cast<std::ptrdiff_t>(depth), old);
    }
    in_chain(active, depth).amplifier = incoming.amplifier;
    in_chain(active, depth).duration = incoming.duration;
    changed = true;
  } else if (in_chain(active, depth).shorter_than(incoming)) {
    if (incoming.amplifier == in_chain(active, depth).amplifier) {
      in_chain(active, depth).duration = incoming.duration;
      changed = true;
    } else if (depth == active.hidden.size()) {
      active.hidden.push_back(incoming);
    } else {
      take_over_at(active, depth + 1, incoming);
    }
  }
  EffectInstance& self = in_chain(active, depth);
  if ((!incoming.ambient && self.ambient) || changed) {
    self.ambient = incoming.ambient;
    changed = true;
  }
  if (incoming.visible != self.visible) self.visible = incoming.visible, changed = true;
  if (incoming.show_icon != self.show_icon) self.show_icon = incoming.show_icon, changed = true;
  return changed;
}

}  // namespace

bool take_over(ActiveEffect& active, const EffectInstance& incoming) { return take_over_at(active, 0, incoming); }

bool count_down(ActiveEffect& active) {
  const auto tick = [](EffectInstance& e) {
    if (!e.infinite() && e.duration != 0) --e.duration;  // mapDuration leaves 0 and infinite alone
  };
  for (EffectInstance& e : active.hidden) tick(e);
  tick(active.now);
  if (active.now.duration != 0 || active.hidden.empty()) return false;
  // setDetailsFrom: the hidden instance's duration, amplifier and flags take over.
  const int32_t id = active.now.effect;
  active.now = active.hidden.front();
  active.now.effect = id;
  active.hidden.erase(active.hidden.begin());
  return true;
}

bool acts_this_tick(int32_t effect, int tick_count, int amplifier) {
  switch (effect) {
    case effect::kRegeneration: return every(kRegenerationInterval, tick_count, amplifier);
    case effect::kPoison: return every(kPoisonInterval, tick_count, amplifier);
    case effect::kInstantHealth:
    case effect::kInstantDamage: return tick_count >= 1;  // InstantenousMobEffect
    default: return true;
  }
}

int amplifier_of(const std::vector<ActiveEffect>& effects, int32_t effect) {
  for (const ActiveEffect& e : effects)
    if (e.now.effect == effect) return e.now.amplifier;
  return -1;
}

float max_absorption(const std::vector<ActiveEffect>& effects) {
  const int amplifier = amplifier_of(effects, effect::kAbsorption);
  return amplifier < 0 ? 0.0f : static_cast<float>(4 * (amplifier + 1));
}

float damage_after_resistance(float damage, int amplifier) {
  const int absorb = 25 - (amplifier + 1) * 5;
  return std::max(damage * static_cast<float>(absorb) / 25.0f, 0.0f);
}

}  // namespace hz
