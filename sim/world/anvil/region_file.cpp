#include "sim/world/anvil/region_file.h"
#include "sim/core/check.h"

#include <algorithm>
#include <cassert>

namespace hz::anvil {
namespace {

uint32_t read_be32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) << 24 | static_cast<uint32_t>(p[1]) << 16 | static_cast<uint32_t>(p[2]) << 8 |
         static_cast<uint32_t>(p[3]);
}

void write_be32(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v >> 24);
  p[1] = static_cast<uint8_t>(v >> 16);
  p[2] = static_cast<uint8_t>(v >> 8);
  p[3] = static_cast<uint8_t>(v);
}

std::string at_index(int slot) { return "invalid sector at index: " + std::to_string(slot); }

}  // namespace

Result<ChunkRecord> parse_record(std::span<const uint8_t> sectors) {
  if (sectors.size() < kRecordHeaderBytes) {
    return Error{"header is truncated: expected 5 bytes but read " + std::to_string(sectors.size())};
  }
  const uint32_t length = read_be32(sectors.data());
  const uint8_t type = sectors[4];
  if (length == 0) return Error{"is allocated, but stream is missing"};
  if (length > 0x7FFFFFFF) return Error{"declared size " + std::to_string(length) + " is negative"};
  const size_t payload_length = length - 1;
  ChunkRecord record;
  record.external = (type & kExternalFlag) != 0;
  const uint8_t codec_id = type & static_cast<uint8_t>(~kExternalFlag);
  if (!record.external && payload_length > sectors.size() - kRecordHeaderBytes) {
    return Error{"stream is truncated: expected " + std::to_string(payload_length) + " but read " +
                 std::to_string(sectors.size() - kRecordHeaderBytes)};
  }
  if (codec_id == kCustomCodecId) return Error{"uses a custom compression that is not supported"};
  const auto codec = chunk_codec_from_id(codec_id);
  if (!codec) return Error{"has invalid chunk stream version " + std::to_string(codec_id)};
  record.codec = *codec;
  if (!record.external) record.payload = sectors.subspan(kRecordHeaderBytes, payload_length);
  return record;
}

uint32_t sectors_for_payload(size_t payload_bytes) {
  return static_cast<uint32_t>((payload_bytes + kRecordHeaderBytes + kSectorBytes - 1) / kSectorBytes);
}

Bytes make_record(ChunkCodec codec, std::span<const uint8_t> payload) {
  Bytes out(size_t{sectors_for_payload(payload.size())} * kSectorBytes, 0);
  write_be32(out.data(), static_cast<uint32_t>(payload.size() + 1));
  out[4] = static_cast<uint8_t>(codec);
  std::copy(payload.begin(), payload.end(), out.begin() + kRecordHeaderBytes);
  return out;
}

Bytes make_external_stub(ChunkCodec codec) {
  Bytes out(kSectorBytes, 0);
  write_be32(out.data(), 1);
  out[4] = static_cast<uint8_t>(static_cast<uint8_t>(codec) | kExternalFlag);
  return out;
}

RegionFile::RegionFile() { refs_.assign(kHeaderSectors, 1); }

RegionFile RegionFile::open(std::span<const uint8_t> header, uint64_t file_size) {
  RegionFile region;
  if (file_size == 0) return region;
  if (header.size() < kHeaderBytes) {
    region.problems_.push_back("has truncated header: " + std::to_string(header.size()));
  }
  // Like vanilla, entries are read from whatever part of the header exists; the rest is zero.
  const size_t location_bytes = std::min(header.size(), kSectorBytes);
  for (int slot = 0; slot < kRegionSlots; ++slot) {
    const size_t at = static_cast<size_t>(slot) * 4;
    if (at + 4 > location_bytes) break;
    const uint32_t entry = read_be32(header.data() + at);
    if (entry == 0) continue;
    const SectorRun run{entry >> 8, entry & 0xFF};
    if (run.first < kHeaderSectors) {
      region.problems_.push_back("has an " + at_index(slot) + "; sector " + std::to_string(run.first) +
                                 " overlaps with header");
    } else if (run.count == 0) {
      region.problems_.push_back("has an " + at_index(slot) + "; size has to be > 0");
    } else if (run.offset() > file_size) {
      region.problems_.push_back("has an " + at_index(slot) + "; sector " + std::to_string(run.first) +
                                 " is out of bounds");
    } else {
      region.committed_[static_cast<size_t>(slot)] = run;
      region.reserve(run);
    }
  }
  for (int slot = 0; slot < kRegionSlots; ++slot) {
    const size_t at = kSectorBytes + static_cast<size_t>(slot) * 4;
    if (at + 4 <= header.size()) region.stamps_[static_cast<size_t>(slot)] = read_be32(header.data() + at);
  }
  return region;
}

SectorRun RegionFile::newest_location(int slot) const {
  const auto& staged = staged_[static_cast<size_t>(slot)];
  return staged ? staged->run : committed_[static_cast<size_t>(slot)];
}

uint32_t RegionFile::used_end() const {
  uint32_t end = static_cast<uint32_t>(refs_.size());
  while (end > kHeaderSectors && refs_[end - 1] == 0) --end;
  return end;
}

void RegionFile::reserve(SectorRun run) {
  if (refs_.size() < run.end()) refs_.resize(run.end(), 0);
  for (uint32_t s = run.first; s < run.end(); ++s) ++refs_[s];
}

void RegionFile::release(SectorRun run) {
  for (uint32_t s = run.first; s < run.end(); ++s) {
    HZ_CHECK(s < refs_.size() && refs_[s] > 0);
    --refs_[s];
  }
}

// First fit from the start; with no gap large enough, the run begins after the last used sector.
uint32_t RegionFile::allocate(uint32_t count) const {
  uint32_t run_start = kHeaderSectors;
  for (uint32_t s = kHeaderSectors; s < refs_.size(); ++s) {
    if (refs_[s] != 0) {
      run_start = s + 1;
    } else if (s + 1 - run_start == count) {
      return run_start;
    }
  }
  return std::max<uint32_t>(run_start, kHeaderSectors);
}

PlannedWrite RegionFile::stage_write(int slot, ChunkCodec codec, std::span<const uint8_t> compressed, uint32_t now) {
  PlannedWrite plan;
  plan.slot = slot;
  const uint32_t needed = sectors_for_payload(compressed.size());
  const bool external = needed > kMaxRunSectors;
  // A slot staged twice: the first staged run never reached the header, so it is free again.
  auto& staged = staged_[static_cast<size_t>(slot)];
  if (staged && !staged->run.empty()) release(staged->run);
  plan.run = {allocate(external ? 1 : needed), external ? 1u : needed};
  reserve(plan.run);  // the committed run stays reserved too, until commit()
  if (external) {
    plan.record = make_external_stub(codec);
    plan.external_payload.assign(compressed.begin(), compressed.end());
  } else {
    plan.record = make_record(codec, compressed);
    plan.remove_external = true;  // a stale .mcc of an older oversized version goes after commit
  }
  if (!staged) staged_slots_.push_back(slot);
  staged = Staged{plan.run, now};
  return plan;
}

PlannedWrite RegionFile::stage_clear(int slot, uint32_t now) {
  PlannedWrite plan;
  plan.slot = slot;
  plan.remove_external = true;
  auto& staged = staged_[static_cast<size_t>(slot)];
  if (staged && !staged->run.empty()) release(staged->run);
  if (!staged) staged_slots_.push_back(slot);
  staged = Staged{SectorRun{}, now};
  return plan;
}

Bytes RegionFile::header_bytes() const {
  Bytes out(kHeaderBytes, 0);
  for (int slot = 0; slot < kRegionSlots; ++slot) {
    const auto& staged = staged_[static_cast<size_t>(slot)];
    const SectorRun run = staged ? staged->run : committed_[static_cast<size_t>(slot)];
    const uint32_t stamp = staged ? staged->stamp : stamps_[static_cast<size_t>(slot)];
    if (!run.empty()) write_be32(out.data() + slot * 4, run.first << 8 | run.count);
    write_be32(out.data() + kSectorBytes + slot * 4, stamp);
  }
  return out;
}

void RegionFile::commit() {
  for (int slot : staged_slots_) {
    auto& staged = staged_[static_cast<size_t>(slot)];
    SectorRun& committed = committed_[static_cast<size_t>(slot)];
    if (!committed.empty()) release(committed);
    committed = staged->run;
    stamps_[static_cast<size_t>(slot)] = staged->stamp;
    staged.reset();
  }
  staged_slots_.clear();
}

void RegionFile::abandon() {
  for (int slot : staged_slots_) {
    auto& staged = staged_[static_cast<size_t>(slot)];
    if (!staged->run.empty()) release(staged->run);
    staged.reset();
  }
  staged_slots_.clear();
}

}  // namespace hz::anvil
