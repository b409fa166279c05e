#include "replay/recorder/trace_output.h"

#include <cerrno>
#include <cstring>

namespace hz {

DirectoryOutput::~DirectoryOutput() {
  if (file_) std::fclose(file_);
}

Status DirectoryOutput::begin_file(const std::string& name) {
  if (file_) {
    if (Status s = end_file(); !s) return s;
  }
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  if (ec) return Error{"cannot create " + folder_.string() + ": " + ec.message()};
  std::filesystem::path path = folder_ / name;
  file_ = std::fopen(path.c_str(), "wbx");  // x: never overwrite an earlier trace
  if (!file_) return Error{"cannot create " + path.string() + ": " + std::strerror(errno)};
  files_.push_back(path);
  return Status::success();
}

Status DirectoryOutput::write(std::span<const uint8_t> bytes) {
  if (!file_) return Error{"no trace file is open"};
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() || std::fflush(file_) != 0)
    return Error{"cannot write " + files_.back().string() + ": " + std::strerror(errno)};
  return Status::success();
}

Status DirectoryOutput::end_file() {
  if (!file_) return Status::success();
  int rc = std::fclose(file_);
  file_ = nullptr;
  if (rc != 0) return Error{"cannot close " + files_.back().string() + ": " + std::strerror(errno)};
  return Status::success();
}

Status MemoryOutput::begin_file(const std::string& name) {
  files.push_back(File{name, {}});
  return Status::success();
}

Status MemoryOutput::write(std::span<const uint8_t> bytes) {
  if (files.empty()) return Error{"no trace file is open"};
  files.back().bytes.insert(files.back().bytes.end(), bytes.begin(), bytes.end());
  return Status::success();
}

}  // namespace hz
