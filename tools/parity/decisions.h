// What a server decided on one connection, read from its packets: each decision has a key that
// names the same question on both servers ("move 12", "chunk (3, -2)") and the answer. Ids that
// differ between servers by nature (entity ids, keep-alive and teleport ids) never enter a key.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/world/chunk_pos.h"
#include "tools/parity/observed_session.h"

namespace hz::parity {

enum class Category : uint8_t { kMovement, kChunks, kEntities, kKeepAlive, kChat, kDisconnect, kBlocks };
inline constexpr int kCategoryCount = 7;
const char* category_name(Category category);  // "movement", "chunks", ...

struct Decision {
  Category category = Category::kMovement;
  std::string key;      // the question, the same on both servers
  std::string value;    // the answer
  int64_t micros = 0;   // when (the packet's time)
  int64_t tick = -1;    // Horizon's tick when it sent the packet (-1 for the recorded server)
  std::string context;  // the packet and fields behind it, for the report
  std::optional<ChunkPos> terrain;  // the chunk whose blocks the answer depended on
};

struct ConnectionDecisions {
  std::string player;  // the name from login_start ("" for status pings)
  std::vector<Decision> decisions;
  // Each chunk's blocks as this server sent them (a fingerprint of the decoded sections' block
  // states, so two encodings of the same blocks agree); what terrain attribution compares.
  std::map<ChunkPos, uint64_t> chunk_blocks;
  // The chunks in each batch, in order. Reported, not counted as decisions: which chunk goes in
  // which batch depends on when each chunk was ready (the recorded server's generation speed)
  // and on when the client's acknowledgements arrived, which a replay reproduces only roughly.
  std::vector<int> batch_sizes;
};

// `server_until`: the server's packets after this time are left out (see kCloseSlackMicros).
ConnectionDecisions extract_decisions(const ObservedConnection& connection,
                                      std::optional<int64_t> server_until = std::nullopt);

// The fingerprint of a map_chunk body's block states; nullopt when it does not decode.
std::optional<uint64_t> chunk_blocks_fingerprint(std::span<const uint8_t> body);

}  // namespace hz::parity
