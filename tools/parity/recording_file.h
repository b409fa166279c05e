// The recording on disk: the preamble when opened, a frame whenever one fills, and the open
// frame every second and at the end, so a proxy that is killed loses at most a second.
#pragma once

#include <cstdio>
#include <optional>
#include <string>

#include "tools/parity/recording.h"

namespace hz::parity {

class RecordingFile {
 public:
  // Creates (truncates) `path`; error() says why it could not.
  RecordingFile(const std::string& path, const RecordingHeader& header);
  ~RecordingFile();
  RecordingFile(const RecordingFile&) = delete;
  RecordingFile& operator=(const RecordingFile&) = delete;

  const std::optional<std::string>& error() const { return error_; }
  void add(const Event& event);
  // Writes the open frame and hands everything to the kernel.
  void flush();
  void close();

 private:
  void write(const Bytes& bytes);

  std::FILE* file_ = nullptr;
  RecordingEncoder encoder_;
  std::optional<std::string> error_;
};

}  // namespace hz::parity
