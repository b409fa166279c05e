// One round-trip property per declared packet, over random field values: the encoder writes what an
// independent writer of the protocol's rules writes, decoding gives back every field as encoded,
// and re-encoding the decoded packet gives the same bytes.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <string>
#include <vector>

#include "sim/protocol/packets.h"
#include "tests/protocol/random_packets.h"
#include "tests/protocol/reference_wire.h"

namespace hz {
namespace {

template <class... Ts>
struct TypeList {};

template <class... Lists>
struct Concat;
template <class... As>
struct Concat<TypeList<As...>> {
  using type = TypeList<As...>;
};
template <class... As, class... Bs, class... Rest>
struct Concat<TypeList<As...>, TypeList<Bs...>, Rest...> {
  using type = typename Concat<TypeList<As..., Bs...>, Rest...>::type;
};

template <class Set>
struct PacketsOf;
template <ProtocolState S, Direction D, class... Ps>
struct PacketsOf<PacketSet<S, D, Ps...>> {
  using type = TypeList<Ps...>;
};

template <class List>
struct AsGtestTypes;
template <class... Ts>
struct AsGtestTypes<TypeList<Ts...>> {
  using type = ::testing::Types<Ts...>;
};

using AllPackets = AsGtestTypes<typename Concat<
    typename PacketsOf<packet::HandshakeServerbound>::type, typename PacketsOf<packet::StatusClientbound>::type,
    typename PacketsOf<packet::StatusServerbound>::type, typename PacketsOf<packet::LoginClientbound>::type,
    typename PacketsOf<packet::LoginServerbound>::type, typename PacketsOf<packet::ConfigClientbound>::type,
    typename PacketsOf<packet::ConfigServerbound>::type, typename PacketsOf<packet::PlayClientbound>::type,
    typename PacketsOf<packet::PlayServerbound>::type>::type>::type;

struct PacketTestName {
  template <class P>
  static std::string GetName(int) {
    return std::string(state_name(P::kState)) + "_" + direction_name(P::kDirection) + "_" + std::string(P::kName);
  }
};

template <class P>
class PacketRoundTrip : public ::testing::Test {};
TYPED_TEST_SUITE(PacketRoundTrip, AllPackets, PacketTestName);

// The first leaf whose bytes differ, for the failure message.
std::string first_difference(const std::vector<testing::ReferenceWire::Leaf>& a,
                             const std::vector<testing::ReferenceWire::Leaf>& b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (!(a[i] == b[i])) return "leaf " + std::to_string(i) + ": " + a[i].path + " vs " + b[i].path;
  }
  return "leaf counts " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
}

TYPED_TEST(PacketRoundTrip, DecodeOfEncodeIsTheSamePacket) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    P packet = testing::random_declared<P>();
    const testing::ReferenceWire expected = testing::reference_wire(packet);
    Bytes body = encode_packet(packet);
    // The encoder agrees with the protocol's rules: the id as a VarInt, then every field.
    Bytes reference = testing::ReferenceWire::varint_bytes(static_cast<uint32_t>(P::kId));
    reference.insert(reference.end(), expected.bytes().begin(), expected.bytes().end());
    RC_ASSERT(body == reference);
    // Decoding gives back every field with the value that was encoded.
    auto back = decode_packet<P>(body);
    RC_ASSERT(back.ok());
    const testing::ReferenceWire decoded = testing::reference_wire(*back);
    if (decoded.leaves() != expected.leaves()) RC_FAIL(first_difference(expected.leaves(), decoded.leaves()));
    RC_ASSERT(diff(packet, *back).empty());
    RC_ASSERT(fields_equal(packet, *back));
    // And the decoded packet encodes to the very same bytes.
    RC_ASSERT(encode_packet(*back) == body);
  });
  EXPECT_TRUE(passed);
}

TYPED_TEST(PacketRoundTrip, NameAndIdAgreeWithTheGeneratedTable) {
  using P = TypeParam;
  EXPECT_EQ(packet_name(P::kState, P::kDirection, P::kId), P::kName);
}

TYPED_TEST(PacketRoundTrip, EveryTruncationFailsCleanly) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    Bytes body = encode_packet(testing::random_declared<P>());
    size_t cut = *rc::gen::inRange<size_t>(0, body.size());
    auto back = decode_packet<P>(std::span<const uint8_t>(body.data(), cut));
    // A shorter body can only decode when the cut removed nothing but a rest-of-packet field.
    if (back.ok()) RC_ASSERT(encode_packet(*back) == Bytes(body.begin(), body.begin() + cut));
  });
  EXPECT_TRUE(passed);
}

TYPED_TEST(PacketRoundTrip, TrailingBytesAreRejectedUnlessTheLastFieldTakesThem) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    Bytes body = encode_packet(testing::random_declared<P>());
    body.push_back(0x00);
    auto back = decode_packet<P>(body);
    if (back.ok()) RC_ASSERT(encode_packet(*back) == body);
  });
  EXPECT_TRUE(passed);
}

TYPED_TEST(PacketRoundTrip, CorruptedBodiesDecodeOrFailButNeverCrash) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    Bytes body = encode_packet(testing::random_declared<P>());
    int flips = *rc::gen::inRange(1, 4);
    for (int i = 0; i < flips && body.size() > 1; ++i) {
      size_t at = *rc::gen::inRange<size_t>(1, body.size());  // keep the id
      body[at] = *rc::gen::arbitrary<uint8_t>();
    }
    auto back = decode_packet<P>(body);
    if (!back.ok()) RC_ASSERT(!back.error().empty());
  });
  EXPECT_TRUE(passed);
}

}  // namespace
}  // namespace hz
