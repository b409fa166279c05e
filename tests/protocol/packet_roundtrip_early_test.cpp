// The round-trip properties for the handshake, status, login and configuration packets.
#include "tests/protocol/packet_roundtrip.h"

namespace hz::testing {
namespace {

using Packets = AsGtestTypes<typename Concat<
    typename PacketsOf<packet::HandshakeServerbound>::type, typename PacketsOf<packet::StatusClientbound>::type,
    typename PacketsOf<packet::StatusServerbound>::type, typename PacketsOf<packet::LoginClientbound>::type,
    typename PacketsOf<packet::LoginServerbound>::type, typename PacketsOf<packet::ConfigClientbound>::type,
    typename PacketsOf<packet::ConfigServerbound>::type>::type>::type;
INSTANTIATE_TYPED_TEST_SUITE_P(Early, PacketRoundTrip, Packets, PacketTestName);

}  // namespace
}  // namespace hz::testing
