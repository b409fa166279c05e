// horizon-sim's runner in-process (so the sanitizer builds run it too): a short run repeats
// exactly, clients reach play, and the client-side decode invariant does catch a bad packet.
#include <gtest/gtest.h>

#include "sim/protocol/packets.h"
#include "sim/simulation/sim_client.h"
#include "sim/simulation/simulation.h"

namespace hz {
namespace {

SimOptions short_run(uint64_t seed) {
  SimOptions o;
  o.seed = seed;
  o.seconds = 20;
  o.clients = 4;
  o.faults = SimFaults::kNetwork;
  return o;
}

TEST(Simulation, AShortRunRepeatsExactlyAndFindsNothing) {
  const SimResult a = run_simulation(short_run(11), {});
  const SimResult b = run_simulation(short_run(11), {});
  EXPECT_EQ(a.digest, b.digest);
  EXPECT_EQ(a.passes, b.passes);
  EXPECT_GE(a.passes, 20 * 20);
  EXPECT_GE(a.connections, 4);
  for (const SimViolation& v : a.violations) ADD_FAILURE() << "pass " << v.pass << ": " << v.what;
  EXPECT_NE(run_simulation(short_run(12), {}).digest, a.digest);
}

TEST(Simulation, ClientsCatchPacketsThatDoNotDecode) {
  SimClient client(1, "Probe", ClientBehaviour{}, 1);
  client.hello();
  // A login success whose uuid is cut short.
  Bytes truncated = encode_packet(packet::login_cb::Success{});
  truncated.resize(5);
  EXPECT_TRUE(client.on_packet(truncated).has_value());
  EXPECT_FALSE(client.on_packet(encode_packet(packet::login_cb::Compress{256})).has_value());
  const Bytes unknown{0x7F};
  EXPECT_TRUE(client.on_packet(unknown).has_value());
}

}  // namespace
}  // namespace hz
