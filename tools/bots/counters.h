// What the bots count: chunks received, new to every bot, resent while still held, pull-backs,
// moves sent. Snapshots subtract to give the counts of a time window.
#pragma once

#include <cstdint>

namespace hz::bots {

struct Counters {
  uint64_t chunks = 0;         // map_chunk packets received
  uint64_t new_chunks = 0;     // chunks no bot had received before
  uint64_t resent_chunks = 0;  // received again while the bot still held them
  uint64_t forgotten_chunks = 0;
  uint64_t batches = 0;        // chunk batches acknowledged
  uint64_t pullbacks = 0;      // position packets after the join teleport
  uint64_t moves = 0;          // movement packets sent

  Counters& operator+=(const Counters& o) {
    chunks += o.chunks;
    new_chunks += o.new_chunks;
    resent_chunks += o.resent_chunks;
    forgotten_chunks += o.forgotten_chunks;
    batches += o.batches;
    pullbacks += o.pullbacks;
    moves += o.moves;
    return *this;
  }
  friend Counters operator-(Counters a, const Counters& b) {
    a.chunks -= b.chunks;
    a.new_chunks -= b.new_chunks;
    a.resent_chunks -= b.resent_chunks;
    a.forgotten_chunks -= b.forgotten_chunks;
    a.batches -= b.batches;
    a.pullbacks -= b.pullbacks;
    a.moves -= b.moves;
    return a;
  }
};

}  // namespace hz::bots
