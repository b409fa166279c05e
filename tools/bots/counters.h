// What the bots count: chunks received, new to every bot, resent while still held, pull-backs,
// moves sent, blocks placed and dug, their acknowledgements and the block changes seen. Snapshots
// subtract to give the counts of a time window.
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
  uint64_t actions = 0;        // blocks placed or dug (build)
  uint64_t acks = 0;           // actions answered by block_changed_ack (one ack can answer several)
  uint64_t block_updates = 0;  // blocks changed by block_update / section_blocks_update received

  Counters& operator+=(const Counters& o) {
    chunks += o.chunks;
    new_chunks += o.new_chunks;
    resent_chunks += o.resent_chunks;
    forgotten_chunks += o.forgotten_chunks;
    batches += o.batches;
    pullbacks += o.pullbacks;
    moves += o.moves;
    actions += o.actions;
    acks += o.acks;
    block_updates += o.block_updates;
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
    a.actions -= b.actions;
    a.acks -= b.acks;
    a.block_updates -= b.block_updates;
    return a;
  }
};

}  // namespace hz::bots
