#include "sim/game/blocks/farmland.h"

#include "sim/game/movement/aabb.h"
#include "sim/game/movement/player_body.h"

namespace hz {

bool big_enough_to_trample(float width, float height) { return width * width * height > kTramplingVolume; }

void FarmlandTrampling::fall_on(const Lander& who, const BlockPos& pos, BlockStateId state, double fall_distance) {
  static const BlockId farmland = block_by_name("farmland").value();
  if (block_of_state(state) != farmland) return;
  // The draw comes first and is made whoever lands (vanilla's && starts with it).
  if (!(static_cast<double>(random_.next_float()) < fall_distance - 0.5)) return;
  if (!who.may_trample || !big_enough_to_trample(who.width, who.height)) return;
  turn_to_dirt(pos);
}

void FarmlandTrampling::turn_to_dirt(const BlockPos& pos) {
  // The dirt's collision box less the farmland's: the block's top sixteenth. Whatever meets it is
  // moved up until its feet are on the dirt (Shapes.collide from one block above).
  const Aabb added{static_cast<double>(pos.x), pos.y + 15.0 / 16.0, static_cast<double>(pos.z),
                   pos.x + 1.0, pos.y + 1.0, pos.z + 1.0};
  const double top = pos.y + 1.0;
  for (Player* p : players_.joined_players()) {
    const Aabb box = make_player_box(p->position, p->crouching ? Pose::kCrouching : Pose::kStanding);
    if (p->game_mode == GameMode::kSpectator || !box.intersects(added)) continue;
    players_.teleport(p->conn, Vec3{p->position.x, top, p->position.z}, p->yaw, p->pitch);
  }
  for (const int32_t id : mobs_.ids()) {
    Mob* mob = mobs_.find(id);
    if (mob == nullptr || !mob->box().intersects(added)) continue;
    mob->position.y = top;
    mob->needs_sync = true;
  }
  world_.set_block(pos, default_state_of("dirt"));
}

}  // namespace hz
