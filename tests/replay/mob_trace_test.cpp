// A session with a summoned zombie chasing a survival player (and a skeleton shooting at it), recorded through the real recorder
// and verified by replay: the mob's AI draws from the core's Rng and its path, moves and hits
// must come out bit-exactly the same.
#include <gtest/gtest.h>

#include "sim/game/mobs/mobs.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

struct ChaseSession {
  RecordedSession recorded;
  float health_after = 20.0f;
  double zombie_start_distance = 0, zombie_closest = 1e9;
  int left_at = -1;
};

ChaseSession record_chase() {
  LiveSession session({.name = "chase", .clock_seed = 5, .jobs_seed = 9});
  // A flat stone floor with room above it around the spawn, for the chase.
  const Floor floor = lay_floor(session, 8);
  session.join("Runner");
  session.pass({ConsoleLine{"gamemode survival Runner"}});
  Core& core = session.core();
  const BlockPos at = floor.at;
  ChaseSession out;
  const std::string zombie_at = floor.at_offset(6, 0, 3);
  session.pass({ConsoleLine{"summon zombie " + zombie_at},
                ConsoleLine{"summon cow " + floor.at_offset(-5, 0, -5)},
                // A skeleton on the far side: its arrows (launch draws, flight, hits) are in the trace too.
                ConsoleLine{"summon skeleton " + floor.at_offset(-6, 0, 3)}});
  const Vec3 player_at = core.sessions().player(kPlayer)->position;
  const Mob* zombie = nullptr;
  // The summoned one: the zombie nearest where it was summoned (the night may spawn others).
  double nearest = 1e18;
  for (int32_t id : core.mobs().ids()) {
    const Mob* m = core.mobs().find(id);
    const double dx = m->position.x - (at.x + 6.5), dz = m->position.z - (at.z + 3.5);
    if (m->mob_kind().type == MobType::kZombie && dx * dx + dz * dz < nearest) nearest = dx * dx + dz * dz, zombie = m;
  }
  if (!zombie) throw std::runtime_error("no zombie");
  const int32_t zombie_id = zombie->id();
  auto distance = [&] {
    const Mob* z = core.mobs().find(zombie_id);
    const double dx = z->position.x - player_at.x, dz = z->position.z - player_at.z;
    return std::sqrt(dx * dx + dz * dz);
  };
  out.zombie_start_distance = distance();
  for (int i = 0; i < 120 && core.sessions().player(kPlayer); ++i) {
    session.pass();
    if (core.mobs().find(zombie_id)) out.zombie_closest = std::min(out.zombie_closest, distance());
    if (const Player* p = core.sessions().player(kPlayer)) out.health_after = p->health;
    else out.left_at = i;
  }
  out.recorded = session.finish();
  return out;
}

TEST(MobTrace, AZombieChasingAPlayerReplaysIdentically) {
  ChaseSession session = record_chase();
  // The session really had a chase: the zombie came close and hurt the player.
  EXPECT_LT(session.zombie_closest, 1.6);
  EXPECT_GT(session.zombie_start_distance, 6.0);
  EXPECT_LT(session.health_after, 20.0f);
  EXPECT_EQ(session.left_at, -1);
  expect_identical(session.recorded);
}

}  // namespace
}  // namespace hz::testing
