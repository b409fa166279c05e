// A survival player punching a chicken to death and taking the experience orbs it drops, recorded
// through the real recorder and verified by replay: the reward, the orbs' spawn draws, their
// flight to the player, the pickups and set_experience must come out bit-exactly the same.
#include <gtest/gtest.h>

#include "sim/game/entities/experience_orbs.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

struct KillSession {
  RecordedSession recorded;
  bool chicken_died = false;
  size_t most_orbs = 0;
  int total_after = 0;
};

KillSession record_kill() {
  LiveSession session({.name = "experience", .clock_seed = 7, .jobs_seed = 13});
  const Floor floor = lay_floor(session, 8);
  session.join("Hunter");
  session.pass({ConsoleLine{"gamemode survival Hunter"}, ConsoleLine{"gamerule spawn_mobs false"}});
  session.pass({ConsoleLine{"summon chicken " + floor.at_offset(2, 0, 0) + " {NoAI:1b}"}});
  Core& core = session.core();
  KillSession out;
  int32_t chicken_id = 0;
  for (int32_t id : core.mobs().ids()) {
    const Mob* m = core.mobs().find(id);
    if (m->mob_kind().type == MobType::kChicken && m->state.no_ai) chicken_id = id;
  }
  if (chicken_id == 0) throw std::runtime_error("no chicken");
  // A fist does 1 of the chicken's 4: a punch every 12 ticks, out of the invulnerability window.
  for (int punch = 0; punch < 8; ++punch) {
    const Mob* chicken = core.mobs().find(chicken_id);
    if (chicken == nullptr || chicken->state.dead) break;
    session.send(packet::play_sb::Attack{chicken_id});
    for (int i = 0; i < 12; ++i) {
      session.pass();
      out.most_orbs = std::max(out.most_orbs, core.experience_orbs().size());
    }
  }
  const Mob* chicken = core.mobs().find(chicken_id);
  out.chicken_died = chicken == nullptr || chicken->state.dead;
  for (int i = 0; i < 60; ++i) {
    session.pass();
    out.most_orbs = std::max(out.most_orbs, core.experience_orbs().size());
  }
  if (const Player* p = core.sessions().player(kPlayer)) out.total_after = p->xp.total;
  out.recorded = session.finish();
  return out;
}

TEST(ExperienceTrace, AChickenKillWithItsOrbsReplaysIdentically) {
  KillSession session = record_kill();
  // The session really had a kill, orbs, and a pickup.
  EXPECT_TRUE(session.chicken_died);
  EXPECT_GE(session.most_orbs, 1u);
  EXPECT_GE(session.total_after, 1);
  EXPECT_LE(session.total_after, 3);
  expect_identical(session.recorded);
}

}  // namespace
}  // namespace hz::testing
