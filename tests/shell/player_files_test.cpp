// Player files on disk: each save keeps the previous file as <uuid>.dat_old; a read falls back to
// it when <uuid>.dat is missing or damaged, keeping a copy of the damaged file, as vanilla does.
#include <gtest/gtest.h>

#include <filesystem>

#include "server/files.h"
#include "server/storage/level_files.h"
#include "server/storage/player_files.h"
#include "sim/game/player_data.h"
#include "tests/shell/temp_folder.h"

namespace hz {
namespace {

Bytes file_of(float health) {
  Player p;
  p.uuid = Uuid{5, 6};
  p.health = health;
  return encode_player_file(player_to_nbt(p, PlayerSaveContext{}));
}

const std::string kPath = player_data_path(Uuid{5, 6});

TEST(PlayerFiles, EachSaveKeepsThePreviousFileAsDatOld) {
  testing::TempFolder world{"hz_players_"};
  ASSERT_TRUE(write_world_file(world.path(), StorageWrite{kPath, file_of(10.0f), false}));
  EXPECT_FALSE(std::filesystem::exists(world.path() / (kPath + "_old")));
  ASSERT_TRUE(write_world_file(world.path(), StorageWrite{kPath, file_of(12.0f), true}));
  EXPECT_EQ(*read_binary_file(world.path() / kPath), file_of(12.0f));
  EXPECT_EQ(*read_binary_file(world.path() / (kPath + "_old")), file_of(10.0f));
  // No temporary file is left behind.
  int files = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(world.path() / "players/data")) ++files;
  EXPECT_EQ(files, 2);
}

TEST(PlayerFiles, ReadingFindsTheFileOrReportsItAbsent) {
  testing::TempFolder world{"hz_players_"};
  anvil::StorageResult none = read_player_file(world.path(), kPath);
  EXPECT_EQ(none.outcome, anvil::StorageOutcome::kAbsent);
  EXPECT_TRUE(none.message.empty());
  ASSERT_TRUE(write_world_file(world.path(), StorageWrite{kPath, file_of(9.0f), false}));
  anvil::StorageResult found = read_player_file(world.path(), kPath);
  EXPECT_EQ(found.outcome, anvil::StorageOutcome::kData);
  EXPECT_EQ(found.nbt, file_of(9.0f));
  EXPECT_TRUE(found.message.empty());
}

TEST(PlayerFiles, ADamagedFileIsCopiedAsideAndDatOldIsUsed) {
  testing::TempFolder world{"hz_players_"};
  ASSERT_TRUE(write_world_file(world.path(), StorageWrite{kPath, file_of(9.0f), false}));
  ASSERT_TRUE(write_world_file(world.path(), StorageWrite{kPath, file_of(4.0f), false}));
  Bytes damaged = file_of(4.0f);
  damaged.resize(damaged.size() / 2);
  ASSERT_FALSE(write_file_atomically(world.path() / kPath, damaged, false).has_value());
  anvil::StorageResult result = read_player_file(world.path(), kPath);
  EXPECT_EQ(result.outcome, anvil::StorageOutcome::kData);
  EXPECT_EQ(result.nbt, file_of(9.0f));  // the previous save
  EXPECT_NE(result.message.find("00000000-0000-0005-0000-000000000006.dat is not a readable gzip stream"),
            std::string::npos)
      << result.message;
  EXPECT_NE(result.message.find("using 00000000-0000-0005-0000-000000000006.dat_old"), std::string::npos);
  // The damaged file stays, and a copy is kept beside it.
  EXPECT_EQ(*read_binary_file(world.path() / kPath), damaged);
  bool copied = false;
  for (const auto& entry : std::filesystem::directory_iterator(world.path() / "players/data"))
    copied |= entry.path().filename().string().starts_with("00000000-0000-0005-0000-000000000006_corrupted_") &&
              *read_binary_file(entry.path()) == damaged;
  EXPECT_TRUE(copied);
}

TEST(PlayerFiles, BothUnreadableMeansANewPlayerWithTheReasons) {
  testing::TempFolder world{"hz_players_"};
  std::filesystem::create_directories(world.path() / "players/data");
  ASSERT_FALSE(write_file_atomically(world.path() / kPath, Bytes{1, 2, 3}, false).has_value());
  ASSERT_FALSE(write_file_atomically(world.path() / (kPath + "_old"), Bytes{4, 5}, false).has_value());
  anvil::StorageResult result = read_player_file(world.path(), kPath);
  EXPECT_EQ(result.outcome, anvil::StorageOutcome::kAbsent);
  EXPECT_NE(result.message.find(".dat is not readable NBT"), std::string::npos) << result.message;
  EXPECT_NE(result.message.find(".dat_old is not readable NBT"), std::string::npos) << result.message;
}

TEST(PlayerFiles, OnlyPlayerDataPathsAreRead) {
  testing::TempFolder world{"hz_players_"};
  EXPECT_EQ(read_player_file(world.path(), "level.dat").outcome, anvil::StorageOutcome::kError);
  EXPECT_EQ(read_player_file(world.path(), "players/data/../../x.dat").outcome, anvil::StorageOutcome::kError);
}

}  // namespace
}  // namespace hz
