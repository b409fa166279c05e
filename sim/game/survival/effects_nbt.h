// Status effects in saved data (docs/rules/effects.md §7): LivingEntity's `active_effects` list of
// MobEffectInstance compounds (id, amplifier, duration, ambient, show_particles, show_icon and
// the recursive hidden_effect).
#pragma once

#include <vector>

#include "sim/game/survival/effect_rules.h"
#include "sim/protocol/nbt.h"

namespace hz {

nbt::List effects_tag(const std::vector<ActiveEffect>& effects);
// The effects a list holds, sorted by id; entries with an unknown id are left out (vanilla's
// codec refuses the whole list for one, which loses them all).
std::vector<ActiveEffect> effects_from_tag(const nbt::List& list);

}  // namespace hz
