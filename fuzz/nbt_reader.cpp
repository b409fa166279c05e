// Fuzz target: the NBT reader in network and file form, with the network limits. Invariant: a
// tag that reads writes back to bytes that read to an equal tag.
#include <cassert>

#include "sim/protocol/nbt.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::span<const uint8_t> bytes(data + 1, size - 1);
  if (data[0] & 1) {
    auto tag = hz::nbt::read_network(bytes);
    if (!tag) return 0;
    auto again = hz::nbt::read_network(hz::nbt::network_bytes(*tag));
    assert(again.ok() && *again == *tag);
  } else {
    auto named = hz::nbt::read_file(bytes, hz::nbt::kNetworkLimits);
    if (!named) return 0;
    auto again = hz::nbt::read_file(hz::nbt::file_bytes(named->name, named->tag));
    assert(again.ok() && *again == *named);
  }
  return 0;
}
