#include "server/world_fingerprint.h"

#include <algorithm>
#include <fstream>
#include <vector>

#include "sim/core/hash.h"

namespace hz {

Result<uint64_t> world_fingerprint(const std::filesystem::path& world) {
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(world, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (it->is_regular_file(ec) && it->path().filename() != "session.lock")
      files.push_back(std::filesystem::relative(it->path(), world));
  }
  if (ec) return Error{"cannot list " + world.string() + ": " + ec.message()};
  std::sort(files.begin(), files.end());  // directory order differs between file systems

  Hasher h;
  std::vector<char> block(1 << 20);
  for (const std::filesystem::path& name : files) {
    std::ifstream in(world / name, std::ios::binary);
    if (!in) return Error{"cannot read " + (world / name).string()};
    h.str(name.generic_string());
    h.u64(std::filesystem::file_size(world / name, ec));
    while (in) {
      in.read(block.data(), static_cast<std::streamsize>(block.size()));
      h.bytes(block.data(), static_cast<size_t>(in.gcount()));
    }
    if (in.bad()) return Error{"cannot read " + (world / name).string()};
  }
  return h.digest();
}

}  // namespace hz
