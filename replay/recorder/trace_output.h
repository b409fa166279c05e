// Where the trace writer puts finished bytes: files in a folder (the live server) or memory
// (tests). Each write is handed to the operating system before it returns.
#pragma once

#include <cstdio>
#include <filesystem>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz {

class TraceOutput {
 public:
  virtual ~TraceOutput() = default;
  virtual Status begin_file(const std::string& name) = 0;
  virtual Status write(std::span<const uint8_t> bytes) = 0;
  virtual Status end_file() = 0;
};

// Files in one folder; a name that already exists is refused rather than overwritten.
class DirectoryOutput final : public TraceOutput {
 public:
  explicit DirectoryOutput(std::filesystem::path folder) : folder_(std::move(folder)) {}
  ~DirectoryOutput() override;
  Status begin_file(const std::string& name) override;
  Status write(std::span<const uint8_t> bytes) override;
  Status end_file() override;
  // Paths of the files begun so far.
  const std::vector<std::filesystem::path>& files() const { return files_; }

 private:
  std::filesystem::path folder_;
  std::FILE* file_ = nullptr;
  std::vector<std::filesystem::path> files_;
};

// Files kept in memory, for tests and for tools that build a trace before saving it.
class MemoryOutput final : public TraceOutput {
 public:
  struct File {
    std::string name;
    Bytes bytes;
  };
  Status begin_file(const std::string& name) override;
  Status write(std::span<const uint8_t> bytes) override;
  Status end_file() override { return Status::success(); }
  std::vector<File> files;
};

}  // namespace hz
