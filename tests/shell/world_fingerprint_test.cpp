// The world fingerprint a trace header carries: the same files give the same number whatever order
// they were written in, any change of name or content changes it, and session.lock is left out.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "server/world_fingerprint.h"

namespace hz {
namespace {

class WorldFingerprint : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            ("hz-fingerprint-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(root_);
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  std::filesystem::path world(const std::string& name) { return root_ / name; }
  static void write(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }
  static uint64_t fingerprint(const std::filesystem::path& w) {
    auto f = world_fingerprint(w);
    EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.error());
    return f.ok() ? *f : 0;
  }

  std::filesystem::path root_;
};

TEST_F(WorldFingerprint, SameFilesInAnyOrderGiveTheSameNumber) {
  write(world("a") / "level.dat", "level");
  write(world("a") / "dimensions/minecraft/overworld/region/r.0.0.mca", std::string(3 << 20, 'x'));
  write(world("b") / "dimensions/minecraft/overworld/region/r.0.0.mca", std::string(3 << 20, 'x'));
  write(world("b") / "level.dat", "level");
  EXPECT_EQ(fingerprint(world("a")), fingerprint(world("b")));
}

TEST_F(WorldFingerprint, ContentNamesAndSizesCount) {
  write(world("a") / "level.dat", "level");
  const uint64_t base = fingerprint(world("a"));
  write(world("a") / "level.dat", "lever");
  const uint64_t changed = fingerprint(world("a"));
  EXPECT_NE(changed, base);
  write(world("a") / "level.dat", "level");
  EXPECT_EQ(fingerprint(world("a")), base);
  std::filesystem::rename(world("a") / "level.dat", world("a") / "level.dat_old");
  EXPECT_NE(fingerprint(world("a")), base);
  // A byte moved from one file's end to the next file's start is a different world.
  write(world("c") / "a", "xy");
  write(world("c") / "b", "z");
  write(world("d") / "a", "x");
  write(world("d") / "b", "yz");
  EXPECT_NE(fingerprint(world("c")), fingerprint(world("d")));
}

TEST_F(WorldFingerprint, SessionLockIsLeftOut) {
  write(world("a") / "level.dat", "level");
  const uint64_t base = fingerprint(world("a"));
  write(world("a") / "session.lock", "\xe2\x98\x83");
  EXPECT_EQ(fingerprint(world("a")), base);
}

TEST_F(WorldFingerprint, AMissingFolderIsAnErrorNamingIt) {
  auto f = world_fingerprint(world("absent"));
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.error().find("absent"), std::string::npos) << f.error();
}

}  // namespace
}  // namespace hz
