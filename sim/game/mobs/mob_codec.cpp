#include "sim/game/mobs/mob_codec.h"

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <string_view>
#include <variant>
#include <vector>

namespace hz::mob_codec {
namespace {

// Builds the compound key by key: modelled keys from the state, kept keys from the loaded compound
// (or their default), so a mob from a vanilla world keeps what Horizon does not simulate.
class Writer {
 public:
  Writer(nbt::Compound out, const nbt::Compound& loaded) : out_(std::move(out)), loaded_(loaded) {}

  void model(std::string key, nbt::Tag value) { out_.put(std::move(key), std::move(value)); }
  // The loaded value when there is one, else `fallback` (vanilla's value for a fresh mob).
  void keep(std::string key, nbt::Tag fallback) {
    const nbt::Tag* old = loaded_.find(key);
    out_.put(std::move(key), old ? *old : std::move(fallback));
  }
  // Only when loaded: vanilla writes these keys only when they are set.
  void keep_if_loaded(std::string_view key) {
    if (const nbt::Tag* old = loaded_.find(key)) out_.put(std::string(key), *old);
  }
  // A modelled key the state leaves out now (a memory that expired): not copied from the loaded one.
  void omit(std::string_view key) { omitted_.emplace_back(key); }
  // Every loaded key not written yet (equipment, active_effects, leash...), in its loaded order.
  nbt::Compound finish() && {
    for (const auto& [key, value] : loaded_)
      if (!out_.find(key) && std::find(omitted_.begin(), omitted_.end(), key) == omitted_.end()) out_.put(key, value);
    return std::move(out_);
  }

 private:
  nbt::Compound out_;
  const nbt::Compound& loaded_;
  std::vector<std::string_view> omitted_;
};

bool ageable(MobType type) {
  return type != MobType::kZombie && type != MobType::kCreeper && type != MobType::kSkeleton && type != MobType::kSpider;
}
bool has_variant(MobType type) { return type == MobType::kCow || type == MobType::kPig || type == MobType::kChicken; }

// The attribute instances Horizon models for the kind, as AttributeInstance.Packed {id, base}.
nbt::List attributes(const MobKind& kind) {
  nbt::List list;
  auto add = [&](std::string_view id, double base) {
    nbt::Compound a;
    a.put("id", "minecraft:" + std::string(id));
    a.put("base", base);
    list.items.emplace_back(std::move(a));
  };
  add("max_health", static_cast<double>(kind.max_health));
  add("movement_speed", kind.movement_speed);
  add("follow_range", kind.follow_range);
  if (kind.hostile) {
    add("attack_damage", kind.attack_damage);
    add("armor", kind.armor);
  }
  return list;
}

}  // namespace

std::string type_id(const MobKind& kind) { return "minecraft:" + std::string(kind.name); }

nbt::Compound save(const Mob& mob) {
  const MobState& s = mob.state;
  const MobKind& kind = mob.mob_kind();
  Writer w(entity_nbt::save_base(type_id(kind), mob), s.loaded);
  w.model("fall_distance", s.fall_distance);
  for (std::string_view key : {"Fire", "Air", "Invulnerable", "PortalCooldown"}) w.keep_if_loaded(key);
  // Entity's optional keys, after UUID.
  if (s.custom_name) {
    // A loaded text component whose text is the name stays as it was (colors, styles).
    const nbt::Compound* old = entity_nbt::compound_at(s.loaded, "CustomName");
    const std::string* text = old ? entity_nbt::string_at(*old, "text") : nullptr;
    if (text && *text == *s.custom_name) w.keep_if_loaded("CustomName");
    else w.model("CustomName", *s.custom_name);
  }
  for (std::string_view key : {"CustomNameVisible", "Silent", "NoGravity", "Glowing", "TicksFrozen", "HasVisualFire",
                               "Tags", "data"})
    w.keep_if_loaded(key);
  // LivingEntity.
  w.model("Health", s.health);
  w.model("HurtTime", int16_t{0});
  w.model("HurtByTimestamp", int32_t{s.last_hurt_by_timestamp});
  w.model("DeathTime", static_cast<int16_t>(s.death_time));
  w.keep("AbsorptionAmount", 0.0f);
  w.keep("current_impulse_context_reset_grace_time", int32_t{0});
  w.keep_if_loaded("current_explosion_impact_pos");
  w.keep("attributes", attributes(kind));
  w.keep_if_loaded("active_effects");
  w.keep("FallFlying", int8_t{0});
  w.keep_if_loaded("sleeping_pos");
  nbt::Compound brain;
  brain.put("memories", nbt::Compound{});
  w.keep("Brain", std::move(brain));
  if (s.last_hurt_by_player) {
    w.model("last_hurt_by_player", entity_nbt::uuid_ints(*s.last_hurt_by_player));
    w.model("last_hurt_by_player_memory_time", int32_t{s.last_hurt_by_player_memory});
  } else {
    w.omit("last_hurt_by_player"), w.omit("last_hurt_by_player_memory_time");
  }
  if (s.last_hurt_by) {
    w.model("last_hurt_by_mob", entity_nbt::uuid_ints(*s.last_hurt_by));
    w.model("ticks_since_last_hurt_by_mob", int32_t{s.tick_count - s.last_hurt_by_timestamp});
  } else {
    w.omit("last_hurt_by_mob"), w.omit("ticks_since_last_hurt_by_mob");
  }
  for (std::string_view key : {"equipment", "locator_bar_icon"}) {
    if (key == "equipment" && !main_hand_item(kind).empty()) {
      // The item it holds from the start (a skeleton's bow), unless it was loaded with its own.
      nbt::Compound item;
      item.put("id", "minecraft:" + std::string(main_hand_item(kind)));
      item.put("count", int32_t{1});
      nbt::Compound equipment;
      equipment.put("mainhand", std::move(item));
      w.keep("equipment", std::move(equipment));
      continue;
    }
    w.keep_if_loaded(key);
  }
  // Mob.
  w.keep("CanPickUpLoot", int8_t{0});
  w.model("PersistenceRequired", static_cast<int8_t>(s.persistence_required));
  for (std::string_view key : {"drop_chances", "leash", "home_radius", "home_pos"}) w.keep_if_loaded(key);
  w.keep("LeftHanded", int8_t{0});
  w.keep_if_loaded("DeathLootTable");
  w.keep_if_loaded("DeathLootTableSeed");
  if (s.no_ai) w.model("NoAI", int8_t{1});
  // AgeableMob and Animal (every kind but the zombie).
  if (ageable(kind.type)) {
    w.keep("Age", int32_t{0});
    w.keep("ForcedAge", int32_t{0});
    w.keep("AgeLocked", int8_t{0});
    w.keep("InLove", int32_t{0});
    w.keep_if_loaded("LoveCause");
  }
  switch (kind.type) {
    case MobType::kSheep:
      w.keep("Sheared", int8_t{0});
      w.keep("Color", int8_t{0});  // white
      break;
    case MobType::kChicken:
      w.keep("IsChickenJockey", int8_t{0});
      // Vanilla draws 6000..11999 when the chicken is created; Horizon does not lay eggs yet.
      w.keep("EggLayTime", int32_t{6000});
      break;
    case MobType::kZombie:
      w.keep("IsBaby", int8_t{0});
      w.keep("CanBreakDoors", int8_t{0});
      w.keep("InWaterTime", int32_t{-1});
      w.keep("DrownedConversionTime", int32_t{-1});
      break;
    case MobType::kCreeper:
      // Creeper.addAdditionalSaveData.
      w.model("powered", static_cast<int8_t>(s.creeper.powered));
      w.model("Fuse", static_cast<int16_t>(s.creeper.max_swell));
      w.model("ExplosionRadius", static_cast<int8_t>(s.creeper.explosion_radius));
      w.model("ignited", static_cast<int8_t>(s.creeper.ignited));
      break;
    case MobType::kSkeleton:
      w.keep("StrayConversionTime", int32_t{-1});
      break;
    default:
      break;
  }
  if (has_variant(kind.type)) {
    w.keep("variant", "minecraft:temperate");
    w.keep_if_loaded("sound_variant");
  }
  return std::move(w).finish();
}

std::optional<Loaded> load(const nbt::Compound& tag) {
  const std::string* id = entity_nbt::string_at(tag, "id");
  const MobKind* kind = id ? find_mob_kind(*id) : nullptr;
  if (!kind) return std::nullopt;
  std::optional<entity_nbt::Base> base = entity_nbt::load_base(tag);
  if (!base) return std::nullopt;
  Loaded out;
  out.kind = kind;
  out.base = *base;
  // setHealth clamps to 0..max health; a missing Health is full health.
  const std::optional<double> health = nbt::number_at(tag, "Health");
  const float h = health && std::isfinite(*health) ? static_cast<float>(*health) : kind->max_health;
  out.health = std::clamp(h, 0.0f, kind->max_health);
  out.death_time = static_cast<int16_t>(entity_nbt::int_or(tag, "DeathTime", 0));
  out.no_ai = entity_nbt::bool_or(tag, "NoAI", false);
  out.persistence_required = entity_nbt::bool_or(tag, "PersistenceRequired", false);
  if (const std::string* name = entity_nbt::string_at(tag, "CustomName")) {
    out.custom_name = *name;
  } else if (const nbt::Compound* text = entity_nbt::compound_at(tag, "CustomName")) {
    // A text component: its literal text is what Horizon shows; the component itself is kept.
    if (const std::string* literal = entity_nbt::string_at(*text, "text")) out.custom_name = *literal;
  }
  out.last_hurt_by_player = entity_nbt::uuid_at(tag, "last_hurt_by_player");
  out.last_hurt_by_player_memory = entity_nbt::int_or(tag, "last_hurt_by_player_memory_time", 0);
  out.last_hurt_by = entity_nbt::uuid_at(tag, "last_hurt_by_mob");
  out.last_hurt_by_timestamp = entity_nbt::int_or(tag, "ticks_since_last_hurt_by_mob", 0);
  const std::optional<double> fall = nbt::number_at(tag, "fall_distance");
  out.fall_distance = fall && std::isfinite(*fall) ? *fall : 0.0;
  if (kind->type == MobType::kCreeper) {
    out.creeper.powered = entity_nbt::bool_or(tag, "powered", false);
    out.creeper.max_swell = static_cast<int16_t>(entity_nbt::int_or(tag, "Fuse", 30));
    out.creeper.explosion_radius = static_cast<int8_t>(entity_nbt::int_or(tag, "ExplosionRadius", 3));
    out.creeper.ignited = entity_nbt::bool_or(tag, "ignited", false);
  }
  out.tag = tag;
  return out;
}

}  // namespace hz::mob_codec
