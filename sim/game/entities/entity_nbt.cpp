#include "sim/game/entities/entity_nbt.h"

#include <cmath>
#include <type_traits>
#include <variant>

#include "sim/core/java_format.h"

namespace hz::entity_nbt {
namespace {

nbt::List doubles(const Vec3& v) {
  nbt::List list;
  for (double d : {v.x, v.y, v.z}) list.items.emplace_back(d);
  return list;
}

// A list of exactly `n` doubles (Vec3.CODEC) or floats (Vec2.CODEC).
template <class T>
std::optional<std::vector<T>> list_of(const nbt::Compound& c, std::string_view key, size_t n) {
  const nbt::Tag* tag = c.find(key);
  const auto* list = tag ? tag->as<nbt::List>() : nullptr;
  if (!list || list->items.size() != n) return std::nullopt;
  std::vector<T> out;
  for (const nbt::Tag& item : list->items) {
    const T* v = item.as<T>();
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

}  // namespace

nbt::IntArray uuid_ints(const Uuid& uuid) {
  return {static_cast<int32_t>(uuid.most >> 32), static_cast<int32_t>(uuid.most),
          static_cast<int32_t>(uuid.least >> 32), static_cast<int32_t>(uuid.least)};
}

std::optional<Uuid> uuid_at(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* tag = c.find(key);
  const auto* ints = tag ? tag->as<nbt::IntArray>() : nullptr;
  if (!ints || ints->size() != 4) return std::nullopt;
  auto u = [&](size_t i) { return static_cast<uint64_t>(static_cast<uint32_t>((*ints)[i])); };
  return Uuid{u(0) << 32 | u(1), u(2) << 32 | u(3)};
}

nbt::Compound save_base(std::string_view type_id, const Entity& e) {
  nbt::Compound c;
  c.put("id", std::string(type_id));
  c.put("Pos", doubles(e.position));
  c.put("Motion", doubles(e.velocity));
  nbt::List rotation;
  rotation.items.emplace_back(e.yaw);
  rotation.items.emplace_back(e.pitch);
  c.put("Rotation", std::move(rotation));
  // Horizon's non-player entities do not count a fall distance yet (nothing they do reads it).
  c.put("fall_distance", 0.0);
  c.put("Fire", kDefaultFire);
  c.put("Air", kMaxAir);
  c.put("OnGround", static_cast<int8_t>(e.on_ground));
  c.put("Invulnerable", int8_t{0});
  c.put("PortalCooldown", int32_t{0});
  c.put("UUID", uuid_ints(e.uuid()));
  return c;
}

std::optional<Base> load_base(const nbt::Compound& tag) {
  Base base;
  const std::optional<Uuid> uuid = uuid_at(tag, "UUID");
  if (!uuid) return std::nullopt;
  base.uuid = *uuid;
  if (auto pos = list_of<double>(tag, "Pos", 3)) {
    base.position = Vec3{(*pos)[0], (*pos)[1], (*pos)[2]};
    if (!std::isfinite(base.position.x) || !std::isfinite(base.position.y) || !std::isfinite(base.position.z))
      return std::nullopt;
  }
  if (auto motion = list_of<double>(tag, "Motion", 3)) {
    // Entity.load: a component above 10 in size is dropped to 0.
    auto clamp = [](double v) { return std::isfinite(v) && std::abs(v) <= 10.0 ? v : 0.0; };
    base.velocity = Vec3{clamp((*motion)[0]), clamp((*motion)[1]), clamp((*motion)[2])};
  }
  if (auto rotation = list_of<float>(tag, "Rotation", 2)) {
    if (std::isfinite((*rotation)[0]) && std::isfinite((*rotation)[1])) {
      base.yaw = (*rotation)[0];
      base.pitch = (*rotation)[1];
    }
  }
  base.on_ground = bool_or(tag, "OnGround", false);
  return base;
}

void apply_base(const Base& base, Entity& entity) {
  entity.position = base.position;
  entity.velocity = base.velocity;
  entity.yaw = base.yaw;
  entity.pitch = base.pitch;
  entity.on_ground = base.on_ground;
}

ChunkPos chunk_of(const Vec3& position) { return ChunkPos{java_floor(position.x) >> 4, java_floor(position.z) >> 4}; }

const nbt::Compound* compound_at(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* tag = c.find(key);
  return tag ? tag->as<nbt::Compound>() : nullptr;
}

const std::string* string_at(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* tag = c.find(key);
  return tag ? tag->as<std::string>() : nullptr;
}

int int_or(const nbt::Compound& c, std::string_view key, int fallback) {
  const auto v = nbt::number_at(c, key);
  return v && std::isfinite(*v) ? static_cast<int>(*v) : fallback;
}

bool bool_or(const nbt::Compound& c, std::string_view key, bool fallback) {
  const auto v = nbt::number_at(c, key);
  return v ? *v != 0 : fallback;
}

}  // namespace hz::entity_nbt
