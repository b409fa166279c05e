// The file side of world storage on a real folder: region files written, reopened and read back,
// oversized chunks in .mcc files, damaged files reported as errors, the storage thread's jobs and
// results, level.dat with its backup, and the session lock.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <map>

#include "server/files.h"
#include "server/storage/level_files.h"
#include "server/storage/region_files.h"
#include "server/storage/region_storage.h"
#include "sim/core/rng.h"
#include "sim/world/anvil/chunk_nbt.h"
#include "sim/world/biomes.h"
#include "tests/shell/temp_folder.h"

namespace hz {
namespace {

using anvil::ChunkAddress;
using anvil::StorageJobKind;
using anvil::StorageOutcome;

ChunkAddress at(int x, int z) {
  ChunkAddress a;
  a.pos = {x, z};
  return a;
}

Bytes payload(Rng& rng, size_t size) {
  Bytes b(size);
  for (auto& v : b) v = static_cast<uint8_t>(rng.next_below(256));
  return b;
}

struct Logged {
  std::vector<std::string> lines;
  StorageLog sink() {
    return [this](LogLevel, const std::string& line) { lines.push_back(line); };
  }
};

TEST(AnvilStorage, ChunksSurviveReopeningTheWorld) {
  testing::TempFolder world{"hz_anvil_"};
  Logged log;
  Rng rng(5);
  std::map<std::pair<int, int>, Bytes> written;
  {
    RegionFiles files({world.path(), true, anvil::ChunkCodec::kZlib, 256}, log.sink());
    for (int i = 0; i < 60; ++i) {
      const int x = static_cast<int>(rng.next_below(80)) - 40, z = static_cast<int>(rng.next_below(80)) - 40;
      const Bytes data = payload(rng, rng.next_below(30000));
      ASSERT_TRUE(files.stage_chunk(at(x, z), data).ok());
      written[{x, z}] = data;
      if (i % 7 == 0) {
        EXPECT_TRUE(files.commit().empty());
      }
    }
    // Reads see staged writes before the commit.
    const auto& [pos, data] = *written.begin();
    const auto seen = files.read_chunk(at(pos.first, pos.second));
    EXPECT_EQ(seen.outcome, StorageOutcome::kData);
    EXPECT_EQ(seen.nbt, data);
  }
  RegionFiles reopened({world.path(), true, anvil::ChunkCodec::kZlib, 256}, log.sink());
  for (const auto& [pos, data] : written) {
    const auto seen = reopened.read_chunk(at(pos.first, pos.second));
    ASSERT_EQ(seen.outcome, StorageOutcome::kData) << seen.message;
    EXPECT_EQ(seen.nbt, data);
  }
  EXPECT_EQ(reopened.read_chunk(at(1000, 1000)).outcome, StorageOutcome::kAbsent);
  const auto folder = world.path() / "dimensions/minecraft/overworld/region";
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    anvil::RegionPos pos;
    EXPECT_TRUE(anvil::parse_region_file_name(entry.path().filename().string(), pos)) << entry.path();
    EXPECT_EQ(std::filesystem::file_size(entry.path()) % anvil::kSectorBytes, 0u);
  }
  EXPECT_TRUE(std::filesystem::exists(folder / "r.-1.-1.mca"));
  EXPECT_TRUE(log.lines.empty());
}

TEST(AnvilStorage, OversizedChunksUseAnExternalFileUntilTheyShrink) {
  testing::TempFolder world{"hz_anvil_"};
  Logged log;
  RegionFiles files({world.path(), false, anvil::ChunkCodec::kNone, 256}, log.sink());
  Rng rng(9);
  const Bytes big = payload(rng, 1'200'000);
  ASSERT_TRUE(files.write_chunk(at(3, 4), big).ok());
  const auto mcc = world.path() / "dimensions/minecraft/overworld/region/c.3.4.mcc";
  EXPECT_TRUE(std::filesystem::exists(mcc));
  EXPECT_EQ(files.read_chunk(at(3, 4)).nbt, big);
  ASSERT_FALSE(log.lines.empty());
  EXPECT_NE(log.lines[0].find("Saving oversized chunk"), std::string::npos);
  const Bytes small = payload(rng, 100);
  ASSERT_TRUE(files.write_chunk(at(3, 4), small).ok());
  EXPECT_FALSE(std::filesystem::exists(mcc)) << "a later small save deletes the .mcc";
  EXPECT_EQ(files.read_chunk(at(3, 4)).nbt, small);
  ASSERT_TRUE(files.write_chunk(at(3, 4), Bytes{}).ok());
  EXPECT_EQ(files.read_chunk(at(3, 4)).outcome, StorageOutcome::kAbsent) << "an empty write clears";
}

TEST(AnvilStorage, DamagedFilesGiveErrorsNotCrashes) {
  testing::TempFolder world{"hz_anvil_"};
  Logged log;
  {
    RegionFiles files({world.path(), false, anvil::ChunkCodec::kZlib, 256}, log.sink());
    ASSERT_TRUE(files.write_chunk(at(0, 0), Bytes(5000, 1)).ok());
    ASSERT_TRUE(files.write_chunk(at(1, 0), Bytes(5000, 2)).ok());
    ASSERT_TRUE(files.write_chunk(at(2, 0), Bytes(5000, 3)).ok());
  }
  const auto path = world.path() / "dimensions/minecraft/overworld/region/r.0.0.mca";
  Bytes file = *read_binary_file(path);
  const uint32_t first1 = (uint32_t{file[4]} << 16) | (uint32_t{file[5]} << 8) | file[6];
  file[first1 * 4096 + 4] = 9;                                   // chunk 1: unknown codec
  const uint32_t first2 = (uint32_t{file[8]} << 16) | (uint32_t{file[9]} << 8) | file[10];
  file[first2 * 4096 + 6] ^= 0xFF;                               // chunk 2: corrupt zlib data
  file[12] = 0x7F, file[13] = 0, file[14] = 0, file[15] = 1;     // chunk 3: beyond the end
  ASSERT_FALSE(write_file_atomically(path, file, false).has_value());
  RegionFiles files({world.path(), false, anvil::ChunkCodec::kZlib, 256}, log.sink());
  EXPECT_EQ(files.read_chunk(at(0, 0)).outcome, StorageOutcome::kData);
  const auto bad_codec = files.read_chunk(at(1, 0));
  EXPECT_EQ(bad_codec.outcome, StorageOutcome::kError);
  EXPECT_NE(bad_codec.message.find("invalid chunk stream version"), std::string::npos);
  EXPECT_EQ(files.read_chunk(at(2, 0)).outcome, StorageOutcome::kError);
  EXPECT_EQ(files.read_chunk(at(3, 0)).outcome, StorageOutcome::kAbsent) << "dropped at open";
  bool out_of_bounds_logged = false;
  for (const auto& line : log.lines) out_of_bounds_logged |= line.find("out of bounds") != std::string::npos;
  EXPECT_TRUE(out_of_bounds_logged);
  // Damaged chunks are regenerated and saved over: that works on the damaged file.
  ASSERT_TRUE(files.write_chunk(at(1, 0), Bytes(10, 7)).ok());
  EXPECT_EQ(files.read_chunk(at(1, 0)).nbt, Bytes(10, 7));
}

TEST(AnvilStorage, FewRegionsStayOpenAndNothingIsLost) {
  testing::TempFolder world{"hz_anvil_"};
  Logged log;
  RegionFiles files({world.path(), false, anvil::ChunkCodec::kLz4, 2}, log.sink());
  for (int r = 0; r < 6; ++r) {
    ASSERT_TRUE(files.write_chunk(at(r * 32, 0), Bytes(300, static_cast<uint8_t>(r))).ok());
    EXPECT_LE(files.open_region_count(), 2u);
  }
  for (int r = 0; r < 6; ++r) EXPECT_EQ(files.read_chunk(at(r * 32, 0)).nbt, Bytes(300, static_cast<uint8_t>(r)));
}

TEST(AnvilStorage, TheStorageThreadAnswersJobsInOrder) {
  testing::TempFolder world{"hz_anvil_"};
  Logged log;
  std::mutex mutex;
  std::vector<JobCompleted> done;
  RegionStorage storage({world.path(), true, anvil::ChunkCodec::kZlib, 256},
                        [&](JobCompleted j) {
                          std::lock_guard lock(mutex);
                          done.push_back(std::move(j));
                        },
                        log.sink());
  storage.start();
  const ChunkColumn column(ChunkPos{7, -9}, plains_biome_id());
  const Bytes nbt = anvil::encode_chunk(column, {});
  anvil::StorageRequest read{StorageJobKind::kReadChunk, at(7, -9), {}, {}};
  anvil::StorageRequest write{StorageJobKind::kWriteChunk, at(7, -9), nbt, {}};
  EXPECT_TRUE(storage.submit(anvil::storage_job(1, read)));
  EXPECT_TRUE(storage.submit(anvil::storage_job(2, write)));
  EXPECT_TRUE(storage.submit(anvil::storage_job(3, read)));
  EXPECT_TRUE(storage.submit(anvil::storage_job(4, anvil::StorageRequest{StorageJobKind::kFlush, {}, {}, {}})));
  EXPECT_FALSE(storage.submit(SubmitJob{5, 1, {}})) << "not a storage kind";
  storage.write_file(StorageWrite{"data/minecraft/game_rules.dat", anvil::encode_game_rules({}), true});
  storage.flush();
  storage.stop();
  ASSERT_EQ(done.size(), 4u);
  std::map<JobId, anvil::StorageResult> results;
  for (const JobCompleted& j : done) {
    auto r = anvil::decode_result(j.result);
    ASSERT_TRUE(r.ok());
    results[j.job] = *r;
  }
  EXPECT_EQ(results[1].outcome, StorageOutcome::kAbsent);
  EXPECT_EQ(results[2].outcome, StorageOutcome::kDone);
  EXPECT_EQ(results[3].outcome, StorageOutcome::kData);
  EXPECT_EQ(results[3].nbt, nbt) << "the read after the write sees it; replay needs only these bytes";
  auto chunk = anvil::decode_chunk(results[3].nbt, {7, -9});
  ASSERT_TRUE(chunk.ok());
  EXPECT_EQ(results[4].outcome, StorageOutcome::kDone);
  EXPECT_TRUE(std::filesystem::exists(world.path() / "data/minecraft/game_rules.dat"));
}

TEST(AnvilStorage, LevelDatKeepsItsPredecessorAndFallsBackToIt) {
  testing::TempFolder world{"hz_anvil_"};
  EXPECT_FALSE(load_level(world.path())->has_value()) << "no files: a new world";
  anvil::LevelData first;
  first.level_name = "first";
  anvil::LevelData second = first;
  second.level_name = "second";
  ASSERT_TRUE(write_world_file(world.path(), {"level.dat", anvil::encode_level_dat(first), true}).ok());
  ASSERT_TRUE(write_world_file(world.path(), {"level.dat", anvil::encode_level_dat(second), true}).ok());
  auto loaded = load_level(world.path());
  ASSERT_TRUE(loaded.ok() && loaded->has_value());
  EXPECT_EQ((*loaded)->level.level_name, "second");
  auto old = anvil::decode_level_dat(*read_binary_file(world.path() / "level.dat_old"));
  ASSERT_TRUE(old.ok());
  EXPECT_EQ(old->level_name, "first");

  ASSERT_FALSE(write_file_atomically(world.path() / "level.dat", Bytes{1, 2, 3}, false).has_value());
  auto recovered = load_level(world.path());
  ASSERT_TRUE(recovered.ok() && recovered->has_value()) << (recovered.ok() ? "" : recovered.error());
  EXPECT_TRUE((*recovered)->from_backup);
  EXPECT_EQ((*recovered)->level.level_name, "first");
  EXPECT_TRUE(anvil::decode_level_dat(*read_binary_file(world.path() / "level.dat")).ok()) << "restored";

  EXPECT_FALSE(write_world_file(world.path(), {"../escape.dat", Bytes{1}, false}).ok());
  EXPECT_FALSE(write_world_file(world.path(), {"/tmp/abs.dat", Bytes{1}, false}).ok());
}

TEST(AnvilStorage, SessionLockRefusesASecondProcess) {
  testing::TempFolder world{"hz_anvil_"};
  auto lock = SessionLock::acquire(world.path());
  ASSERT_TRUE(lock.ok()) << lock.error();
  EXPECT_EQ(*read_binary_file(world.path() / "session.lock"), (Bytes{0xE2, 0x98, 0x83}));
  const pid_t child = ::fork();
  if (child == 0) _exit(SessionLock::acquire(world.path()).ok() ? 0 : 3);
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 3) << "a second process cannot take the lock";
}

}  // namespace
}  // namespace hz
