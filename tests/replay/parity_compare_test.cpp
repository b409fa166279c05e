// horizon-parity compare's pure parts: the decisions read from one server's packets (moves
// accepted or pulled back, chunks and batches, entities by kind, messages), their comparison with
// attribution to terrain or rules, and the mapping of the client's echoes onto Horizon's ids.
#include <gtest/gtest.h>

#include "sim/protocol/codec.h"
#include "sim/protocol/packets.h"
#include "sim/protocol/text.h"
#include "sim/world/chunk_column.h"
#include "sim/world/chunk_packet.h"
#include "tools/parity/decisions.h"
#include "tools/parity/echo_mapping.h"
#include "tools/parity/parity_report.h"

namespace hz {
namespace {

using parity::Category;
using parity::EchoMapping;
using parity::ObservedConnection;
using parity::ObservedPacket;

template <class P>
ObservedPacket at(int64_t millis, const P& packet) {
  return ObservedPacket{millis * 1000, P::kDirection, P::kState, encode_packet(packet)};
}

Bytes chunk_body(const ChunkColumn& column) {
  ByteWriter out;
  write_chunk_body(out, column);
  return out.bytes();
}

packet::play_cb::Position teleport(int32_t id, double x, double y, double z) {
  packet::play_cb::Position p;
  p.teleport_id = id;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}

packet::play_sb::Position move(double x, double y, double z) {
  packet::play_sb::Position p;
  p.x = x;
  p.y = y;
  p.z = z;
  return p;
}

// A player who joins, is placed, walks three steps; the server pulls the second one back.
ObservedConnection walk(bool pull_back_second, int64_t pull_back_millis = 160) {
  ObservedConnection c;
  c.packets.push_back(at(0, packet::login_sb::LoginStart{"Walker", Uuid{}}));
  c.packets.push_back(at(50, teleport(1, 0.5, 64, 0.5)));
  c.packets.push_back(at(60, packet::play_sb::TeleportConfirm{1}));
  c.packets.push_back(at(100, move(0.5, 64, 1.0)));
  c.packets.push_back(at(150, move(0.5, 64, 30.0)));
  if (pull_back_second) c.packets.push_back(at(pull_back_millis, teleport(2, 0.5, 64, 1.0)));
  c.packets.push_back(at(200, move(0.5, 64, 30.5)));
  return c;
}

const parity::Decision* find(const parity::ConnectionDecisions& d, const std::string& key) {
  for (const parity::Decision& decision : d.decisions)
    if (decision.key == key) return &decision;
  return nullptr;
}

TEST(ParityDecisions, PullBackAnswersTheLastMoveBeforeIt) {
  parity::ConnectionDecisions d = parity::extract_decisions(walk(true));
  EXPECT_EQ(d.player, "Walker");
  ASSERT_NE(find(d, "placement 1"), nullptr);
  EXPECT_EQ(find(d, "placement 1")->value, "at (0.500, 64.000, 0.500)");
  EXPECT_EQ(find(d, "move 1")->value, "accepted");
  EXPECT_EQ(find(d, "move 2")->value, "pulled back to (0.500, 64.000, 1.000)");
  EXPECT_EQ(find(d, "move 3")->value, "accepted");
  EXPECT_EQ(find(d, "teleport confirmation 1")->value, "answered");
  EXPECT_EQ(find(d, "move 2")->category, Category::kMovement);
}

TEST(ParityDecisions, ChunksBatchesForgetsEntitiesAndMessages) {
  ObservedConnection c;
  ChunkColumn column(ChunkPos{2, -3});
  c.packets.push_back(at(10, packet::play_cb::ChunkBatchStart{}));
  c.packets.push_back(at(10, packet::play_cb::MapChunk{2, -3, chunk_body(column)}));
  c.packets.push_back(at(10, packet::play_cb::ChunkBatchFinished{1}));
  c.packets.push_back(at(20, packet::play_cb::UnloadChunk{2, -3}));
  packet::play_cb::SpawnEntity cow;
  cow.entity_id = 77;
  cow.type = 20;
  cow.x = 5.5;
  cow.y = 70;
  cow.z = -1.2;
  c.packets.push_back(at(30, cow));
  c.packets.push_back(at(40, packet::play_cb::EntityDestroy{{77, 1234}}));
  c.packets.push_back(at(50, packet::play_cb::SystemChat{to_nbt(TextComponent::plain("hello")), false}));
  parity::ConnectionDecisions d = parity::extract_decisions(c);
  EXPECT_EQ(find(d, "chunk (2, -3) #1")->value, "sent");
  EXPECT_EQ(d.batch_sizes, std::vector<int>{1});  // reported, not a decision
  EXPECT_EQ(find(d, "batch 1"), nullptr);
  EXPECT_EQ(find(d, "forget (2, -3) #1")->value, "sent");
  EXPECT_EQ(find(d, "entity type 20 #1")->value, "spawned");
  EXPECT_NE(find(d, "entity type 20 #1")->context.find("at block (5, 70, -2)"), std::string::npos);
  EXPECT_EQ(find(d, "entity type 20 #1 removed")->value, "removed");  // the unknown id 1234 is no decision
  EXPECT_EQ(find(d, "message 1")->value, "\"hello\"");
  EXPECT_EQ(d.chunk_blocks.count(ChunkPos{2, -3}), 1u);
}

TEST(ParityDecisions, ABlockChangeIsTheSameDecisionAloneOrInASectionUpdate) {
  ObservedConnection single;
  single.packets.push_back(at(10, packet::play_cb::BlockChange{BlockPos{17, -3, -2}, 9}));
  // Section (1, -1, -1) holds (17, -3, -2) at local x 1, y 13, z 14.
  const int64_t section = (int64_t{1} << 42) | ((int64_t{-1} & 0x3FFFFF) << 20) | (int64_t{-1} & 0xFFFFF);
  const int64_t record = (int64_t{9} << 12) | (1 << 8) | (14 << 4) | 13;
  ObservedConnection multi;
  multi.packets.push_back(at(10, packet::play_cb::MultiBlockChange{section, {record}}));
  parity::ConnectionDecisions d = parity::extract_decisions(multi);
  ASSERT_NE(find(d, "block (17, -3, -2) #1"), nullptr);
  EXPECT_EQ(find(d, "block (17, -3, -2) #1")->value, "state 9");
  parity::ParityComparison c = parity::compare_sessions({{1, single}}, {{1, multi}});
  EXPECT_EQ(c.decisions, 1);
  EXPECT_EQ(c.differ, 0);
}

TEST(ParityCompare, TheSameSessionHasNoDifferences) {
  parity::ObservedSession a{{1, walk(true)}};
  parity::ParityComparison c = parity::compare_sessions(a, a);
  EXPECT_EQ(c.differ, 0);
  EXPECT_EQ(c.same, c.decisions);
  EXPECT_GT(c.categories[static_cast<size_t>(Category::kMovement)].same, 3);
}

TEST(ParityCompare, APullBackOnlyOneServerMadeIsAMovementDifference) {
  parity::ObservedSession recorded{{1, walk(false)}};
  parity::ObservedSession horizon{{1, walk(true)}};
  parity::ParityComparison c = parity::compare_sessions(recorded, horizon);
  ASSERT_EQ(c.differ, 1);
  EXPECT_EQ(c.categories[static_cast<size_t>(Category::kMovement)].differ, 1);
  const parity::Difference& d = c.differences[0];
  EXPECT_EQ(d.key, "move 2");
  EXPECT_EQ(d.recorded, "accepted");
  EXPECT_EQ(d.horizon, "pulled back to (0.500, 64.000, 1.000)");
  EXPECT_EQ(d.player, "Walker");
  EXPECT_FALSE(d.terrain);  // no chunk was sent: no blocks to blame
  std::string json = parity::report_json(c, parity::ReportContext{});
  EXPECT_NE(json.find("\"differ\":1"), std::string::npos) << json;
  EXPECT_NE(json.find("\"movement\":{\"decisions\":"), std::string::npos) << json;
  std::string text = parity::report_text(c, parity::ReportContext{}, 10);
  EXPECT_NE(text.find("movement: move 2"), std::string::npos) << text;
}

TEST(ParityCompare, APullBackAttributedToTheNextMoveIsTheSameDecision) {
  // The recorded server's answer crossed the client's next move on the wire.
  parity::ObservedSession recorded{{1, walk(true, 210)}};
  parity::ObservedSession horizon{{1, walk(true, 160)}};
  EXPECT_EQ(parity::compare_sessions(recorded, horizon).differ, 0);
}

TEST(ParityCompare, DifferentBlocksInTheMovesChunkBlameTerrain) {
  // Move 2 goes to z 30: chunk (0, 1).
  ChunkColumn plain(ChunkPos{0, 1});
  ChunkColumn changed(ChunkPos{0, 1});
  changed.set_block(1, 64, 1, 1);
  ObservedConnection recorded = walk(false);
  ObservedConnection horizon = walk(true);
  recorded.packets.insert(recorded.packets.begin() + 1, at(40, packet::play_cb::MapChunk{0, 1, chunk_body(plain)}));
  horizon.packets.insert(horizon.packets.begin() + 1, at(40, packet::play_cb::MapChunk{0, 1, chunk_body(changed)}));
  parity::ParityComparison c = parity::compare_sessions({{1, recorded}}, {{1, horizon}});
  ASSERT_EQ(c.differ, 1);
  EXPECT_TRUE(c.differences[0].terrain);
  EXPECT_EQ(c.terrain_differences, 1);
  EXPECT_NE(c.differences[0].cause.find("terrain differs at chunk (0, 1)"), std::string::npos) << c.differences[0].cause;
  // The same blocks on both sides: the rule is to blame.
  horizon.packets[1] = at(40, packet::play_cb::MapChunk{0, 1, chunk_body(plain)});
  c = parity::compare_sessions({{1, recorded}}, {{1, horizon}});
  ASSERT_EQ(c.differ, 1);
  EXPECT_FALSE(c.differences[0].terrain);
  EXPECT_NE(c.differences[0].cause.find("rule differs (both servers sent the same blocks"), std::string::npos);
}

TEST(ParityCompare, WhatCrossedTheClientsCloseIsNotCounted) {
  ObservedConnection recorded = walk(false);
  recorded.closed_micros = 1'000'000;
  recorded.close_reason = "client closed";
  ObservedConnection horizon = walk(false);
  horizon.packets.push_back(at(950, packet::play_cb::SystemChat{to_nbt(TextComponent::plain("Other left")), false}));
  EXPECT_EQ(parity::compare_sessions({{1, recorded}}, {{1, horizon}}).differ, 0);
  horizon.packets.back().micros = 800'000;  // well before the close: the client read it
  EXPECT_EQ(parity::compare_sessions({{1, recorded}}, {{1, horizon}}).differ, 1);
}

TEST(ParityEchoes, KeepAlivesMapInOrderAndWaitForHorizon) {
  ObservedConnection recorded;
  recorded.packets.push_back(at(0, packet::play_cb::KeepAlive{111}));
  recorded.packets.push_back(at(15000, packet::play_cb::KeepAlive{222}));
  EchoMapping echoes(recorded);
  EXPECT_EQ(echoes.keep_alive(111, false).outcome, EchoMapping::Outcome::kWait);
  echoes.horizon_keep_alive(9);
  EchoMapping::Answer first = echoes.keep_alive(111, false);
  EXPECT_EQ(first.outcome, EchoMapping::Outcome::kMapped);
  EXPECT_EQ(first.id, 9);
  EXPECT_EQ(echoes.keep_alive(222, true).outcome, EchoMapping::Outcome::kDrop);  // Horizon never sent a second
  EXPECT_EQ(echoes.keep_alive(333, false).id, 333);  // an id the recorded server never sent passes as is
}

TEST(ParityEchoes, TeleportsPairWithinASecondAndHorizonOnlyOnesAreAnswered) {
  ObservedConnection recorded;
  recorded.packets.push_back(at(1000, teleport(1, 0, 64, 0)));
  recorded.packets.push_back(at(5000, teleport(2, 0, 64, 0)));
  EchoMapping echoes(recorded);
  EXPECT_FALSE(echoes.horizon_teleport(41, 1'200'000));  // paired with recorded 1
  EXPECT_TRUE(echoes.horizon_teleport(42, 3'000'000));   // Horizon's own: nothing recorded near it
  EXPECT_EQ(echoes.teleport(1, false).id, 41);
  EXPECT_EQ(echoes.teleport(2, false).outcome, EchoMapping::Outcome::kWait);
  EXPECT_TRUE(echoes.horizon_teleport(43, 7'000'000));  // recorded 2 never came from Horizon
  EXPECT_EQ(echoes.teleport(2, false).outcome, EchoMapping::Outcome::kDrop);
}

}  // namespace
}  // namespace hz
