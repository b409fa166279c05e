#include "sim/game/survival/effects_nbt.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>

namespace hz {

namespace {

int number_or(const nbt::Compound& c, std::string_view key, int fallback) {
  const auto v = nbt::number_at(c, key);
  return v && std::isfinite(*v) ? static_cast<int>(*v) : fallback;
}

// MobEffectInstance.Details: the instance's fields and its hidden chain, nested.
nbt::Compound details_tag(const EffectInstance& e, std::span<const EffectInstance> hidden) {
  nbt::Compound c;
  c.put("amplifier", static_cast<int8_t>(e.amplifier));
  c.put("duration", int32_t{e.duration});
  c.put("ambient", static_cast<int8_t>(e.ambient));
  c.put("show_particles", static_cast<int8_t>(e.visible));
  c.put("show_icon", static_cast<int8_t>(e.show_icon));
  if (!hidden.empty()) c.put("hidden_effect", details_tag(hidden.front(), hidden.subspan(1)));
  return c;
}

EffectInstance details_from(const nbt::Compound& c, int32_t id) {
  EffectInstance e;
  e.effect = id;
  e.amplifier = number_or(c, "amplifier", 0) & 0xFF;  // an unsigned byte
  e.duration = number_or(c, "duration", 0);
  e.ambient = number_or(c, "ambient", 0) != 0;
  e.visible = number_or(c, "show_particles", 1) != 0;
  e.show_icon = number_or(c, "show_icon", e.visible ? 1 : 0) != 0;
  return e;
}

}  // namespace

nbt::List effects_tag(const std::vector<ActiveEffect>& effects) {
  nbt::List list;
  for (const ActiveEffect& active : effects) {
    nbt::Compound c;
    c.put("id", "minecraft:" + std::string(effect_name(active.now.effect)));
    for (const auto& [key, value] : details_tag(active.now, active.hidden)) c.put(key, value);
    list.items.emplace_back(std::move(c));
  }
  return list;
}

std::vector<ActiveEffect> effects_from_tag(const nbt::List& list) {
  std::vector<ActiveEffect> out;
  for (const nbt::Tag& item : list.items) {
    const auto* c = item.as<nbt::Compound>();
    const auto* name = c ? nbt::find_as<std::string>(*c, "id") : nullptr;
    const auto id = name ? effect_id(*name) : std::nullopt;
    if (!id) continue;
    ActiveEffect active{details_from(*c, *id), {}};
    const nbt::Compound* hidden = nbt::find_as<nbt::Compound>(*c, "hidden_effect");
    while (hidden != nullptr) {
      active.hidden.push_back(details_from(*hidden, *id));
      hidden = nbt::find_as<nbt::Compound>(*hidden, "hidden_effect");
    }
    // One per effect, as the map vanilla reads them into keeps the last.
    std::erase_if(out, [&](const ActiveEffect& e) { return e.now.effect == *id; });
    out.push_back(std::move(active));
  }
  std::sort(out.begin(), out.end(), [](const ActiveEffect& a, const ActiveEffect& b) { return a.now.effect < b.now.effect; });
  return out;
}

}  // namespace hz
