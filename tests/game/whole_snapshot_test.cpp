// The whole core in a snapshot (docs/simulation.md "Snapshots"): a core restored from a snapshot
// taken mid-session, given the same later inputs as the original, produces the same digest (the
// packets to every connection, every other effect and the state hash) at every pass.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <variant>
#include <utility>
#include <vector>

#include "sim/core/rng.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::StreamingServer;
using testing::TestClient;

// One loop pass as StreamingServer::pass runs it, returning the pass's digest.
IterationDigest step(StreamingServer& s, const std::vector<Input>& inputs) {
  std::vector<Input> all;
  for (JobCompleted& done : s.jobs.finish(64)) all.push_back(std::move(done));
  all.insert(all.end(), inputs.begin(), inputs.end());
  s.h.sink.clear();
  IterationDigest digest = s.h.iterate(0, std::move(all));
  s.jobs.take_jobs(s.h.sink.effects);
  return digest;
}

// The inputs of one pass of a session drawn from `random`: Alice walks (far enough that chunks
// load, generate and unload), digs and places, chats, runs commands; Bob joins and leaves.
struct Session {
  TestClient alice{1};
  TestClient bob{2};
  Vec3 at;
  int32_t teleport_id = 0;
  int32_t sequence = 0;
  int bob_step = -1;

  std::vector<Input> next(Rng& random, int pass, const BlockPos& ground) {
    std::vector<Input> inputs;
    if (pass == 0) alice.packet(packet::play_sb::TeleportConfirm{teleport_id});
    switch (static_cast<int>(random.next_below(8))) {
      case 0:
      case 1:
      case 2:  // a walk step east, as a client reports it (the chunks ahead get wanted)
        at.x += 0.5 + random.next_double() * 0.4;
        alice.packet(packet::play_sb::Position{at.x, at.y, at.z, 1});
        break;
      case 3: {
        packet::play_sb::BlockDig dig;
        dig.status = packet::play_sb::BlockDig::kStartDestroy;
        dig.location = BlockPos{ground.x + static_cast<int>(random.next_below(3)) - 1, ground.y, ground.z + static_cast<int>(random.next_below(3)) - 1};
        dig.face = 1;
        dig.sequence = ++sequence;
        alice.packet(dig);
        break;
      }
      case 4:
        inputs.push_back(ConsoleLine{"summon zombie " + std::to_string(ground.x + 3) + " " + std::to_string(ground.y + 1) +
                                     " " + std::to_string(ground.z)});
        break;
      case 5:
        inputs.push_back(ConsoleLine{random.next_below(2) ? "time add 300" : "weather rain"});
        break;
      case 6:
        alice.packet(packet::play_sb::ChatCommand{"me waves"});
        break;
      default:
        break;
    }
    if (pass == 20) {
      inputs.push_back(ConnectionOpened{2, "127.0.0.1:4"});
      bob_step = 0;
    }
    if (bob_step >= 0 && bob_step < 6 && pass > 20) bob_joins(inputs);
    if (pass == 70) inputs.push_back(ConnectionClosed{2});
    Input bytes = alice.take();
    if (!std::get<BytesReceived>(bytes).bytes.empty()) inputs.push_back(std::move(bytes));
    return inputs;
  }

  void bob_joins(std::vector<Input>& inputs) {
    switch (bob_step++) {
      case 0:
        bob.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
            .packet(packet::login_sb::LoginStart{"Bob", {}});
        break;
      case 1:
        bob.set_compression(256);
        bob.packet(packet::login_sb::LoginAcknowledged{});
        break;
      case 2: {
        packet::config_sb::Settings settings;
        settings.info.view_distance = 2;
        bob.packet(settings).packet(packet::config_sb::SelectKnownPacks{});
        break;
      }
      case 3:
        bob.packet(packet::config_sb::FinishConfiguration{});
        break;
      default:
        return;
    }
    inputs.push_back(bob.take());
  }
};

// Runs a session of `passes`, snapshots the core after pass `cut` and restores it into a second
// core, then feeds both the rest and expects every later digest to agree.
void expect_restored_core_follows(uint64_t seed, int passes, int cut) {
  StreamingServer a{3};
  a.prepare_spawn();
  Session session;
  session.alice = a.join(1, "Alice", 3);
  for (int i = 0; i < 10; ++i) a.pass();
  const Player& alice = *a.h.core.sessions().player(1);
  session.at = alice.position;
  session.teleport_id = alice.awaiting_teleport_id;
  const BlockPos ground{static_cast<int>(std::floor(alice.position.x)), static_cast<int>(std::floor(alice.position.y)) - 1,
                        static_cast<int>(std::floor(alice.position.z))};
  Rng random(seed);
  int pass = 0;
  for (; pass <= cut; ++pass) step(a, session.next(random, pass, ground));

  StreamingServer b{3};
  const Bytes snapshot = a.h.core.write_snapshot_parts();
  ASSERT_TRUE(b.h.core.read_snapshot_parts(snapshot));
  ASSERT_EQ(b.h.core.state_hash(), a.h.core.state_hash());
  b.jobs = a.jobs;    // the jobs the shell holds: in flight, not part of the core
  b.h.clock = a.h.clock;
  for (; pass < passes; ++pass) {
    const std::vector<Input> inputs = session.next(random, pass, ground);
    const IterationDigest want = step(a, inputs);
    const IterationDigest got = step(b, inputs);
    ASSERT_EQ(got.tick, want.tick) << "pass " << pass;
    ASSERT_EQ(got.outbound, want.outbound) << "pass " << pass;
    ASSERT_EQ(got.other_effects, want.other_effects) << "pass " << pass;
    ASSERT_EQ(got.state, want.state) << "pass " << pass << ", parts differ: " << [&] {
      std::string differing;
      const auto wanted = a.h.core.state_parts(), restored = b.h.core.state_parts();
      for (size_t i = 0; i < wanted.size(); ++i)
        if (wanted[i].hash != restored[i].hash) differing += std::string(wanted[i].name) + " ";
      return differing;
    }();
  }
}

TEST(WholeSnapshot, ARestoredCoreAnswersTheRestOfTheSessionAsTheOriginalDoes) {
  expect_restored_core_follows(1, 120, 30);
}

// Cuts at random passes of random sessions: before Bob arrives, while he logs in and configures,
// while he plays, after he left (a property over a handful of draws: each runs two servers;
// horizon-sim's --snapshot-swap sweeps many more).
TEST(WholeSnapshot, CutsAtRandomPassesOfRandomSessionsContinueAlike) {
  Rng draws(0x5eed);
  for (int i = 0; i < 4; ++i) {
    const uint64_t seed = draws.next_u64();
    const int cut = static_cast<int>(draws.next_below(90));
    SCOPED_TRACE("seed " + std::to_string(seed) + ", cut after pass " + std::to_string(cut));
    expect_restored_core_follows(seed, 100, cut);
    if (HasFailure()) return;
  }
}

}  // namespace
}  // namespace hz
