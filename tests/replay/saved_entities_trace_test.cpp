// Entities loaded from the entities store, recorded through the real recorder: the records enter
// only as the read jobs' results (JobCompleted inputs, no new record type), so the replay, which
// reads no files, must be identical; the save at the end writes them back through the same path.
#include <gtest/gtest.h>

#include <algorithm>

#include "sim/core/effect_buffer.h"
#include "sim/data/catalog.h"
#include "sim/game/entities/falling_block_codec.h"
#include "sim/game/entities/falling_blocks.h"
#include "sim/game/entities/item_entities.h"
#include "sim/game/entities/item_entity_codec.h"
#include "sim/game/entities/saved_entities.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {
namespace {

TEST(SavedEntitiesTrace, EntitiesReadFromTheStoreReplayIdentically) {
  // Two items resting high above chunk (0, 0) and a block falling there, as a save left them.
  ItemEntity a(1, Uuid{0x1111, 0x2222}, ItemStack{*item_id("diamond"), 3});
  a.position = Vec3{4.5, 200.0, 4.5};
  ItemEntity b(2, Uuid{0x3333, 0x4444}, ItemStack{*item_id("stick"), 7});
  b.position = Vec3{10.25, 210.0, 3.75};
  FallingBlock c(3, Uuid{0x5555, 0x6666}, default_state_of("sand"), BlockPos{8, 250, 8});
  c.position = Vec3{8.5, 250.0, 8.5};
  c.time = 12;

  SteppingClock clock(3);
  EffectBuffer effects;
  MemoryOutput output;
  CoreConfig config = test_config();
  TraceHeader header = live_trace_header(config);
  header.session = "saved-entities";
  SimulatedJobs jobs(2, 9);
  jobs.entity_records[{0, 0}] =
      encode_entity_chunk({0, 0}, {item_entity_codec::save(a), item_entity_codec::save(b), falling_block_codec::save(c)});
  size_t items_seen = 0, falling_seen = 0;
  {
    Recorder recorder(clock, effects, std::make_unique<TraceWriter>(header, output, RotationPolicy{}, FrameLimits{}));
    Core core(config, recorder.clock(), recorder.sink());
    core.start();
    recorder.started();
    auto pass = [&] {
      std::vector<Input> all;
      for (JobCompleted& done : jobs.finish(64)) all.push_back(std::move(done));
      run_recorded_iteration(core, all, &recorder);
      jobs.take_jobs(effects.effects);
      effects.clear();
      clock.wait_until(core.next_tick_nanos());
      items_seen = std::max(items_seen, core.items().size());
      falling_seen = std::max(falling_seen, core.falling_blocks().size());
    };
    for (int i = 0; i < 2000 && core.world().spawn_area_progress().first < core.world().spawn_area_progress().second; ++i)
      pass();
    for (int i = 0; i < 20; ++i) pass();
    save_everything_recorded(core, &recorder);
    Status closed = recorder.close();
    if (!closed) FAIL() << closed.error();
  }
  EXPECT_EQ(items_seen, 2u);
  EXPECT_EQ(falling_seen, 1u);
  EXPECT_GE(jobs.entity_reads, 1);
  VerifyResult result = verify_files(output.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

}  // namespace
}  // namespace hz::testing
