// Dispatch tables: typed handlers, skipped and unknown ids, errors that name the packet, and the
// dump and diff helpers built on them.
#include "sim/protocol/dispatch.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "sim/protocol/packets.h"
#include "tests/protocol/bytes_of.h"

namespace hz {
namespace {

using namespace hz::packet;

static_assert(HandshakeServerbound::ids_unique() && StatusClientbound::ids_unique() &&
              StatusServerbound::ids_unique() && LoginClientbound::ids_unique() && LoginServerbound::ids_unique() &&
              ConfigClientbound::ids_unique() && ConfigServerbound::ids_unique() && PlayClientbound::ids_unique() &&
              PlayServerbound::ids_unique());

using testing::bytes_of;

// Takes only movement and keep-alive packets.
struct MovementHandler {
  std::vector<std::string> seen;
  void operator()(play_sb::Position&& p) { seen.push_back("position " + std::to_string(p.x)); }
  void operator()(play_sb::KeepAlive&& k) { seen.push_back("keep_alive " + std::to_string(k.id)); }
};

TEST(Dispatch, CallsTheHandlerWithTheTypedPacket) {
  MovementHandler h;
  play_sb::Position pos;
  pos.x = 2;
  auto r = dispatch(PlayServerbound{}, encode_packet(pos), h);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, Dispatched::kHandled);
  r = dispatch(PlayServerbound{}, encode_packet(play_sb::KeepAlive{7}), h);
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(h.seen, (std::vector<std::string>{"position 2.000000", "keep_alive 7"}));
}

TEST(Dispatch, DeclaredPacketsTheHandlerDoesNotTakeAreSkippedUndecoded) {
  MovementHandler h;
  // A chat_message whose string claims more bytes than exist: never decoded, so no error.
  auto r = dispatch(PlayServerbound{}, bytes_of({packet_id::play_sb::chat_message, 0x7F}), h);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, Dispatched::kSkipped);
  EXPECT_TRUE(h.seen.empty());
}

TEST(Dispatch, KnownButUndeclaredIdsAreSkipped) {
  MovementHandler h;
  auto r = dispatch(PlayServerbound{}, bytes_of({packet_id::play_sb::use_item, 0x00, 0x01}), h);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, Dispatched::kSkipped);
}

TEST(Dispatch, UnknownIdsAreErrors) {
  MovementHandler h;
  int32_t unknown = packet_count(ProtocolState::kPlay, Direction::kServerbound);
  ByteWriter w;
  w.varint(unknown);
  auto r = dispatch(PlayServerbound{}, w.take(), h);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "unknown packet id " + std::to_string(unknown) + " in state play (serverbound)");
  auto status = dispatch(StatusServerbound{}, bytes_of({0x05}), h);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.error(), "unknown packet id 5 in state status (serverbound)");
  EXPECT_FALSE(dispatch(PlayServerbound{}, Bytes{}, h).ok());  // no id at all
}

TEST(Dispatch, DecodeErrorsNameThePacket) {
  auto r = dispatch(PlayServerbound{}, bytes_of({packet_id::play_sb::keep_alive, 0x01}), MovementHandler{});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "bad play serverbound keep_alive (0x1c): field id: packet ended in the middle of a field");
}

TEST(Dispatch, GenericHandlersSeeEveryDeclaredPacket) {
  int calls = 0;
  auto count = [&](const auto&) { ++calls; };
  for (const Bytes& body : {encode_packet(config_sb::FinishConfiguration{}), encode_packet(config_sb::Pong{3}),
                            encode_packet(config_sb::Settings{})}) {
    auto r = dispatch(ConfigServerbound{}, body, count);
    ASSERT_TRUE(r.ok()) << r.error();
  }
  EXPECT_EQ(calls, 3);
}

TEST(DescribeBody, DeclaredAndUndeclaredPackets) {
  auto json = describe_body(PlayClientbound{}, encode_packet(play_cb::KeepAlive{9}));
  ASSERT_TRUE(json.ok()) << json.error();
  EXPECT_EQ(*json, R"({"packet":"keep_alive","state":"play","direction":"clientbound","id":44,"fields":{"id":9}})");
  auto other = describe_body(PlayClientbound{}, bytes_of({packet_id::play_cb::statistics, 1, 2}));
  ASSERT_TRUE(other.ok()) << other.error();
  EXPECT_NE(other->find(R"("packet":"statistics")"), std::string::npos) << *other;
  EXPECT_NE(other->find(R"("undeclared_bytes":2)"), std::string::npos) << *other;
}

TEST(DiffBodies, NamesTheDifferingField) {
  play_cb::SyncEntityPosition a;
  a.entity_id = 3;
  play_cb::SyncEntityPosition b = a;
  b.y = 64.5;
  auto d = diff_bodies(PlayClientbound{}, encode_packet(a), encode_packet(b));
  ASSERT_TRUE(d.ok()) << d.error();
  ASSERT_EQ(d->size(), 1u);
  EXPECT_EQ((*d)[0].path, "y");
  auto different = diff_bodies(PlayClientbound{}, encode_packet(a), encode_packet(play_cb::KeepAlive{}));
  ASSERT_TRUE(different.ok());
  ASSERT_EQ(different->size(), 1u);
  EXPECT_EQ((*different)[0].path, "packet");
  EXPECT_EQ((*different)[0].b, "keep_alive");
}

}  // namespace
}  // namespace hz
