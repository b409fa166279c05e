// The region container: records and headers, many random writes that must all read back, a crash
// after every single step of a save leaving each chunk at its old or new version, and damaged
// files that give errors instead of crashes.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include "sim/core/rng.h"
#include "sim/world/anvil/chunk_nbt.h"
#include "sim/world/anvil/region_file.h"
#include "sim/world/anvil/world_layout.h"

namespace hz::anvil {
namespace {

// ---- an in-memory disk and a file side that follows the plan's steps ----

struct Disk {
  Bytes region;                 // r.X.Z.mca
  std::map<int, Bytes> mcc;     // c.X.Z.mcc by slot
};

// One step a save performs on the disk, in order; a crash may stop after any of them, or in the
// middle of a write.
struct Step {
  enum Kind { kWriteRegion, kPutMcc, kDeleteMcc } kind;
  uint64_t offset = 0;
  Bytes bytes;
  int slot = 0;
};

void write_at(Bytes& file, uint64_t offset, std::span<const uint8_t> bytes) {
  if (file.size() < offset + bytes.size()) file.resize(offset + bytes.size(), 0);
  std::copy(bytes.begin(), bytes.end(), file.begin() + static_cast<std::ptrdiff_t>(offset));
}

void apply(Disk& disk, const Step& step) {
  switch (step.kind) {
    case Step::kWriteRegion: write_at(disk.region, step.offset, step.bytes); break;
    case Step::kPutMcc: disk.mcc[step.slot] = step.bytes; break;  // temp file + rename: all or nothing
    case Step::kDeleteMcc: disk.mcc.erase(step.slot); break;
  }
}

struct Change {
  int slot;
  std::optional<Bytes> payload;  // empty: clear
};

// Stages a batch and returns the steps in the order the file side carries them out.
std::vector<Step> plan_batch(RegionFile& region, const std::vector<Change>& changes, uint32_t now) {
  std::vector<Step> steps;
  std::map<int, bool> remove_after;
  for (const Change& c : changes) {
    const PlannedWrite plan = c.payload ? region.stage_write(c.slot, ChunkCodec::kNone, *c.payload, now)
                                        : region.stage_clear(c.slot, now);
    if (!plan.external_payload.empty()) steps.push_back({Step::kPutMcc, 0, plan.external_payload, c.slot});
    if (!plan.run.empty()) steps.push_back({Step::kWriteRegion, plan.run.offset(), plan.record, c.slot});
    remove_after[c.slot] = plan.remove_external;
  }
  steps.push_back({Step::kWriteRegion, 0, region.header_bytes(), -1});
  for (const auto& [slot, remove] : remove_after) {
    if (remove) steps.push_back({Step::kDeleteMcc, 0, {}, slot});
  }
  return steps;
}

// What a reader sees in a slot: nullopt when absent; an error text when unreadable.
struct Seen {
  std::optional<Bytes> payload;
  std::optional<std::string> error;
};

RegionFile reopen(const Disk& disk) {
  return RegionFile::open(std::span(disk.region).first(std::min(disk.region.size(), kHeaderBytes)),
                          disk.region.size());
}

Seen read_slot(const Disk& disk, const RegionFile& region, int slot) {
  const SectorRun run = region.location(slot);
  if (run.empty()) return {};
  const uint64_t end = std::min<uint64_t>(run.offset() + run.bytes(), disk.region.size());
  auto record = parse_record(std::span(disk.region).subspan(run.offset(), end - run.offset()));
  if (!record) return {std::nullopt, record.error()};
  if (record->external) {
    auto it = disk.mcc.find(slot);
    if (it == disk.mcc.end()) return {std::nullopt, "external chunk file is missing"};
    return {it->second, std::nullopt};
  }
  return {Bytes(record->payload.begin(), record->payload.end()), std::nullopt};
}

Bytes random_payload(Rng& rng, bool allow_oversized) {
  size_t size;
  switch (rng.next_below(allow_oversized ? 6 : 5)) {
    case 0: size = rng.next_below(40); break;
    case 1: size = 4091 + rng.next_below(3); break;  // around one sector's room
    case 2: size = rng.next_below(20000); break;
    case 3: size = rng.next_below(300000); break;
    case 4: size = 1044470 + rng.next_below(10); break;  // the last internal size and just past it
    default: size = 1044476 + rng.next_below(200000); break;
  }
  Bytes b(size);
  const uint8_t tag = static_cast<uint8_t>(rng.next_below(256));
  for (size_t i = 0; i < size; i += 509) b[i] = static_cast<uint8_t>(tag + i * 7);
  if (size >= 4) b[0] = static_cast<uint8_t>(rng.next_below(256)), b[size - 1] = tag;
  return b;
}

TEST(AnvilRegionFile, NamesAndSlotsFollowVanilla) {
  EXPECT_EQ(region_of({-1, -33}), (RegionPos{-1, -2}));
  EXPECT_EQ(region_of({31, 32}), (RegionPos{0, 1}));
  EXPECT_EQ(region_slot({-1, -1}), 31 + 32 * 31);
  EXPECT_EQ(region_slot({33, 2}), 1 + 64);
  EXPECT_EQ(region_file_name({-1, 2}), "r.-1.2.mca");
  EXPECT_EQ(external_file_name({-33, 70}), "c.-33.70.mcc");
  RegionPos parsed;
  EXPECT_TRUE(parse_region_file_name("r.-3.14.mca", parsed));
  EXPECT_EQ(parsed, (RegionPos{-3, 14}));
  EXPECT_FALSE(parse_region_file_name("r.3.mca", parsed));
  EXPECT_FALSE(parse_region_file_name("c.1.2.mcc", parsed));
  EXPECT_EQ(store_folder("minecraft:overworld", ChunkStore::kRegion), "dimensions/minecraft/overworld/region");
  EXPECT_EQ(store_folder("the_nether", ChunkStore::kEntities), "dimensions/minecraft/the_nether/entities");
  EXPECT_EQ(store_folder("mod:sky/islands", ChunkStore::kPoi), "dimensions/mod/sky/islands/poi");
  EXPECT_EQ(dimension_folder("minecraft:../../etc"), "");
  EXPECT_EQ(dimension_folder("Bad:Name"), "");
}

TEST(AnvilRegionFile, RecordsAndHeaderHaveTheSpecsLayout) {
  const Bytes payload = {9, 8, 7};
  const Bytes record = make_record(ChunkCodec::kZlib, payload);
  ASSERT_EQ(record.size(), kSectorBytes);
  EXPECT_EQ(Bytes(record.begin(), record.begin() + 8), (Bytes{0, 0, 0, 4, 2, 9, 8, 7}));
  EXPECT_EQ(sectors_for_payload(4091), 1u);
  EXPECT_EQ(sectors_for_payload(4092), 2u);
  EXPECT_EQ(sectors_for_payload(255 * 4096 - 5), 255u);
  EXPECT_EQ(sectors_for_payload(255 * 4096 - 4), 256u);

  RegionFile region;
  const PlannedWrite w = region.stage_write(33, ChunkCodec::kZlib, payload, 0x01020304);
  EXPECT_EQ(w.run, (SectorRun{2, 1})) << "first free sector after the header";
  const Bytes header = region.header_bytes();
  ASSERT_EQ(header.size(), kHeaderBytes);
  EXPECT_EQ(Bytes(header.begin() + 33 * 4, header.begin() + 33 * 4 + 4), (Bytes{0, 0, 2, 1}));
  EXPECT_EQ(Bytes(header.begin() + 4096 + 33 * 4, header.begin() + 4096 + 33 * 4 + 4), (Bytes{1, 2, 3, 4}));
  region.commit();
  const RegionFile reopened = RegionFile::open(header, 3 * kSectorBytes);
  EXPECT_EQ(reopened.location(33), (SectorRun{2, 1}));
  EXPECT_EQ(reopened.timestamp(33), 0x01020304u);
  EXPECT_TRUE(reopened.problems().empty());
}

TEST(AnvilRegionFile, RewritesNeverReuseTheLiveRunAndFreeItAfterCommit) {
  RegionFile region;
  const Bytes small(100, 1);
  region.stage_write(0, ChunkCodec::kNone, small, 1);
  region.commit();
  EXPECT_EQ(region.location(0), (SectorRun{2, 1}));
  const PlannedWrite again = region.stage_write(0, ChunkCodec::kNone, small, 2);
  EXPECT_EQ(again.run, (SectorRun{3, 1})) << "a rewrite never happens in place";
  region.commit();
  const PlannedWrite other = region.stage_write(1, ChunkCodec::kNone, small, 3);
  EXPECT_EQ(other.run, (SectorRun{2, 1})) << "the replaced run is free after the commit";
}

TEST(AnvilRegionFile, OversizedChunksGoToAnExternalFile) {
  RegionFile region;
  const Bytes big(255 * 4096, 3);
  const PlannedWrite w = region.stage_write(5, ChunkCodec::kZlib, big, 1);
  EXPECT_EQ(w.run.count, 1u);
  EXPECT_EQ(w.external_payload, big);
  EXPECT_FALSE(w.remove_external);
  EXPECT_EQ(Bytes(w.record.begin(), w.record.begin() + 5), (Bytes{0, 0, 0, 1, 0x82}));
  auto parsed = parse_record(w.record);
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->external);
  EXPECT_EQ(parsed->codec, ChunkCodec::kZlib);
}

// Many random writes, rewrites and clears in random batches: after every commit each chunk reads
// back exactly its last written bytes, from the file as reopened, and no two runs overlap.
RC_GTEST_PROP(AnvilRegionFile, EveryChunkReadsBackItsLastWrite, ()) {
  Rng rng(*rc::gen::arbitrary<uint64_t>());
  Disk disk;
  RegionFile region;
  std::map<int, Bytes> expected;
  const int batches = *rc::gen::inRange(1, 12);
  for (int b = 0; b < batches; ++b) {
    std::vector<Change> changes;
    const int n = 1 + static_cast<int>(rng.next_below(12));
    for (int i = 0; i < n; ++i) {
      const int slot = static_cast<int>(rng.next_below(rng.next_below(2) ? 8 : 1024));
      if (rng.next_below(8) == 0) changes.push_back({slot, std::nullopt});
      else changes.push_back({slot, random_payload(rng, rng.next_below(10) == 0)});
    }
    for (const Step& s : plan_batch(region, changes, static_cast<uint32_t>(b))) apply(disk, s);
    region.commit();
    for (const Change& c : changes) {
      if (c.payload) expected[c.slot] = *c.payload;
      else expected.erase(c.slot);
    }
    RC_ASSERT(disk.region.size() % kSectorBytes == 0);
    std::set<uint32_t> used;
    const RegionFile on_disk = reopen(disk);
    for (int slot = 0; slot < kRegionSlots; ++slot) {
      const Seen seen = read_slot(disk, on_disk, slot);
      RC_ASSERT(!seen.error);
      const auto it = expected.find(slot);
      RC_ASSERT(seen.payload.has_value() == (it != expected.end()));
      if (seen.payload) RC_ASSERT(*seen.payload == it->second);
      const SectorRun run = region.location(slot);
      for (uint32_t s = run.first; s < run.end(); ++s) RC_ASSERT(used.insert(s).second);
    }
  }
}

// A crash after any step of a save, or in the middle of a write: every chunk is at its old or its
// new version, the file opens without problems, and later saves on the crashed file work.
RC_GTEST_PROP(AnvilRegionFile, CrashAtAnyStepKeepsOldOrNewVersions, ()) {
  Rng rng(*rc::gen::arbitrary<uint64_t>());
  Disk disk;
  RegionFile region;
  std::map<int, Bytes> committed;
  const int rounds = *rc::gen::inRange(1, 6);
  for (int round = 0; round < rounds; ++round) {
    std::vector<Change> changes;
    const int n = 1 + static_cast<int>(rng.next_below(6));
    for (int i = 0; i < n; ++i) {
      const int slot = static_cast<int>(rng.next_below(6));
      if (rng.next_below(6) == 0) changes.push_back({slot, std::nullopt});
      else changes.push_back({slot, random_payload(rng, rng.next_below(6) == 0)});
    }
    // The file side stages each slot once per save (later requests supersede earlier ones), so
    // no version between the old and the new one can ever surface through a shared .mcc name.
    std::map<int, std::optional<Bytes>> fresh;  // the version each changed slot moves to
    for (const Change& c : changes) fresh[c.slot] = c.payload;
    changes.clear();
    for (const auto& [slot, payload] : fresh) changes.push_back({slot, payload});
    const std::vector<Step> steps = plan_batch(region, changes, static_cast<uint32_t>(round));

    // Try every crash point of this save on a copy of the disk.
    for (size_t crash_after = 0; crash_after <= steps.size(); ++crash_after) {
      for (int torn = 0; torn < 3; ++torn) {
        Disk crashed = disk;
        for (size_t i = 0; i < crash_after; ++i) apply(crashed, steps[i]);
        if (crash_after < steps.size() && steps[crash_after].kind == Step::kWriteRegion && torn > 0) {
          const Step& s = steps[crash_after];
          // The header is cut at its page boundary (the kernel copies page by page; a fatal
          // signal is only taken between pages); a record anywhere, or the file left short.
          const size_t cut = s.offset == 0 ? kSectorBytes
                                           : (torn == 1 ? rng.next_below(static_cast<uint32_t>(s.bytes.size()))
                                                        : s.bytes.size() / 2);
          const size_t size_before = crashed.region.size();
          write_at(crashed.region, s.offset, std::span(s.bytes).first(cut));
          if (torn == 2 && s.offset != 0) {
            // A write that grew the file stopped early: the file ends inside the new record.
            crashed.region.resize(std::max<size_t>(size_before, s.offset + cut));
          }
        }
        const RegionFile reopened = reopen(crashed);
        // A brand-new file whose first header write was cut is merely short; nothing else.
        for (const std::string& problem : reopened.problems()) {
          RC_ASSERT(problem.starts_with("has truncated header") && crashed.region.size() < kHeaderBytes);
        }
        for (int slot = 0; slot < 6; ++slot) {
          const Seen seen = read_slot(crashed, reopened, slot);
          RC_ASSERT(!seen.error);
          const auto old_it = committed.find(slot);
          const std::optional<Bytes> old_version =
              old_it == committed.end() ? std::nullopt : std::optional<Bytes>(old_it->second);
          const auto new_it = fresh.find(slot);
          const bool is_old = seen.payload == old_version;
          const bool is_new = new_it != fresh.end() && seen.payload == new_it->second;
          RC_ASSERT(is_old || is_new);
        }
      }
    }
    // Sometimes the save completes; sometimes the process dies and the next run reopens the file.
    if (rng.next_below(3) == 0) {
      const size_t crash_after = rng.next_below(static_cast<uint32_t>(steps.size()));
      for (size_t i = 0; i < crash_after; ++i) apply(disk, steps[i]);
      region = reopen(disk);
      for (auto& [slot, version] : fresh) {
        const Seen seen = read_slot(disk, region, slot);
        if (seen.payload) committed[slot] = *seen.payload;
        else committed.erase(slot);
      }
    } else {
      for (const Step& s : steps) apply(disk, s);
      region.commit();
      for (auto& [slot, version] : fresh) {
        if (version) committed[slot] = *version;
        else committed.erase(slot);
      }
    }
  }
}

// ---- damaged files ----

Bytes header_with(std::initializer_list<std::pair<int, uint32_t>> entries) {
  Bytes header(kHeaderBytes, 0);
  for (const auto& [slot, entry] : entries) {
    header[static_cast<size_t>(slot) * 4] = static_cast<uint8_t>(entry >> 24);
    header[static_cast<size_t>(slot) * 4 + 1] = static_cast<uint8_t>(entry >> 16);
    header[static_cast<size_t>(slot) * 4 + 2] = static_cast<uint8_t>(entry >> 8);
    header[static_cast<size_t>(slot) * 4 + 3] = static_cast<uint8_t>(entry);
  }
  return header;
}

TEST(AnvilRegionFile, BadHeaderEntriesAreDropped) {
  const Bytes header = header_with({{0, (1u << 8) | 1},     // overlaps the header
                                    {1, (2u << 8) | 0},     // size 0
                                    {2, (900u << 8) | 1},   // beyond the end of the file
                                    {3, (3u << 8) | 2}});   // fine
  const RegionFile region = RegionFile::open(header, 5 * kSectorBytes);
  EXPECT_TRUE(region.location(0).empty());
  EXPECT_TRUE(region.location(1).empty());
  EXPECT_TRUE(region.location(2).empty());
  EXPECT_EQ(region.location(3), (SectorRun{3, 2}));
  ASSERT_EQ(region.problems().size(), 3u);
  EXPECT_NE(region.problems()[0].find("overlaps with header"), std::string::npos);
  EXPECT_NE(region.problems()[1].find("size has to be > 0"), std::string::npos);
  EXPECT_NE(region.problems()[2].find("out of bounds"), std::string::npos);

  const RegionFile truncated = RegionFile::open(std::span(header).first(100), 100);
  EXPECT_FALSE(truncated.problems().empty());
  EXPECT_TRUE(truncated.location(3).empty() || truncated.location(3) == (SectorRun{3, 2}));
}

TEST(AnvilRegionFile, OverlappingEntriesStayReservedUntilBothAreGone) {
  // Two damaged entries sharing sector 3: replacing one must not free the other's sector.
  const RegionFile opened = RegionFile::open(header_with({{0, (2u << 8) | 2}, {1, (3u << 8) | 1}}), 4 * kSectorBytes);
  RegionFile region = opened;
  region.stage_write(0, ChunkCodec::kNone, Bytes(10, 1), 1);
  region.commit();
  const PlannedWrite w = region.stage_write(2, ChunkCodec::kNone, Bytes(10, 2), 1);
  EXPECT_NE(w.run.first, 3u);
}

TEST(AnvilRegionFile, DamagedRecordsAreErrorsNotCrashes) {
  auto record_error = [](Bytes bytes) {
    auto r = parse_record(bytes);
    return r.ok() ? std::string() : r.error();
  };
  EXPECT_NE(record_error({0, 0, 0}).find("header is truncated"), std::string::npos);
  EXPECT_NE(record_error({0, 0, 0, 0, 2}).find("stream is missing"), std::string::npos);
  EXPECT_NE(record_error({0, 0, 0, 50, 2, 1, 2}).find("stream is truncated"), std::string::npos);
  EXPECT_NE(record_error({0x80, 0, 0, 1, 2}).find("negative"), std::string::npos);
  EXPECT_NE(record_error({0, 0, 0, 2, 9, 1}).find("invalid chunk stream version"), std::string::npos);
  EXPECT_NE(record_error({0, 0, 0, 2, 127, 1}).find("custom compression"), std::string::npos);
  EXPECT_EQ(record_error({0, 0, 0, 2, 3, 1}), "");

  // Bad compressed data and bad NBT inside a good record.
  for (ChunkCodec codec : {ChunkCodec::kGzip, ChunkCodec::kZlib, ChunkCodec::kLz4}) {
    EXPECT_FALSE(decompress(codec, Bytes{1, 2, 3, 4, 5, 6, 7, 8, 9}).ok()) << chunk_codec_name(codec);
    Bytes packed = compress(codec, Bytes(5000, 42));
    packed.resize(packed.size() / 2);
    EXPECT_FALSE(decompress(codec, packed).ok()) << "truncated " << chunk_codec_name(codec);
  }
  EXPECT_FALSE(decode_chunk(Bytes{10, 0, 0, 9, 0, 5}, {0, 0}).ok());
}

uint32_t be32_at(const Bytes& b, size_t at) {
  return uint32_t{b[at]} << 24 | uint32_t{b[at + 1]} << 16 | uint32_t{b[at + 2]} << 8 | b[at + 3];
}

// Random bytes as a header and as a record: the reader gives exactly what the format's rules say
// for those bytes (written out here again, entry by entry), and errors instead of crashes.
TEST(AnvilRegionFile, RandomBytesAreReadExactlyByTheFormatsRules) {
  Rng rng(1234);
  int kept = 0, dropped = 0, records = 0, bad_records = 0, inflated = 0;
  for (int i = 0; i < 2000; ++i) {
    Bytes junk(rng.next_below(9000));
    for (auto& b : junk) b = static_cast<uint8_t>(rng.next_below(rng.next_below(2) ? 4 : 256));
    const uint64_t file_size = junk.size() + rng.next_below(100000);
    SCOPED_TRACE("case " + std::to_string(i) + ", " + std::to_string(junk.size()) + " header bytes, file of " +
                 std::to_string(file_size));
    const RegionFile region = RegionFile::open(junk, file_size);

    // The header: an entry is 3 bytes of first sector and 1 byte of count, read from whatever part
    // of the first 4 KiB exists; a zero entry is an empty slot; a run inside the header, of no
    // sectors, or starting past the end of the file is dropped with one problem each.
    size_t problems = file_size != 0 && junk.size() < kHeaderBytes ? 1 : 0;
    const size_t location_bytes = std::min(junk.size(), kSectorBytes);
    for (int slot = 0; slot < kRegionSlots; ++slot) {
      const size_t at = static_cast<size_t>(slot) * 4;
      const uint32_t entry = file_size != 0 && at + 4 <= location_bytes ? be32_at(junk, at) : 0;
      const SectorRun run{entry >> 8, entry & 0xFF};
      const bool keep = entry != 0 && run.first >= 2 && run.count > 0 && run.offset() <= file_size;
      if (entry != 0 && !keep) ++problems, ++dropped;
      if (keep) ++kept;
      ASSERT_EQ(region.location(slot), keep ? run : SectorRun{}) << "slot " << slot << ", entry " << entry;
      const size_t stamp_at = kSectorBytes + at;
      const uint32_t stamp = file_size != 0 && stamp_at + 4 <= junk.size() ? be32_at(junk, stamp_at) : 0;
      ASSERT_EQ(region.timestamp(slot), stamp) << "slot " << slot;
    }
    ASSERT_EQ(region.problems().size(), problems);

    // The record: u32 length (codec byte + payload), codec byte with the external flag, payload.
    auto record = parse_record(junk);
    bool valid = junk.size() >= kRecordHeaderBytes;
    uint32_t length = 0;
    uint8_t codec_id = 0;
    bool external = false;
    if (valid) {
      length = be32_at(junk, 0);
      external = (junk[4] & kExternalFlag) != 0;
      codec_id = junk[4] & 0x7F;
      valid = length != 0 && length <= 0x7FFFFFFF && (external || length - 1 <= junk.size() - kRecordHeaderBytes) &&
              codec_id >= 1 && codec_id <= 4;
    }
    ASSERT_EQ(record.ok(), valid) << (record.ok() ? std::string("accepted") : record.error());
    if (!record.ok()) {
      ++bad_records;
      EXPECT_FALSE(record.error().empty());
      continue;
    }
    ++records;
    EXPECT_EQ(record->external, external);
    EXPECT_EQ(static_cast<int>(record->codec), codec_id);
    if (external) {
      EXPECT_TRUE(record->payload.empty());
      continue;
    }
    ASSERT_EQ(record->payload.size(), length - 1);
    EXPECT_TRUE(std::equal(record->payload.begin(), record->payload.end(), junk.begin() + kRecordHeaderBytes));
    auto raw = decompress(record->codec, record->payload, 1 << 20);
    if (raw.ok()) {
      ++inflated;
      EXPECT_LE(raw->size(), size_t{1} << 20);
      if (record->codec == ChunkCodec::kNone) {
        EXPECT_TRUE(std::equal(raw->begin(), raw->end(), record->payload.begin()));
      }
    } else {
      EXPECT_FALSE(raw.error().empty());
    }
  }
  // The bytes reach every outcome, so none of the checks above is vacuous.
  EXPECT_GT(kept, 0);
  EXPECT_GT(dropped, 0);
  EXPECT_GT(records, 0);
  EXPECT_GT(bad_records, 0);
  EXPECT_GT(inflated, 0);
}

}  // namespace
}  // namespace hz::anvil
