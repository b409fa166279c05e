// Loading tickets kept incrementally against a brute-force count of the squares covering each
// chunk, while random squares are added, moved (small steps and long jumps) and removed.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "sim/game/world/loading_tickets.h"

namespace hz {
namespace {

int brute_force_count(const std::map<int, ChunkSquare>& squares, ChunkPos p) {
  int n = 0;
  for (const auto& [id, s] : squares)
    if (std::max(std::abs(p.x - s.center.x), std::abs(p.z - s.center.z)) <= s.radius) ++n;
  return n;
}

RC_GTEST_PROP(WorldLoadingTickets, CountsMatchTheSquaresCoveringEachChunk, ()) {
  LoadingTickets tickets;
  std::map<int, ChunkSquare> squares;
  std::set<ChunkPos> wanted;  // what the events said
  auto on_wanted = [&](ChunkPos p) { RC_ASSERT(wanted.insert(p).second); };
  auto on_unwanted = [&](ChunkPos p) { RC_ASSERT(wanted.erase(p) == 1u); };
  const int steps = *rc::gen::inRange(1, 40);
  for (int i = 0; i < steps; ++i) {
    const int id = *rc::gen::inRange(0, 4);
    auto it = squares.find(id);
    const int op = *rc::gen::inRange(0, 3);
    if (it == squares.end()) {
      ChunkSquare s{{*rc::gen::inRange(-8, 9), *rc::gen::inRange(-8, 9)}, *rc::gen::inRange(0, 5)};
      tickets.add(s, on_wanted);
      squares[id] = s;
    } else if (op == 0) {
      tickets.remove(it->second, on_unwanted);
      squares.erase(it);
    } else {
      const int jump = op == 1 ? 1 : 30;
      ChunkSquare next{{it->second.center.x + *rc::gen::inRange(-jump, jump + 1),
                        it->second.center.z + *rc::gen::inRange(-jump, jump + 1)},
                       it->second.radius};
      tickets.move(it->second, next, on_wanted, on_unwanted);
      it->second = next;
    }
    // Every chunk some square covers has the right count; with the totals equal, no other chunk
    // can hold a ticket.
    std::set<ChunkPos> covered;
    for (const auto& [sid, sq] : squares)
      for (int x = sq.center.x - sq.radius; x <= sq.center.x + sq.radius; ++x)
        for (int z = sq.center.z - sq.radius; z <= sq.center.z + sq.radius; ++z) covered.insert({x, z});
    for (ChunkPos p : covered) RC_ASSERT(tickets.count(p) == brute_force_count(squares, p));
    RC_ASSERT(covered == wanted);
    RC_ASSERT(tickets.wanted_count() == wanted.size());
  }
}

TEST(WorldLoadingTickets, MovingOneChunkTouchesOnlyTheEdges) {
  LoadingTickets tickets;
  std::vector<ChunkPos> wanted, unwanted;
  tickets.add({{0, 0}, 11}, [](ChunkPos) {});
  tickets.move({{0, 0}, 11}, {{1, 0}, 11}, [&](ChunkPos p) { wanted.push_back(p); },
               [&](ChunkPos p) { unwanted.push_back(p); });
  ASSERT_EQ(wanted.size(), 23u);
  ASSERT_EQ(unwanted.size(), 23u);
  for (ChunkPos p : wanted) EXPECT_EQ(p.x, 12);
  for (ChunkPos p : unwanted) EXPECT_EQ(p.x, -11);
  EXPECT_EQ(wanted.front(), (ChunkPos{12, -11}));  // z ascending
  EXPECT_EQ(wanted.back(), (ChunkPos{12, 11}));
}

}  // namespace
}  // namespace hz
