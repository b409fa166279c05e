// One round-trip property per declared packet, over random field values: the encoder writes what an
// independent writer of the protocol's rules writes, decoding gives back every field as encoded,
// and re-encoding the decoded packet gives the same bytes. Instantiated for slices of the packet
// sets by the packet_roundtrip_*_test.cpp files, so the heavy instantiations compile side by side.
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sim/protocol/packets.h"
#include "tests/protocol/random_packets.h"
#include "tests/protocol/reference_wire.h"

namespace hz::testing {

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

// The packets [Begin, End) of a list (End is clamped to its length).
template <class List, size_t Begin, size_t End>
struct Slice;
template <class... Ts, size_t Begin, size_t End>
struct Slice<TypeList<Ts...>, Begin, End> {
  static constexpr size_t kEnd = End < sizeof...(Ts) ? End : sizeof...(Ts);
  template <size_t... I>
  static auto pick(std::index_sequence<I...>) -> TypeList<std::tuple_element_t<Begin + I, std::tuple<Ts...>>...>;
  using type = decltype(pick(std::make_index_sequence<kEnd - Begin>{}));
};

template <class List>
struct AsGtestTypes;
template <class... Ts>
struct AsGtestTypes<TypeList<Ts...>> {
  using type = ::testing::Types<Ts...>;
};

struct PacketTestName {
  template <class P>
  static std::string GetName(int) {
    return std::string(state_name(P::kState)) + "_" + direction_name(P::kDirection) + "_" + std::string(P::kName);
  }
};

template <class P>
class PacketRoundTrip : public ::testing::Test {};
TYPED_TEST_SUITE_P(PacketRoundTrip);

// The first leaf whose bytes differ, for the failure message.
inline std::string first_difference(const std::vector<ReferenceWire::Leaf>& a,
                             const std::vector<ReferenceWire::Leaf>& b) {
  for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (!(a[i] == b[i])) return "leaf " + std::to_string(i) + ": " + a[i].path + " vs " + b[i].path;
  }
  return "leaf counts " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
}

TYPED_TEST_P(PacketRoundTrip, DecodeOfEncodeIsTheSamePacket) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    P packet = random_declared<P>();
    const ReferenceWire expected = reference_wire(packet);
    Bytes body = encode_packet(packet);
    // The encoder agrees with the protocol's rules: the id as a VarInt, then every field.
    Bytes reference = ReferenceWire::varint_bytes(static_cast<uint32_t>(P::kId));
    reference.insert(reference.end(), expected.bytes().begin(), expected.bytes().end());
    RC_ASSERT(body == reference);
    // Decoding gives back every field with the value that was encoded.
    auto back = decode_packet<P>(body);
    RC_ASSERT(back.ok());
    const ReferenceWire decoded = reference_wire(*back);
    if (decoded.leaves() != expected.leaves()) RC_FAIL(first_difference(expected.leaves(), decoded.leaves()));
    RC_ASSERT(diff(packet, *back).empty());
    RC_ASSERT(fields_equal(packet, *back));
    // And the decoded packet encodes to the very same bytes.
    RC_ASSERT(encode_packet(*back) == body);
  });
  EXPECT_TRUE(passed);
}

TYPED_TEST_P(PacketRoundTrip, NameAndIdAgreeWithTheGeneratedTable) {
  using P = TypeParam;
  EXPECT_EQ(packet_name(P::kState, P::kDirection, P::kId), P::kName);
}

TYPED_TEST_P(PacketRoundTrip, EveryTruncationFailsCleanly) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    Bytes body = encode_packet(random_declared<P>());
    size_t cut = *rc::gen::inRange<size_t>(0, body.size());
    auto back = decode_packet<P>(std::span<const uint8_t>(body.data(), cut));
    // A shorter body can only decode when the cut removed nothing but a rest-of-packet field.
    if (back.ok()) RC_ASSERT(encode_packet(*back) == Bytes(body.begin(), body.begin() + cut));
  });
  EXPECT_TRUE(passed);
}

TYPED_TEST_P(PacketRoundTrip, TrailingBytesAreRejectedUnlessTheLastFieldTakesThem) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    Bytes body = encode_packet(random_declared<P>());
    body.push_back(0x00);
    auto back = decode_packet<P>(body);
    if (back.ok()) RC_ASSERT(encode_packet(*back) == body);
  });
  EXPECT_TRUE(passed);
}

TYPED_TEST_P(PacketRoundTrip, CorruptedBodiesDecodeOrFailButNeverCrash) {
  using P = TypeParam;
  bool passed = rc::check(std::string(P::kName), [] {
    Bytes body = encode_packet(random_declared<P>());
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

REGISTER_TYPED_TEST_SUITE_P(PacketRoundTrip, DecodeOfEncodeIsTheSamePacket, NameAndIdAgreeWithTheGeneratedTable,
                            EveryTruncationFailsCleanly, TrailingBytesAreRejectedUnlessTheLastFieldTakesThem,
                            CorruptedBodiesDecodeOrFailButNeverCrash);

}  // namespace hz::testing
