// Chunk counts: received, new to every bot, resent while held, forgotten.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <map>
#include <set>
#include <utility>

#include "tools/bots/chunk_ledger.h"

namespace hz::bots {
namespace {

TEST(ChunkLedger, KeysOfNegativeAndPositiveCoordinatesDiffer) {
  EXPECT_NE(chunk_key(-1, 0), chunk_key(0, -1));
  EXPECT_NE(chunk_key(-1, -1), chunk_key(1, 1));
  EXPECT_NE(chunk_key(0, 1), chunk_key(1, 0));
}

TEST(ChunkLedger, NewResentAndForgotten) {
  SeenChunks seen;
  HeldChunks a, b;
  Counters ca, cb;
  a.on_chunk(0, 0, seen, ca);
  a.on_chunk(0, 1, seen, ca);
  b.on_chunk(0, 0, seen, cb);   // a had it: not new for b
  a.on_chunk(0, 0, seen, ca);   // still held by a: resent
  a.on_forget(0, 0, ca);
  a.on_forget(5, 5, ca);        // never held: not counted
  a.on_chunk(0, 0, seen, ca);   // forgotten, then sent again: neither new nor resent
  EXPECT_EQ(ca.chunks, 4u);
  EXPECT_EQ(ca.new_chunks, 2u);
  EXPECT_EQ(ca.resent_chunks, 1u);
  EXPECT_EQ(ca.forgotten_chunks, 1u);
  EXPECT_EQ(cb.chunks, 1u);
  EXPECT_EQ(cb.new_chunks, 0u);
  EXPECT_TRUE(a.holds(0, 0));
  EXPECT_TRUE(b.holds(0, 0));
  EXPECT_FALSE(b.holds(0, 1));
  EXPECT_EQ(seen.size(), 2u);
}

// Against a model with ordered sets: random chunk and forget events for three bots.
RC_GTEST_PROP(ChunkLedger, AgreesWithASetModel, ()) {
  SeenChunks seen;
  HeldChunks bots[3];
  Counters counts[3];
  std::set<std::pair<int, int>> model_seen, model_held[3];
  Counters model[3];
  const int events = *rc::gen::inRange(0, 400);
  for (int i = 0; i < events; ++i) {
    int bot = *rc::gen::inRange(0, 3);
    int x = *rc::gen::inRange(-4, 4), z = *rc::gen::inRange(-4, 4);
    bool forget = *rc::gen::inRange(0, 4) == 0;
    if (forget) {
      bots[bot].on_forget(x, z, counts[bot]);
      if (model_held[bot].erase({x, z})) ++model[bot].forgotten_chunks;
    } else {
      bots[bot].on_chunk(x, z, seen, counts[bot]);
      ++model[bot].chunks;
      if (!model_held[bot].insert({x, z}).second) ++model[bot].resent_chunks;
      if (model_seen.insert({x, z}).second) ++model[bot].new_chunks;
    }
  }
  for (int b = 0; b < 3; ++b) {
    RC_ASSERT(counts[b].chunks == model[b].chunks);
    RC_ASSERT(counts[b].new_chunks == model[b].new_chunks);
    RC_ASSERT(counts[b].resent_chunks == model[b].resent_chunks);
    RC_ASSERT(counts[b].forgotten_chunks == model[b].forgotten_chunks);
    RC_ASSERT(bots[b].size() == model_held[b].size());
  }
  RC_ASSERT(seen.size() == model_seen.size());
}

TEST(Counters, WindowIsTheDifferenceOfSnapshots) {
  Counters start{10, 5, 1, 2, 3, 4, 100};
  Counters end{25, 9, 1, 7, 8, 4, 300};
  Counters w = end - start;
  EXPECT_EQ(w.chunks, 15u);
  EXPECT_EQ(w.new_chunks, 4u);
  EXPECT_EQ(w.resent_chunks, 0u);
  EXPECT_EQ(w.forgotten_chunks, 5u);
  EXPECT_EQ(w.batches, 5u);
  EXPECT_EQ(w.pullbacks, 0u);
  EXPECT_EQ(w.moves, 200u);
  Counters sum = start;
  sum += w;
  EXPECT_EQ(sum.moves, end.moves);
  EXPECT_EQ(sum.chunks, end.chunks);
}

}  // namespace
}  // namespace hz::bots
