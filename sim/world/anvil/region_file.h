// The region container (r.X.Z.mca) as pure functions over bytes: the 8 KiB header of locations
// and timestamps, 4 KiB sectors, 5-byte chunk records, external .mcc payloads, and a model that
// plans writes so that no write ever touches the sectors of any chunk's last committed version.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/core/types.h"
#include "sim/core/result.h"
#include "sim/world/anvil/compression.h"

namespace hz::anvil {

inline constexpr size_t kSectorBytes = 4096;
inline constexpr uint32_t kHeaderSectors = 2;
inline constexpr size_t kHeaderBytes = kHeaderSectors * kSectorBytes;
inline constexpr int kRegionSlots = 1024;
inline constexpr size_t kRecordHeaderBytes = 5;  // u32 length (codec byte + payload), codec byte
// A run's count is 8 bits; a record needing 256 sectors or more goes to a .mcc file instead.
inline constexpr uint32_t kMaxRunSectors = 255;

struct SectorRun {
  uint32_t first = 0;
  uint32_t count = 0;
  bool empty() const { return count == 0; }
  uint32_t end() const { return first + count; }
  uint64_t offset() const { return uint64_t{first} * kSectorBytes; }
  uint64_t bytes() const { return uint64_t{count} * kSectorBytes; }
  bool operator==(const SectorRun&) const = default;
};

// A parsed chunk record. For an external record the payload is in the .mcc file, not here.
struct ChunkRecord {
  ChunkCodec codec = ChunkCodec::kZlib;
  bool external = false;
  std::span<const uint8_t> payload;
};

// Reads the record at the start of `sectors` (the run's bytes, possibly cut short by the end of the
// file). Errors use vanilla's wording where it has one.
Result<ChunkRecord> parse_record(std::span<const uint8_t> sectors);

// The bytes of a record, padded with zeros to whole sectors.
Bytes make_record(ChunkCodec codec, std::span<const uint8_t> payload);
// The one-sector stub that points at c.X.Z.mcc.
Bytes make_external_stub(ChunkCodec codec);
// Sectors a record of `payload_bytes` needs inside the region file.
uint32_t sectors_for_payload(size_t payload_bytes);

// One planned change to a chunk's slot, carried out by the file side in this order:
//   1. external_payload (if any) to a temporary file, synced, renamed onto c.X.Z.mcc;
//   2. record at run.offset() (free sectors only; the file may grow);
//   3. the header (RegionFile::header_bytes) at offset 0: the commit point;
//   4. if remove_external: delete c.X.Z.mcc; then RegionFile::commit().
// Stage a slot at most once per commit: c.X.Z.mcc has one name, so an earlier external payload of
// the same batch could otherwise surface after a crash. (Staging twice stays correct without a
// crash; the last plan then decides step 4.)
struct PlannedWrite {
  int slot = 0;
  SectorRun run;            // empty for a clear
  Bytes record;             // whole sectors for run
  Bytes external_payload;   // non-empty: the compressed stream that goes to c.X.Z.mcc
  bool remove_external = false;
};

class RegionFile {
 public:
  // A new, empty region: only the header's two sectors.
  RegionFile();
  // The model of an existing file from its first bytes (the header, or less when the file is
  // shorter) and its size. Entries vanilla would reject are dropped and listed in problems().
  static RegionFile open(std::span<const uint8_t> header, uint64_t file_size);

  // Committed location of a slot: what a reader of the file on disk sees.
  SectorRun location(int slot) const { return committed_[static_cast<size_t>(slot)]; }
  // Location including staged writes: where the newest bytes of the slot are.
  SectorRun newest_location(int slot) const;
  uint32_t timestamp(int slot) const { return stamps_[static_cast<size_t>(slot)]; }
  const std::vector<std::string>& problems() const { return problems_; }
  // Sectors referenced by any committed or staged run (one past the highest).
  uint32_t used_end() const;

  // Plans writing `compressed` (a stream in `codec`) into a slot. Staging more writes before a
  // commit batches them under one header write; a slot staged twice keeps only the second.
  PlannedWrite stage_write(int slot, ChunkCodec codec, std::span<const uint8_t> compressed, uint32_t now);
  // Plans removing a slot's chunk (vanilla's clear).
  PlannedWrite stage_clear(int slot, uint32_t now);
  bool has_staged() const { return !staged_slots_.empty(); }
  // The 8 KiB header with every staged change: writing it commits them all.
  Bytes header_bytes() const;
  // After the header is written: staged locations become the committed ones and the sectors of
  // replaced versions become free.
  void commit();
  // After a failed write: staged changes are forgotten and their sectors freed.
  void abandon();

 private:
  void reserve(SectorRun run);
  void release(SectorRun run);
  uint32_t allocate(uint32_t count) const;

  std::array<SectorRun, kRegionSlots> committed_{};
  std::array<uint32_t, kRegionSlots> stamps_{};
  struct Staged {
    SectorRun run;
    uint32_t stamp = 0;
  };
  std::array<std::optional<Staged>, kRegionSlots> staged_{};
  std::vector<int> staged_slots_;  // in staging order
  // References per sector: overlapping entries in a damaged file stay reserved until both go.
  std::vector<uint16_t> refs_;
  std::vector<std::string> problems_;
};

}  // namespace hz::anvil
