#include "server/storage/region_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include "sim/world/anvil/world_layout.h"

namespace hz {

using anvil::ChunkAddress;
using anvil::StorageOutcome;
using anvil::StorageResult;
using Failures = std::vector<std::pair<ChunkAddress, std::string>>;

namespace {

// Largest .mcc payload read (compressed): far beyond any real chunk, small enough to refuse junk.
constexpr uint64_t kMaxExternalBytes = anvil::kMaxInflatedBytes;

std::string errno_text() { return std::strerror(errno); }

// Reads up to n bytes at offset; fewer only at the end of the file. -1 on an error.
ssize_t read_at(int fd, uint8_t* out, size_t n, uint64_t offset) {
  size_t done = 0;
  while (done < n) {
    const ssize_t got = ::pread(fd, out + done, n - done, static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) return -1;
    if (got == 0) break;
    done += static_cast<size_t>(got);
  }
  return static_cast<ssize_t>(done);
}

bool write_at(int fd, std::span<const uint8_t> bytes, uint64_t offset) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t put = ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(offset + done));
    if (put < 0 && errno == EINTR) continue;
    if (put <= 0) return false;
    done += static_cast<size_t>(put);
  }
  return true;
}

bool sync_folder(const std::filesystem::path& folder) {
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return false;
  const bool ok = ::fsync(dir) == 0;
  ::close(dir);
  return ok;
}

// The payload of an oversized chunk: a temporary file in the region folder, synced, then renamed
// onto c.X.Z.mcc, so the name only ever holds a complete stream.
Status put_external(const std::filesystem::path& folder, const std::string& name, std::span<const uint8_t> bytes,
                    bool sync) {
  std::string temp = (folder / "tmpXXXXXX").string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return Error{"cannot create a temporary file in " + folder.string() + ": " + errno_text()};
  bool ok = write_at(fd, bytes, 0);
  if (ok && sync) ok = ::fsync(fd) == 0;
  ::close(fd);
  if (ok) ok = ::rename(temp.c_str(), (folder / name).c_str()) == 0;
  if (!ok) {
    const std::string why = errno_text();
    ::unlink(temp.c_str());
    return Error{"cannot write " + (folder / name).string() + ": " + why};
  }
  if (sync) sync_folder(folder);
  return Status::success();
}

std::string chunk_name(const ChunkAddress& a) {
  return std::to_string(a.pos.x) + ", " + std::to_string(a.pos.z);
}

}  // namespace

struct RegionFiles::Region {
  std::string key;
  std::filesystem::path folder;
  int fd = -1;
  uint64_t size = 0;
  anvil::RegionFile model;
  std::map<int, ChunkAddress> staged;  // by slot, for the acknowledgements of a commit
  std::map<int, bool> remove_external;
  bool unsynced = false;      // written since the last fsync
  bool new_entry = false;     // the file was created and its folder not yet synced
  std::list<std::string>::iterator lru;
};

RegionFiles::RegionFiles(RegionFilesOptions options, StorageLog log)
    : options_(std::move(options)), log_(std::move(log)) {}

RegionFiles::~RegionFiles() {
  for (const auto& [address, why] : commit()) {
    log_(LogLevel::kError, "Failed to save chunk " + chunk_name(address) + ": " + why);
  }
  while (!open_.empty()) close_region(open_.begin()->first);
}

RegionFiles::Region* RegionFiles::region_for(const ChunkAddress& address, bool create) {
  const std::string store = anvil::store_folder(address.dimension, address.store);
  if (store.empty()) return nullptr;
  const std::filesystem::path folder = options_.world_folder / store;
  const std::filesystem::path path = folder / anvil::region_file_name(anvil::region_of(address.pos));
  const std::string key = path.string();
  if (auto it = open_.find(key); it != open_.end()) {
    recent_.splice(recent_.begin(), recent_, it->second->lru);
    return it->second.get();
  }
  std::error_code ec;
  if (!create && !std::filesystem::exists(path, ec)) return nullptr;
  if (create) std::filesystem::create_directories(folder, ec);
  const bool existed = std::filesystem::exists(path, ec);
  const int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0644);
  if (fd < 0) {
    log_(LogLevel::kError, "Failed to open region file " + key + ": " + errno_text());
    return nullptr;
  }
  struct stat st {};
  ::fstat(fd, &st);
  auto region = std::make_unique<Region>();
  region->key = key;
  region->folder = folder;
  region->fd = fd;
  region->size = static_cast<uint64_t>(st.st_size);
  region->new_entry = !existed;
  Bytes header(anvil::kHeaderBytes);
  const ssize_t got = read_at(fd, header.data(), header.size(), 0);
  header.resize(got > 0 ? static_cast<size_t>(got) : 0);
  region->model = anvil::RegionFile::open(header, region->size);
  for (const std::string& problem : region->model.problems()) {
    log_(LogLevel::kWarn, "Region file " + key + " " + problem);
  }
  recent_.push_front(key);
  region->lru = recent_.begin();
  Region* raw = region.get();
  open_.emplace(key, std::move(region));
  return raw;
}

StorageResult RegionFiles::read_chunk(const ChunkAddress& address) {
  StorageResult result;
  result.kind = anvil::StorageJobKind::kReadChunk;
  result.address = address;
  result.outcome = StorageOutcome::kAbsent;
  auto fail = [&](std::string why) {
    result.outcome = StorageOutcome::kError;
    result.message = "Chunk " + chunk_name(address) + " " + why;
    return result;
  };
  Region* region = region_for(address, false);
  if (!region) return result;
  const int slot = anvil::region_slot(address.pos);
  const anvil::SectorRun run = region->model.newest_location(slot);
  if (run.empty()) return result;
  if (run.offset() >= region->size) return fail("header is truncated: expected 5 bytes but read 0");
  Bytes sectors(static_cast<size_t>(std::min<uint64_t>(run.bytes(), region->size - run.offset())));
  const ssize_t got = read_at(region->fd, sectors.data(), sectors.size(), run.offset());
  if (got < 0) return fail("could not be read: " + errno_text());
  sectors.resize(static_cast<size_t>(got));
  auto record = anvil::parse_record(sectors);
  if (!record) return fail(record.error());
  Bytes external;
  std::span<const uint8_t> payload = record->payload;
  if (record->external) {
    const auto path = region->folder / anvil::external_file_name(address.pos);
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec || !std::filesystem::is_regular_file(path, ec)) return fail("external chunk path " + path.string() + " is not file");
    if (size > kMaxExternalBytes) return fail("external chunk file is larger than the limit");
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return fail("external chunk file cannot be opened: " + errno_text());
    external.resize(size);
    const ssize_t n = read_at(fd, external.data(), external.size(), 0);
    ::close(fd);
    if (n < 0) return fail("external chunk file cannot be read");
    external.resize(static_cast<size_t>(n));
    payload = external;
  }
  auto nbt = anvil::decompress(record->codec, payload);
  if (!nbt) return fail("failed to read: " + nbt.error());
  result.outcome = StorageOutcome::kData;
  result.nbt = std::move(nbt.value());
  return result;
}

Status RegionFiles::stage_chunk(const ChunkAddress& address, std::span<const uint8_t> nbt) {
  Region* region = region_for(address, true);
  if (!region) return Error{"no region file for chunk " + chunk_name(address)};
  const int slot = anvil::region_slot(address.pos);
  if (region->staged.count(slot)) {
    // One stage per slot per commit (see anvil::PlannedWrite): commit the earlier write first.
    for (const auto& [failed, why] : commit_region(*region)) {
      log_(LogLevel::kError, "Failed to save chunk " + chunk_name(failed) + ": " + why);
    }
    region = region_for(address, true);
    if (!region) return Error{"no region file for chunk " + chunk_name(address)};
  }
  const auto now = static_cast<uint32_t>(std::time(nullptr));
  anvil::PlannedWrite plan;
  if (nbt.empty()) {
    plan = region->model.stage_clear(slot, now);
  } else {
    const Bytes compressed = anvil::compress(options_.codec, nbt);
    plan = region->model.stage_write(slot, options_.codec, compressed, now);
    if (!plan.external_payload.empty()) {
      log_(LogLevel::kWarn, "Saving oversized chunk [" + chunk_name(address) + "] (" +
                                std::to_string(compressed.size()) + " bytes) to external file " +
                                anvil::external_file_name(address.pos));
    }
  }
  region->staged[slot] = address;
  region->remove_external[slot] = plan.remove_external;
  Status written = Status::success();
  if (!plan.external_payload.empty()) {
    written = put_external(region->folder, anvil::external_file_name(address.pos), plan.external_payload,
                           options_.sync_writes);
  }
  if (written && !plan.run.empty() && !write_at(region->fd, plan.record, plan.run.offset())) {
    written = Error{"cannot write " + region->key + ": " + errno_text()};
  }
  if (!written) {
    // Nothing staged in this region can be trusted to be on disk: forget it all and reopen later.
    region->staged.erase(slot);
    for (const auto& [other_slot, other] : region->staged) lost_.emplace_back(other, written.error());
    region->model.abandon();
    close_region(region->key);
    return written;
  }
  region->size = std::max(region->size, plan.run.offset() + plan.record.size());
  region->unsynced = true;
  return Status::success();
}

Failures RegionFiles::commit_region(Region& region) {
  Failures failures;
  if (region.staged.empty()) return failures;
  const bool sync = options_.sync_writes;
  // Records first, durable before the header that points at them is.
  bool ok = !sync || ::fdatasync(region.fd) == 0;
  const Bytes header = region.model.header_bytes();
  ok = ok && write_at(region.fd, header, 0);
  ok = ok && (!sync || ::fdatasync(region.fd) == 0);
  if (ok && sync && region.new_entry) {
    sync_folder(region.folder);
    region.new_entry = false;
  }
  if (!ok) {
    const std::string why = "cannot commit " + region.key + ": " + errno_text();
    for (const auto& [slot, address] : region.staged) failures.emplace_back(address, why);
    region.model.abandon();
    close_region(region.key);
    return failures;
  }
  region.size = std::max<uint64_t>(region.size, anvil::kHeaderBytes);
  region.model.commit();
  if (sync) region.unsynced = false;
  for (const auto& [slot, remove] : region.remove_external) {
    if (!remove) continue;
    const auto path = region.folder / anvil::external_file_name(region.staged[slot].pos);
    if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
      log_(LogLevel::kWarn, "Could not delete " + path.string() + ": " + errno_text());
    }
  }
  region.staged.clear();
  region.remove_external.clear();
  return failures;
}

Failures RegionFiles::commit() {
  Failures failures = std::move(lost_);
  lost_.clear();
  std::vector<std::string> keys;
  for (const auto& [key, region] : open_) keys.push_back(key);
  for (const std::string& key : keys) {
    auto it = open_.find(key);
    if (it == open_.end()) continue;
    Failures some = commit_region(*it->second);
    failures.insert(failures.end(), some.begin(), some.end());
  }
  evict_if_needed();
  return failures;
}

Failures RegionFiles::flush() {
  Failures failures = commit();
  for (auto& [key, region] : open_) {
    if (region->unsynced && ::fsync(region->fd) == 0) region->unsynced = false;
    if (region->new_entry && sync_folder(region->folder)) region->new_entry = false;
  }
  return failures;
}

Status RegionFiles::write_chunk(const ChunkAddress& address, std::span<const uint8_t> nbt) {
  if (Status staged = stage_chunk(address, nbt); !staged) return staged;
  for (const auto& [failed, why] : commit()) {
    if (failed == address) return Error{why};
  }
  return Status::success();
}

void RegionFiles::close_region(const std::string& key) {
  auto it = open_.find(key);
  if (it == open_.end()) return;
  Region& region = *it->second;
  if (region.unsynced) ::fsync(region.fd);  // vanilla forces on close as well
  ::close(region.fd);
  recent_.erase(region.lru);
  open_.erase(it);
}

void RegionFiles::evict_if_needed() {
  while (open_.size() > options_.max_open_regions && !recent_.empty()) {
    const std::string oldest = recent_.back();
    auto it = open_.find(oldest);
    if (it != open_.end() && !it->second->staged.empty()) break;  // only clean files close
    close_region(oldest);
  }
}

}  // namespace hz
