// Status effects as pure rules (docs/rules/effects.md): the mob_effect registry, one effect's
// instance with the weaker ones it hides, how a new instance takes over, the per-tick countdown,
// and when an effect acts.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace hz {

// The mob_effect registry's network ids (MobEffects' registration order) of the effects whose
// rules Horizon models; every other id is known by name and lasts, doing nothing yet.
namespace effect {
inline constexpr int32_t kInstantHealth = 5;
inline constexpr int32_t kInstantDamage = 6;
inline constexpr int32_t kNausea = 8;
inline constexpr int32_t kRegeneration = 9;
inline constexpr int32_t kResistance = 10;
inline constexpr int32_t kFireResistance = 11;
inline constexpr int32_t kHunger = 16;
inline constexpr int32_t kPoison = 18;
inline constexpr int32_t kAbsorption = 21;
inline constexpr int32_t kSaturation = 22;
inline constexpr int32_t kCount = 40;
}  // namespace effect

// "regeneration" for id 9; empty outside the registry.
std::string_view effect_name(int32_t id);
// The id of "regeneration" or "minecraft:regeneration".
std::optional<int32_t> effect_id(std::string_view name);
// The English name the client shows ("Regeneration").
std::string_view effect_display_name(int32_t id);
// InstantenousMobEffect: instant health and instant damage (and saturation, not modelled).
bool is_instantaneous(int32_t id);

inline constexpr int kInfiniteDuration = -1;

// MobEffectInstance without its hidden chain.
struct EffectInstance {
  int32_t effect = 0;
  int amplifier = 0;
  int duration = 0;  // ticks; kInfiniteDuration for ever
  bool ambient = false;
  bool visible = true;    // shows particles
  bool show_icon = true;
  bool operator==(const EffectInstance&) const = default;
  bool infinite() const { return duration == kInfiniteDuration; }
  bool has_remaining() const { return infinite() || duration > 0; }
  // isShorterDurationThan.
  bool shorter_than(const EffectInstance& other) const {
    return !infinite() && (duration < other.duration || other.infinite());
  }
  template <class Io>
  void state_fields(Io& io) {
    io(effect, amplifier, duration, ambient, visible, show_icon);
  }
};

// One active effect: the instance in force and the instances it hides (hidden[0] is the one it
// hid directly, hidden[1] the one that one hid, ...), which take over in turn as each ends.
struct ActiveEffect {
  EffectInstance now;
  std::vector<EffectInstance> hidden;
  bool operator==(const ActiveEffect&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(now, hidden);
  }
};

// MobEffectInstance.update: a new instance of the same effect takes over (a higher amplifier, or
// the same amplifier for longer) or joins the hidden chain; true when the instance in force
// changed in a way the client must hear of.
bool take_over(ActiveEffect& active, const EffectInstance& incoming);

// The countdown after the effect acted (tickDownDuration, then downgradeToHiddenEffect): every
// instance in the chain loses a tick; true when a hidden instance took over.
bool count_down(ActiveEffect& active);

// MobEffect.shouldApplyEffectTickThisTick for the effect's own rule, with `tick_count` the
// remaining duration (the entity's tick count for an infinite one).
bool acts_this_tick(int32_t effect, int tick_count, int amplifier);

// The amplifier of the effect in force among `effects`, -1 when it is not there.
int amplifier_of(const std::vector<ActiveEffect>& effects, int32_t effect);
// The max_absorption attribute the absorption effect gives: 4 × (amplifier + 1), else 0.
float max_absorption(const std::vector<ActiveEffect>& effects);

// LivingEntity.getDamageAfterMagicAbsorb's resistance: (25 - 5 × (amplifier + 1)) / 25 of the
// damage remains, never below 0.
float damage_after_resistance(float damage, int amplifier);

}  // namespace hz
