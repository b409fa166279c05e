// Fuzz target: region files and chunk NBT as the server reads them from disk: the header model,
// each slot's record, decompression, and the chunk NBT decoder. Invariant: errors, not crashes.
#include "sim/world/anvil/chunk_nbt.h"
#include "sim/world/anvil/compression.h"
#include "sim/world/anvil/region_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::span<const uint8_t> file(data, size);
  auto region = hz::anvil::RegionFile::open(file.first(std::min(file.size(), hz::anvil::kHeaderBytes)), size);
  for (int slot = 0; slot < hz::anvil::kRegionSlots; ++slot) {
    hz::anvil::SectorRun run = region.location(slot);
    if (run.empty() || run.offset() >= size) continue;
    auto record = hz::anvil::parse_record(file.subspan(run.offset(), std::min<uint64_t>(run.bytes(), size - run.offset())));
    if (!record || record->external) continue;
    auto raw = hz::anvil::decompress(record->codec, record->payload, 1 << 22);
    if (!raw) continue;
    auto chunk = hz::anvil::decode_chunk(*raw, hz::ChunkPos{slot & 31, slot >> 5});
    (void)chunk;
  }
  // Small inputs also go straight to the chunk decoder, so it is reached without compression.
  if (size < 65536) (void)hz::anvil::decode_chunk(file, hz::ChunkPos{0, 0});
  return 0;
}
