// A night with natural spawning, recorded through the real recorder and verified by replay: the
// shuffled chunks, spawn positions, packs and despawn draws all come from the core's Rng, so the
// mobs that appear (and their moves) must come out bit-exactly the same. The fresh world's chunks
// are born with animals too (placed from the world seed and the generated columns, not recorded).
#include <gtest/gtest.h>

#include "sim/game/mobs/mobs.h"
#include "sim/game/mobs/spawning/generation_animals.h"
#include "sim/game/mobs/spawning/natural_spawning.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

struct NightSession {
  RecordedSession recorded;
  uint64_t spawned = 0;
  uint64_t born_with_chunks = 0;
  size_t mobs_at_end = 0;
};

NightSession record_night() {
  CoreConfig config = test_config();
  config.properties.difficulty = Difficulty::kNormal;
  LiveSession session({.name = "night", .clock_seed = 7, .jobs_seed = 13, .config = config});
  session.join("Sleeper");
  session.pass({ConsoleLine{"gamemode survival Sleeper"}, ConsoleLine{"time set midnight"}});
  NightSession out;
  for (int i = 0; i < 200 && session.core().sessions().player(kPlayer); ++i) session.pass();
  out.spawned = session.core().natural_spawning().spawned();
  out.born_with_chunks = session.core().generation_animals().placed();
  out.mobs_at_end = session.core().mobs().size();
  out.recorded = session.finish();
  return out;
}

TEST(SpawningTrace, ANightWithSpawningMobsReplaysIdentically) {
  NightSession session = record_night();
  // The night really spawned mobs on its own.
  EXPECT_GT(session.spawned, 0u);
  EXPECT_GT(session.mobs_at_end, 0u);
  EXPECT_GT(session.born_with_chunks, 0u);
  expect_identical(session.recorded);
}

}  // namespace
}  // namespace hz::testing
