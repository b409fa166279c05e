// The round-trip properties for the first half of the clientbound play packets.
#include "tests/protocol/packet_roundtrip.h"

namespace hz::testing {
namespace {

using Packets = AsGtestTypes<Slice<PacketsOf<packet::PlayClientbound>::type, 0, 25>::type>::type;
INSTANTIATE_TYPED_TEST_SUITE_P(PlayCb1, PacketRoundTrip, Packets, PacketTestName);

}  // namespace
}  // namespace hz::testing
