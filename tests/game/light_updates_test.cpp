// Light after block changes, through the core: the world's light stays exact, and light_update
// goes only to the players for whom the chunk is on the edge of what they track (vanilla's rule).
#include <gtest/gtest.h>

#include <cmath>
#include <optional>

#include "sim/world/light_engine.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::packet_id_of;
using testing::StreamingServer;

struct LightWorld {
  StreamingServer s{3};
  testing::TestClient alice = (s.prepare_spawn(), s.join(1, "Alice", 3));

  // The client acknowledges chunk batches until it holds its whole view (7 x 7 chunks or more).
  LightWorld() {
    for (int i = 0; i < 2000 && held_count() < 49; ++i) {
      alice.packet(packet::play_sb::ChunkBatchReceived{64.0f});
      s.pass({alice.take()});
    }
    EXPECT_GE(held_count(), 49);
  }
  // Chunks in the view that were loaded and sent; 0 while any chunk of the view is still loading.
  int held_count() {
    int count = 0;
    for (int cx = -8; cx <= 8; ++cx)
      for (int cz = -8; cz <= 8; ++cz) {
        if (!tracked({cx, cz})) continue;
        if (s.world().column({cx, cz}) == nullptr) return 0;
        ++count;
      }
    return count;
  }
  bool tracked(ChunkPos pos) { return s.world().is_chunk_tracked(1, pos); }
  bool on_border(ChunkPos pos) {
    for (int dx = -1; dx <= 1; ++dx)
      for (int dz = -1; dz <= 1; ++dz)
        if (!tracked({pos.x + dx, pos.z + dz})) return true;
    return false;
  }
  // Neither the chunk nor any around it is on the border: light from its middle stays inside.
  bool deep_inside(ChunkPos pos) {
    for (int dx = -1; dx <= 1; ++dx)
      for (int dz = -1; dz <= 1; ++dz)
        if (on_border({pos.x + dx, pos.z + dz})) return false;
    return true;
  }
  // A tracked chunk in the player's row of chunks, on the border of the view or deep inside it.
  std::optional<ChunkPos> tracked_chunk(bool border) {
    const int cz = static_cast<int>(std::floor(s.world().spawn_point().z)) >> 4;
    for (int cx = -8; cx <= 8; ++cx)
      if (tracked({cx, cz}) && (border ? on_border({cx, cz}) : deep_inside({cx, cz}))) return ChunkPos{cx, cz};
    return std::nullopt;
  }
  // The chunks of the light_update packets Alice got in the last pass.
  std::vector<ChunkPos> light_updates() {
    std::vector<ChunkPos> chunks;
    for (const Bytes& body : alice.received(s.h.sink)) {
      if (packet_id_of(body) != packet::play_cb::UpdateLight::kId) continue;
      auto update = decode_packet<packet::play_cb::UpdateLight>(body);
      EXPECT_TRUE(update.ok());
      if (update.ok()) chunks.push_back({update->chunk_x, update->chunk_z});
    }
    return chunks;
  }
  void glowstone_in(ChunkPos chunk) {
    s.pass({ConsoleLine{"setblock " + std::to_string(chunk.x * 16 + 8) + " 200 " + std::to_string(chunk.z * 16 + 8) +
                        " glowstone"}});
  }
};

TEST(LightUpdates, BorderPlayersGetTheChangedSectionsAndOthersLightThemselves) {
  LightWorld w;
  std::optional<ChunkPos> border = w.tracked_chunk(true), inside = w.tracked_chunk(false);
  ASSERT_TRUE(border && inside);
  w.glowstone_in(*inside);
  EXPECT_TRUE(w.light_updates().empty()) << "a chunk whose neighbours the client has";
  w.glowstone_in(*border);
  std::vector<ChunkPos> updates = w.light_updates();
  ASSERT_FALSE(updates.empty());
  for (ChunkPos pos : updates) EXPECT_TRUE(w.tracked(pos) && w.on_border(pos));
  EXPECT_NE(std::find(updates.begin(), updates.end(), *border), updates.end());
}

TEST(LightUpdates, LightAfterChangesEqualsAFullRelight) {
  LightWorld w;
  const ChunkPos chunk = *w.tracked_chunk(false);
  const int x = chunk.x * 16 + 8, z = chunk.z * 16 + 8;
  // A glowing block, a shaft dug into the ground and a roof: sky and block light both move.
  w.s.pass({ConsoleLine{"setblock " + std::to_string(x) + " 120 " + std::to_string(z) + " glowstone"}});
  w.s.pass({ConsoleLine{"fill " + std::to_string(x - 2) + " 20 " + std::to_string(z) + " " + std::to_string(x - 2) +
                        " 110 " + std::to_string(z) + " air"}});
  w.s.pass({ConsoleLine{"fill " + std::to_string(x - 6) + " 125 " + std::to_string(z - 6) + " " + std::to_string(x + 6) +
                        " 125 " + std::to_string(z + 6) + " stone"}});
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      const ChunkPos pos{chunk.x + dx, chunk.z + dz};
      const ChunkColumn* column = w.s.world().column(pos);
      ASSERT_NE(column, nullptr);
      ASSERT_TRUE(column->light_valid());
      std::array<const ChunkColumn*, 9> hood{};
      for (int i = -1; i <= 1; ++i)
        for (int j = -1; j <= 1; ++j)
          hood[static_cast<size_t>((i + 1) * 3 + (j + 1))] = w.s.world().column({pos.x + i, pos.z + j});
      ChunkColumn copy = *column;
      relight_column(copy, hood);
      EXPECT_TRUE(copy.light() == column->light()) << "chunk " << pos.x << " " << pos.z;
    }
}

}  // namespace
}  // namespace hz
