// A broken invariant in the live server: the shell's handler writes a crash report naming the
// check and exits with status 1 (run in a death-test child so the test binary survives).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/crash_report.h"
#include "sim/core/check.h"

namespace hz {
namespace {

std::filesystem::path fresh_folder(const std::string& name) {
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("hz_crash_" + name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

std::string only_report(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder / "crash-reports")) files.push_back(entry.path());
  EXPECT_EQ(files.size(), 1u);
  if (files.empty()) return {};
  std::ifstream in(files[0]);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void violate(int chunk_state) {
  HZ_CHECK(chunk_state < 3, "chunk state " + std::to_string(chunk_state) + " is past FULL");
}

TEST(CrashReport, ABrokenInvariantWritesAReportAndExitsWithStatusOne) {
  // The default ("fast") style forks without re-running the test, so the child writes into the
  // folder the parent made (this binary has no threads running here).
  std::filesystem::path folder = fresh_folder("invariant");
  EXPECT_EXIT(
      {
        Logger logger(folder);
        install_invariant_crash_handler(folder, logger);
        violate(7);
      },
      ::testing::ExitedWithCode(1), "");
  std::string report = only_report(folder);
  EXPECT_NE(report.find("---- Minecraft Crash Report ----"), std::string::npos) << report;
  EXPECT_NE(report.find("chunk_state < 3"), std::string::npos) << report;
  EXPECT_NE(report.find("chunk state 7 is past FULL"), std::string::npos) << report;
  EXPECT_NE(report.find("crash_report_test.cpp"), std::string::npos) << report;
  std::filesystem::remove_all(folder);
}

TEST(CrashReport, WithoutTheShellsHandlerABrokenInvariantAborts) {
  set_check_failure_handler(nullptr);
  EXPECT_DEATH(violate(4), "Invariant violated at .*chunk_state < 3.*chunk state 4 is past FULL");
}


}  // namespace
}  // namespace hz
