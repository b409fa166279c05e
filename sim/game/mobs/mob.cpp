#include "sim/game/mobs/mob.h"

#include <algorithm>

#include "sim/core/check.h"
#include "sim/data/catalog.h"
#include "sim/game/entities/entity_data.h"
#include "sim/game/mobs/creeper.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/packets.h"
#include "sim/protocol/text.h"

namespace hz {

namespace {
// EntityDataSerializers registration order.
constexpr int32_t kFloatSerializer = 3;
constexpr int32_t kOptionalComponentSerializer = 6;
// LivingEntity defines health with 1.0; a value equal to it is not sent on pairing.
constexpr float kHealthDefault = 1.0f;
constexpr uint8_t kNoAiFlag = 1;
constexpr uint8_t kAggressiveFlag = 4;
constexpr uint8_t kUsingItemFlag = 1;
constexpr uint8_t kOnFireFlag = 1;
constexpr uint8_t kClimbingFlag = 1;
}  // namespace

Aabb Mob::box_at(const Vec3& p) const {
  const double half = static_cast<double>(mob_kind().width / 2.0f);
  const double height = static_cast<double>(mob_kind().height);
  return Aabb{p.x - half, p.y, p.z - half, p.x + half, p.y + height, p.z + half};
}

void Mob::set_health(float health) {
  const float clamped = std::clamp(health, 0.0f, mob_kind().max_health);
  if (clamped != state.health) data_dirty = true;
  state.health = clamped;
}

std::unique_ptr<Mob> Mob::blank_for_snapshot() {
  static const MobKind* placeholder = find_mob_kind("zombie");  // replaced by the kind read
  HZ_CHECK(placeholder != nullptr);
  return std::make_unique<Mob>(0, Uuid{}, *placeholder);
}

Bytes Mob::synched_data() const {
  // The flag bytes are always written: the values go out whole whenever one changed, and a flag
  // that was cleared (a fire out, a bow lowered, aggression over) must reach the viewers as the
  // changed value vanilla sends.
  ByteWriter out;
  auto flags = [&](uint8_t index, uint8_t value) {
    out.u8(index);
    out.varint(entity_data::kByteSerializer);
    out.u8(value);
  };
  flags(kSharedFlagsIndex, state.on_fire ? kOnFireFlag : 0);
  if (state.custom_name) {
    out.u8(kCustomNameIndex);
    out.varint(kOptionalComponentSerializer);
    out.boolean(true);
    nbt::write_network(out, to_nbt(TextComponent::plain(*state.custom_name)));
  }
  flags(kLivingFlagsIndex, state.using_item ? kUsingItemFlag : 0);
  if (state.health != kHealthDefault) {
    out.u8(kHealthIndex);
    out.varint(kFloatSerializer);
    out.f32(state.health);
  }
  flags(kMobFlagsIndex, static_cast<uint8_t>((state.no_ai ? kNoAiFlag : 0) | (state.aggressive ? kAggressiveFlag : 0)));
  if (kind_->type == MobType::kSpider) flags(kSpiderFlagsIndex, state.climbing ? kClimbingFlag : 0);
  if (kind_->type == MobType::kCreeper) creeper::write_data(*this, out);
  out.u8(entity_data::kEndOfData);
  return out.take();
}

std::vector<SharedBytes> Mob::pairing_extras() const {
  if (main_hand_item(mob_kind()).empty()) return {};
  const std::optional<int32_t> item = item_id(main_hand_item(mob_kind()));
  if (!item) return {};
  return {share(encode_packet(packet::play_cb::EntityEquipment{id(), 0, packet::play_cb::SlotData::of(*item, 1)}))};
}

}  // namespace hz
