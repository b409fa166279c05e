// The recorder's snapshots cross threads: the server thread writes the core's state between passes
// and the trace writer's thread reads it into a core of its own to check it, while the server
// thread goes on with the next passes. Run under ThreadSanitizer (tools/test.sh --tsan).
#include <gtest/gtest.h>

#include "replay/format/snapshot_pieces.h"
#include "replay/format/trace_edit.h"
#include "replay/recorder/live_recording.h"
#include "replay/recorder/recorder.h"
#include "replay/recorder/snapshot_check.h"
#include "sim/core/clock.h"
#include "sim/core/effect_buffer.h"

namespace hz {
namespace {

TEST(TraceSnapshotThreads, TheWriterChecksSnapshotsWhileTheServerThreadRunsOn) {
  CoreConfig config;
  config.properties =
      *parse_server_properties("online-mode=false\nview-distance=2\nsimulation-distance=2\n").properties;
  config.world_seed = 12345;
  ManualClock clock(1'000'000'000);
  EffectBuffer effects;
  MemoryOutput output;
  TraceHeader header = live_trace_header(config);
  header.session = "threads";
  Recorder recorder(clock, effects,
                    std::make_unique<TraceWriter>(header, output, RotationPolicy{}, FrameLimits{},
                                                  core_snapshot_check(config)));
  recorder.set_snapshot_interval(1'000'000'000);
  {
    Core core(config, recorder.clock(), recorder.sink());
    core.start();
    recorder.started();
    for (int pass = 0; pass < 200; ++pass) {
      clock.advance(50'000'000);
      std::vector<Input> inputs;
      if (pass % 40 == 0) inputs.push_back(ConsoleLine{"time add 100"});
      run_recorded_iteration(core, std::move(inputs), &recorder);
      effects.clear();
    }
    save_everything_recorded(core, &recorder);
  }
  ASSERT_TRUE(recorder.close());
  EXPECT_EQ(recorder.snapshot_stats().taken, 10u);  // 10 s of passes, one a second
  ASSERT_EQ(output.files.size(), 1u);
  auto read = read_file_records(output.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(snapshot_ticks(read->records).size(), 10u);
}

}  // namespace
}  // namespace hz
