// The shell's side of the list files: whole files written into the server folder, server.properties
// updated key by key (other keys and overrides untouched), reads answered with a presence byte, and
// nothing written or read outside the folder.
#include <gtest/gtest.h>

#include <fstream>

#include "server/files.h"
#include "server/server_folder_files.h"
#include "sim/core/properties.h"
#include "sim/core/server_files.h"

namespace hz {
namespace {

class ServerFolderFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() /
            ("hz-server-folder-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_ / "universe");
    where_ = ServerFolder{root_ / "universe", root_ / "universe" / "server.properties"};
  }
  void TearDown() override { std::filesystem::remove_all(root_); }

  static StorageWrite server_write(const std::string& path, const std::string& text) {
    return StorageWrite{path, Bytes(text.begin(), text.end()), false, StorageFolder::kServer};
  }
  static Bytes name(const std::string& file) { return Bytes(file.begin(), file.end()); }

  std::filesystem::path root_;
  ServerFolder where_;
};

TEST_F(ServerFolderFiles, AListFileIsWrittenWholeAndReadBack) {
  ASSERT_TRUE(write_server_folder_file(where_, server_write("ops.json", "[]"), "date").ok());
  EXPECT_EQ(read_text_file(where_.folder / "ops.json"), "[]");
  ASSERT_TRUE(write_server_folder_file(where_, server_write("ops.json", "[\n  {}\n]"), "date").ok());
  EXPECT_EQ(decode_server_file_result(read_server_folder_file(where_, name("ops.json"))), "[\n  {}\n]");
}

TEST_F(ServerFolderFiles, AMissingFileReadsAsAbsent) {
  EXPECT_EQ(decode_server_file_result(read_server_folder_file(where_, name("whitelist.json"))), std::nullopt);
  std::ofstream(where_.folder / "whitelist.json") << "";
  EXPECT_EQ(decode_server_file_result(read_server_folder_file(where_, name("whitelist.json"))), "");
}

TEST_F(ServerFolderFiles, NothingOutsideTheFolder) {
  std::ofstream(root_ / "secret.txt") << "keep out";
  EXPECT_FALSE(write_server_folder_file(where_, server_write("../secret.txt", "x"), "date").ok());
  EXPECT_FALSE(write_server_folder_file(where_, server_write("world/level.dat", "x"), "date").ok());
  EXPECT_EQ(read_text_file(root_ / "secret.txt"), "keep out");
  EXPECT_EQ(decode_server_file_result(read_server_folder_file(where_, name("../secret.txt"))), std::nullopt);
}

TEST_F(ServerFolderFiles, APropertiesWriteChangesOnlyItsKeys) {
  std::ofstream(where_.properties_file) << "#old comment\nmotd=Hello there\nwhite-list=false\nserver-port=25570\n";
  ASSERT_TRUE(write_server_folder_file(where_, server_write("server.properties", "white-list=true\n"), "Tue Dec 01").ok());
  auto text = read_text_file(where_.properties_file);
  ASSERT_TRUE(text.has_value());
  EXPECT_TRUE(text->starts_with("#Minecraft server properties\n#Tue Dec 01\n")) << *text;
  auto pairs = parse_properties_text(*text);
  EXPECT_EQ(pairs["white-list"], "true");
  EXPECT_EQ(pairs["motd"], "Hello there");
  EXPECT_EQ(pairs["server-port"], "25570");
  EXPECT_EQ(pairs.size(), 3u);
}

TEST_F(ServerFolderFiles, APropertiesWriteGoesToTheFileNamedOnTheCommandLine) {
  where_.properties_file = root_ / "elsewhere.properties";
  ASSERT_TRUE(write_server_folder_file(where_, server_write("server.properties", "white-list=false\n"), "d").ok());
  EXPECT_EQ(parse_properties_text(read_text_file(root_ / "elsewhere.properties").value_or(""))["white-list"], "false");
  EXPECT_FALSE(std::filesystem::exists(where_.folder / "server.properties"));
}

}  // namespace
}  // namespace hz
