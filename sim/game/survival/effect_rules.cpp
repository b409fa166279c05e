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
  return id == effect::kInstantHealth || id == effect::kInstantDamage || id == 22;  // 22: saturation
}

bool take_over(ActiveEffect& active, const EffectInstance& incoming) {
  bool changed = false;
  EffectInstance& now = active.now;
  if (incoming.amplifier > now.amplifier) {
    // The stronger newcomer hides the old one while it lasts, if it is the shorter.
    if (incoming.shorter_than(now)) active.hidden.insert(active.hidden.begin(), now);
    now.amplifier = incoming.amplifier;
    now.duration = incoming.duration;
    changed = true;
  } else if (now.shorter_than(incoming)) {
    if (incoming.amplifier == now.amplifier) {
      now.duration = incoming.duration;
      changed = true;
    } else if (active.hidden.empty()) {
      active.hidden.push_back(incoming);
    } else {
      // The hidden instance updates itself the same way, with the rest of the chain behind it.
      ActiveEffect rest{active.hidden.front(), {active.hidden.begin() + 1, active.hidden.end()}};
      take_over(rest, incoming);
      active.hidden.clear();
      active.hidden.push_back(rest.now);
      active.hidden.insert(active.hidden.end(), rest.hidden.begin(), rest.hidden.end());
    }
  }
  if ((!incoming.ambient && now.ambient) || changed) {
    now.ambient = incoming.ambient;
    changed = true;
  }
  if (incoming.visible != now.visible) now.visible = incoming.visible, changed = true;
  if (incoming.show_icon != now.show_icon) now.show_icon = incoming.show_icon, changed = true;
  return changed;
}

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
