#include "sim/game/tracking/player_look.h"

#include "sim/game/entities/entity_data.h"

namespace hz {

namespace {

// Entity's synched data indices and flag bits.
constexpr uint8_t kSharedFlagsIndex = 0;
constexpr uint8_t kPoseIndex = 6;
constexpr uint8_t kLivingFlagsIndex = 8;
constexpr uint8_t kAbsorptionIndex = 17;  // after LivingEntity's 8-14 and Avatar's 15-16
constexpr int32_t kFloatSerializer = 3;
constexpr uint8_t kFlagOnFire = 1 << 0;
constexpr uint8_t kFlagShiftKeyDown = 1 << 1;
constexpr uint8_t kFlagSprinting = 1 << 3;
constexpr uint8_t kFlagFallFlying = 1 << 7;

// Pose's network ids.
int32_t pose_id(Pose pose) {
  switch (pose) {
    case Pose::kFallFlying: return 1;
    case Pose::kSleeping: return 2;
    case Pose::kSwimming: return 3;
    case Pose::kSpinAttack: return 4;
    case Pose::kCrouching: return 5;
    case Pose::kDying: return 7;
    default: return 0;
  }
}

}  // namespace

PlayerLook player_look(const PlayerBody& body, bool on_fire, uint8_t living_flags, float absorption) {
  PlayerLook look;
  look.living_flags = living_flags;
  look.absorption = absorption;
  if (on_fire) look.flags |= kFlagOnFire;
  if (body.shift_key_down) look.flags |= kFlagShiftKeyDown;
  if (body.sprinting) look.flags |= kFlagSprinting;
  if (body.fall_flying) look.flags |= kFlagFallFlying;
  look.pose = pose_id(body.pose);
  return look;
}

Bytes player_look_changes(const PlayerLook& before, const PlayerLook& now) {
  if (before == now) return {};
  ByteWriter out;
  if (before.flags != now.flags) {
    out.u8(kSharedFlagsIndex);
    out.varint(entity_data::kByteSerializer);
    out.u8(now.flags);
  }
  if (before.pose != now.pose) {
    out.u8(kPoseIndex);
    out.varint(entity_data::kPoseSerializer);
    out.varint(now.pose);
  }
  if (before.living_flags != now.living_flags) {
    out.u8(kLivingFlagsIndex);
    out.varint(entity_data::kByteSerializer);
    out.u8(now.living_flags);
  }
  if (before.absorption != now.absorption) {
    out.u8(kAbsorptionIndex);
    out.varint(kFloatSerializer);
    out.f32(now.absorption);
  }
  out.u8(entity_data::kEndOfData);
  return out.take();
}

}  // namespace hz
