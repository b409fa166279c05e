// The trace header's level start (game time, world clocks, weather): it survives the header's
// encoding, the replayer rebuilds the core's LevelTimeState from it, and a session started from a
// saved world's time and weather, with /time and /weather run during it, replays identically.
#include <gtest/gtest.h>

#include "replay/format/level_start.h"
#include "replay/format/record_archive.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

LevelTimeState saved_state() {
  LevelTimeState state;
  state.game_time = 987654;
  state.clock(WorldClockId::kOverworld) = {30000, 0.5f, 0.5f, false};
  state.clock(WorldClockId::kTheEnd) = {77, 0.0f, 1.0f, true};
  state.weather = {0, 30, 400, true, true};
  return state;
}

TEST(LevelStartTrace, HeaderRoundTripsTheLevelStart) {
  TraceHeader header;
  header.level_start = trace_level_start(saved_state());
  ASSERT_EQ(header.level_start.clocks.size(), 2u);
  DecodedHeader decoded = decode_header(encode_header(header));
  ASSERT_TRUE(decoded.header) << decoded.error;
  EXPECT_EQ(*decoded.header, header);
  auto state = level_time_from_trace(decoded.header->level_start);
  ASSERT_TRUE(state.ok()) << state.error();
  EXPECT_EQ(*state, saved_state());
}

TEST(LevelStartTrace, ReplayerBuildsTheCoreFromItAndRefusesUnknownClocks) {
  CoreConfig recorded = test_config();
  recorded.level_time = saved_state();
  TraceHeader header = live_trace_header(recorded);
  auto config = core_config_from_header(header);
  ASSERT_TRUE(config.ok()) << config.error();
  EXPECT_EQ(config->level_time, saved_state());

  header.level_start.clocks.push_back({9, 1, 0.0f, 1.0f, false});
  auto refused = core_config_from_header(header);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error(), "the trace header names world clock 9, which this build lacks");
}

TEST(LevelStartTrace, ASessionFromSavedTimeAndWeatherReplaysIdentically) {
  CoreConfig config = test_config();
  config.level_time = saved_state();
  SessionPlan plan;
  plan.passes.push_back({});
  plan.passes.push_back({ConsoleLine{"time set noon"}});
  for (int i = 0; i < 40; ++i) plan.passes.push_back({});  // the rain countdown runs out: new draws
  plan.passes.push_back({ConsoleLine{"weather thunder"}});
  plan.passes.push_back({ConsoleLine{"time query gametime"}});
  for (int i = 0; i < 20; ++i) plan.passes.push_back({});
  RecordedSession session = record_session(plan, config);
  VerifyResult result = verify_files(session.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");
}

// A header whose level start differs from what the recorded core started with makes replay
// diverge: the replayed core is built from the header, so the header is what decides.
TEST(LevelStartTrace, AHeaderWithAnotherStartDiverges) {
  CoreConfig config = test_config();
  config.level_time = saved_state();
  CoreConfig claimed = config;
  claimed.level_time.game_time += 1;
  SteppingClock clock(1);
  DiscardingSink sink;
  MemoryOutput output;
  TraceHeader header = live_trace_header(claimed);
  header.session = "test";
  {
    Recorder recorder(clock, sink, std::make_unique<TraceWriter>(header, output, RotationPolicy{}, FrameLimits{}));
    Core core(config, recorder.clock(), recorder.sink());
    core.start();
    recorder.started();
    for (int i = 0; i < 3; ++i) {
      run_recorded_iteration(core, {}, &recorder);
      clock.wait_until(core.next_tick_nanos());
    }
    save_everything_recorded(core, &recorder);
    ASSERT_TRUE(recorder.close().ok());
  }
  VerifyResult result = verify_files(output.files);
  EXPECT_EQ(result.outcome, VerifyResult::Outcome::kDiverged) << result.problem;
}

}  // namespace
}  // namespace hz::testing
