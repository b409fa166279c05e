// Region files on disk for one world: open files cached (least recently used closed first),
// chunk records read and decompressed, writes staged into free sectors and committed per region
// with one header write, fsync when sync-chunk-writes is on. Used from one thread at a time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "sim/core/effects.h"
#include "sim/world/anvil/compression.h"
#include "sim/world/anvil/region_file.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz {

struct RegionFilesOptions {
  std::filesystem::path world_folder;
  bool sync_writes = true;                           // sync-chunk-writes
  anvil::ChunkCodec codec = anvil::ChunkCodec::kZlib;  // region-file-compression
  size_t max_open_regions = 256;                     // vanilla keeps as many open
};

using StorageLog = std::function<void(LogLevel, const std::string&)>;

class RegionFiles {
 public:
  RegionFiles(RegionFilesOptions options, StorageLog log);
  ~RegionFiles();  // commits what is staged and closes every file
  RegionFiles(const RegionFiles&) = delete;
  RegionFiles& operator=(const RegionFiles&) = delete;

  // The chunk's NBT (uncompressed file form), kAbsent, or kError with the reason. Sees writes
  // staged but not yet committed.
  anvil::StorageResult read_chunk(const anvil::ChunkAddress& address);
  // Writes a chunk's NBT (empty: removes it) into free sectors. The chunk becomes durable at the
  // next commit(); a second write to a chunk staged since the last commit commits first.
  Status stage_chunk(const anvil::ChunkAddress& address, std::span<const uint8_t> nbt);
  // Commits every region with staged writes: records synced, header written (and synced).
  // Returns the addresses whose writes failed, with the reason.
  std::vector<std::pair<anvil::ChunkAddress, std::string>> commit();
  // commit(), then fsync of every open region even without sync-chunk-writes (save-all flush).
  std::vector<std::pair<anvil::ChunkAddress, std::string>> flush();
  // Write and commit at once.
  Status write_chunk(const anvil::ChunkAddress& address, std::span<const uint8_t> nbt);

  size_t open_region_count() const { return open_.size(); }

 private:
  struct Region;
  Region* region_for(const anvil::ChunkAddress& address, bool create);
  std::vector<std::pair<anvil::ChunkAddress, std::string>> commit_region(Region& region);
  void close_region(const std::string& key);
  void evict_if_needed();

  RegionFilesOptions options_;
  StorageLog log_;
  std::map<std::string, std::unique_ptr<Region>> open_;
  std::list<std::string> recent_;  // front = most recently used
  // Staged writes lost when a later write to the same region failed; reported by commit().
  std::vector<std::pair<anvil::ChunkAddress, std::string>> lost_;
};

}  // namespace hz
