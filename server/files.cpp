#include "server/files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace hz {

std::optional<std::string> read_text_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream buf;
  buf << in.rdbuf();
  return buf.str();
}

std::optional<Bytes> read_binary_file(const std::filesystem::path& path) {
  auto text = read_text_file(path);
  if (!text) return std::nullopt;
  return Bytes(text->begin(), text->end());
}

std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::span<const uint8_t> bytes,
                                                 bool sync) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  std::filesystem::path temp = path;
  temp += ".tmp";
  int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return "cannot create " + temp.string() + ": " + std::strerror(errno);
  size_t written = 0;
  while (written < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::string err = "cannot write " + temp.string() + ": " + std::strerror(errno);
      ::close(fd);
      return err;
    }
    written += static_cast<size_t>(n);
  }
  if (sync && ::fsync(fd) != 0) {
    ::close(fd);
    return "cannot fsync " + temp.string();
  }
  ::close(fd);
  std::filesystem::rename(temp, path, ec);
  if (ec) return "cannot rename " + temp.string() + ": " + ec.message();
  if (sync && path.has_parent_path()) {
    int dir = ::open(path.parent_path().c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dir >= 0) {
      ::fsync(dir);
      ::close(dir);
    }
  }
  return std::nullopt;
}

}  // namespace hz
