// Vanilla's offline-mode UUID, shared by the server's login and the load bots.
#include "sim/protocol/offline_uuid.h"

#include <gtest/gtest.h>

namespace hz {
namespace {

TEST(OfflineUuid, MatchesVanilla) {
  // Values from the protocol spec (vanilla's UUID.nameUUIDFromBytes).
  EXPECT_EQ(offline_player_uuid("Probe").to_string(), "3f0ca0c8-9f16-3b87-92fb-b626b9a1bb99");
  EXPECT_EQ(offline_player_uuid("Bot1").to_string(), "51a4b33d-8b80-3bde-806f-de4086b03058");
}

TEST(OfflineUuid, IsVersion3IetfVariant) {
  Uuid u = offline_player_uuid("Steve");
  EXPECT_EQ((u.most >> 12) & 0xF, 3u);
  EXPECT_EQ(u.least >> 62, 2u);
}

}  // namespace
}  // namespace hz
