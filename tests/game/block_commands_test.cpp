// /setblock and /fill from the console: vanilla's texts, modes, the volume limit, and changes that
// go through the world's block path (viewers told, chunk saved).
#include <gtest/gtest.h>

#include <cmath>

#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::packet_id_of;
using testing::StreamingServer;

struct CommandWorld {
  StreamingServer s{3};
  int ground = 0;  // y of the block under the spawn
  CommandWorld() {
    s.prepare_spawn();
    ground = static_cast<int>(std::floor(s.world().spawn_point().y)) - 1;
  }
  std::vector<std::string> run(const std::string& line) {
    s.pass({ConsoleLine{line}});
    return s.h.sink.logs();
  }
};

TEST(BlockCommands, SetblockChangesTheBlockAndSaysWhere) {
  CommandWorld w;
  const std::string at = "1 " + std::to_string(w.ground) + " 2";
  EXPECT_EQ(w.run("setblock " + at + " minecraft:oak_log[axis=x]"),
            std::vector<std::string>{"Changed the block at 1, " + std::to_string(w.ground) + ", 2"});
  const BlockStateId placed = w.s.world().block_at({1, w.ground, 2});
  EXPECT_EQ(block_info(block_of_state(placed)).name, "oak_log");
  EXPECT_EQ(state_property(placed, "axis"), "x");
  EXPECT_EQ(w.run("setblock " + at + " oak_log[axis=x]"), std::vector<std::string>{"Could not set the block"});
  EXPECT_EQ(w.run("setblock " + at + " stone keep"), std::vector<std::string>{"Could not set the block"});
  EXPECT_EQ(w.run("setblock 1 400 2 stone"), std::vector<std::string>{"That position is out of this world!"});
  EXPECT_EQ(w.run("setblock 5000 70 5000 stone"), std::vector<std::string>{"That position is not loaded"});
  auto unknown = w.run("setblock " + at + " minecraft:not_a_block");
  ASSERT_FALSE(unknown.empty());
  EXPECT_EQ(unknown[0], "Unknown block type 'minecraft:not_a_block'");
}

TEST(BlockCommands, FillCountsWhatChangedAndKeepsToTheLimit) {
  CommandWorld w;
  const int y = w.ground + 1;
  const std::string box = "0 " + std::to_string(y) + " 0 2 " + std::to_string(y + 2) + " 2";
  EXPECT_EQ(w.run("fill " + box + " stone"), std::vector<std::string>{"Successfully filled 27 block(s)"});
  EXPECT_EQ(w.run("fill " + box + " stone"), std::vector<std::string>{"No blocks were filled"});
  EXPECT_EQ(w.run("fill " + box + " glass hollow"), std::vector<std::string>{"Successfully filled 27 block(s)"});
  EXPECT_TRUE(is_air(w.s.world().block_at({1, y + 1, 1})));  // hollow empties the inside
  EXPECT_EQ(w.run("fill " + box + " dirt outline"), std::vector<std::string>{"Successfully filled 26 block(s)"});
  EXPECT_EQ(w.run("fill 0 0 0 40 40 40 stone"),
            std::vector<std::string>{"Too many blocks in the specified area (maximum 32768, specified 68921)"});
  EXPECT_EQ(w.run("gamerule max_block_modifications 100000").size(), 1u);
  EXPECT_EQ(w.run("fill 0 0 0 40 40 40 stone"), std::vector<std::string>{"That position is not loaded"});
}

TEST(BlockCommands, ChangesReachPlayersAndTheSave) {
  CommandWorld w;
  testing::TestClient alice = w.s.join(1, "Alice", 3);
  for (int i = 0; i < 200 && !w.s.world().is_chunk_tracked(1, {0, 0}); ++i) w.s.pass();
  ASSERT_TRUE(w.s.world().is_chunk_tracked(1, {0, 0}));
  w.run("fill 0 " + std::to_string(w.ground + 1) + " 0 1 " + std::to_string(w.ground + 1) + " 0 stone");
  int sections = 0;
  for (const Bytes& body : alice.received(w.s.h.sink))
    sections += packet_id_of(body) == packet::play_cb::MultiBlockChange::kId;
  EXPECT_EQ(sections, 1);
  const int writes_before = w.s.jobs.writes;
  w.run("save-all flush");
  for (int i = 0; i < 5; ++i) w.s.pass();
  EXPECT_GT(w.s.jobs.writes, writes_before);
}

}  // namespace
}  // namespace hz
