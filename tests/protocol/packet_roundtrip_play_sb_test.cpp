// The round-trip properties for the serverbound play packets.
#include "tests/protocol/packet_roundtrip.h"

namespace hz::testing {
namespace {

using Packets = AsGtestTypes<PacketsOf<packet::PlayServerbound>::type>::type;
INSTANTIATE_TYPED_TEST_SUITE_P(PlaySb, PacketRoundTrip, Packets, PacketTestName);

}  // namespace
}  // namespace hz::testing
