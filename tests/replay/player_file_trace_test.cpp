// A player who has a file joins, is placed from it, and leaves (their file is written again),
// recorded through the real recorder: the file's bytes enter only as the read job's result, so
// the replay, which reads no files, must be identical.
#include <gtest/gtest.h>

#include "sim/data/catalog.h"
#include "sim/game/player_data.h"
#include "sim/game/player_identity.h"
#include "sim/game/sessions.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

struct PlayerFileSession {
  RecordedSession recorded;
  std::optional<Player> placed;  // the player as the join placed them
  Bytes written;                 // the file written when they left
};

PlayerFileSession record_player_file_session(const Bytes& file) {
  LiveSession session({.name = "player-file", .clock_seed = 3, .jobs_seed = 9});
  const std::string path = player_data_path(offline_player_uuid("Returner"));
  session.jobs().player_files[path] = file;
  PlayerFileSession out;
  session.pass({ConnectionOpened{kPlayer, "127.0.0.1:50002"}});
  session.pass({BytesReceived{kPlayer, join_stream("Returner", kLiveThreshold, "help")}});
  for (int i = 0; i < 20 && !session.core().sessions().player(kPlayer); ++i) session.pass();
  if (const Player* p = session.core().sessions().player(kPlayer)) out.placed = *p;
  session.passes(10);
  session.jobs().player_files.erase(path);  // what the player's leaving writes lands here
  session.pass({ConnectionClosed{kPlayer}});
  if (session.jobs().player_files.contains(path)) out.written = session.jobs().player_files[path];
  out.recorded = session.finish();
  return out;
}

TEST(PlayerFileTrace, AJoinFromAPlayerFileReplaysIdentically) {
  Player saved;
  saved.uuid = offline_player_uuid("Returner");
  saved.position = {3.5, 90.25, -4.5};
  saved.yaw = 45.0f;
  saved.game_mode = GameMode::kCreative;
  saved.health = 7.0f;
  // Hungry enough that natural regeneration leaves the saved health alone during the session.
  saved.food_level = 10;
  saved.saturation = 0.0f;
  saved.inventory[kFirstHotbarSlot + 1] = ItemStack{*item_id("glass"), 9};
  const Bytes file = encode_player_file(player_to_nbt(saved, PlayerSaveContext{}));
  PlayerFileSession session = record_player_file_session(file);
  // The file really placed the player, and leaving wrote it again.
  ASSERT_TRUE(session.placed.has_value());
  EXPECT_EQ(session.placed->position, saved.position);
  EXPECT_EQ(session.placed->game_mode, GameMode::kCreative);
  EXPECT_EQ(session.placed->health, 7.0f);
  EXPECT_EQ(session.placed->inventory[kFirstHotbarSlot + 1], (ItemStack{*item_id("glass"), 9}));
  ASSERT_FALSE(session.written.empty());
  auto again = decode_player_file(session.written);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(saved_player_from_nbt(*again).health, 7.0f);
  expect_identical(session.recorded);
}

}  // namespace
}  // namespace hz::testing
