#include "tools/parity/recording_file.h"

#include <cerrno>
#include <cstring>

namespace hz::parity {

RecordingFile::RecordingFile(const std::string& path, const RecordingHeader& header) {
  file_ = std::fopen(path.c_str(), "wb");
  if (!file_) {
    error_ = "cannot create " + path + ": " + std::strerror(errno);
    return;
  }
  write(encode_recording_preamble(header));
  flush();
}

RecordingFile::~RecordingFile() { close(); }

void RecordingFile::add(const Event& event) {
  if (auto frame = encoder_.add(event)) write(*frame);
}

void RecordingFile::flush() {
  if (!file_) return;
  if (auto frame = encoder_.flush()) write(*frame);
  if (std::fflush(file_) != 0 && !error_) error_ = std::string("write failed: ") + std::strerror(errno);
}

void RecordingFile::close() {
  if (!file_) return;
  flush();
  if (std::fclose(file_) != 0 && !error_) error_ = std::string("close failed: ") + std::strerror(errno);
  file_ = nullptr;
}

void RecordingFile::write(const Bytes& bytes) {
  if (!file_) return;
  if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() && !error_)
    error_ = std::string("write failed: ") + std::strerror(errno);
}

}  // namespace hz::parity
