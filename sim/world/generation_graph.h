// The generation scheduler: which stage jobs can run for the chunks the game wants, given the
// results fed back so far. A chunk's FEATURES needs its eight neighbours at CARVERS (their feature
// plans), its LIGHT needs them at FEATURES (their final blocks), and it becomes FULL once lit.
// Every stage is a pure function of those inputs, so results may arrive in any order and the
// chunks come out the same. Work happens only on requests and results, never per tick.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "sim/world/generation_job.h"

namespace hz {

class GenerationGraph {
 public:
  explicit GenerationGraph(uint64_t seed);

  uint64_t seed() const { return seed_; }

  // The game wants this chunk at FULL. Lower priorities run first; asking again re-prioritises.
  void request(ChunkPos pos, int priority = 0);
  // The game no longer wants it. Chunks nothing needs are forgotten (results still in flight for
  // them are ignored); a chunk asked for again is regenerated identically.
  void release(ChunkPos pos);
  // A column from storage (or one handed out earlier and released) at whatever status it has;
  // call it before request() for that chunk. It is kept while any request reaches it, and its
  // neighbours generate against its live blocks and its feature plan (recovered by a plan-only
  // job when the column has none, e.g. read from Anvil).
  void adopt(std::shared_ptr<ChunkColumn> column);

  // Up to `max` runnable jobs, most urgent first; each is handed out once.
  std::vector<GenerationJob> take_jobs(size_t max);
  // Feeds back a job's result. False when nobody waits for it any more (released or superseded).
  bool complete(GenerationResult result);
  // Columns that reached FULL for a request since the last call, in the order they got there.
  std::vector<std::shared_ptr<ChunkColumn>> take_finished();

  ChunkStatus status(ChunkPos pos) const;
  size_t node_count() const { return nodes_.size(); }
  size_t runnable_count() const { return ready_.size(); }
  size_t in_flight_count() const { return in_flight_; }
  bool idle() const { return ready_.empty() && in_flight_ == 0; }

  // Everything the graph holds, as plain data for a snapshot: nodes and requests by position,
  // columns by pointer so a caller can keep the ones it shares with the graph shared. A node's
  // block snapshot for neighbours is left out: it is taken again from the column when needed.
  struct NodeState {
    ChunkPos pos;
    std::shared_ptr<ChunkColumn> column;
    ChunkStatus status = ChunkStatus::kEmpty;
    std::shared_ptr<const FeaturePlan> plan;
    uint64_t in_flight = 0;
    bool plan_wanted = false, reported = false;
    int full_wants = 0, feature_wants = 0, carver_wants = 0;
    std::optional<std::pair<int, int>> queued;  // priority, stage rank
  };
  struct State {
    uint64_t next_ticket = 1;
    size_t in_flight = 0;
    std::vector<NodeState> nodes;
    std::vector<std::pair<ChunkPos, int>> requests;
    std::vector<std::shared_ptr<ChunkColumn>> finished;
  };
  State state() const;
  // Replaces everything with `state`; false when it does not hold together (a node twice, a
  // count of jobs in flight that the nodes do not show).
  bool restore(State state);

 private:
  struct ReadyKey {
    int priority;
    int stage_rank;  // later stages first, so started chunks finish before new ones start
    ChunkPos pos;
    auto operator<=>(const ReadyKey&) const = default;
  };

  struct Node {
    std::shared_ptr<ChunkColumn> column;  // the latest stage's chunk; null before NOISE
    ChunkStatus status = ChunkStatus::kEmpty;
    std::shared_ptr<const FeaturePlan> plan;
    std::shared_ptr<const ColumnBlocks> blocks;  // snapshot for neighbours' light
    uint64_t blocks_version = 0;
    uint64_t in_flight = 0;  // ticket of the job out for this chunk, 0 when none
    bool plan_wanted = false;
    bool reported = false;  // handed out by take_finished for the current request
    // How many requests need this chunk at FULL (itself), FEATURES (ring 1) or CARVERS (ring 2).
    int full_wants = 0, feature_wants = 0, carver_wants = 0;
    std::optional<ReadyKey> queued;
  };

  ChunkStatus target(const Node& node) const;
  void add_wants(ChunkPos pos, int delta);
  void refresh(ChunkPos pos);
  void refresh_around(ChunkPos pos, int radius);
  std::optional<ChunkStatus> next_job(ChunkPos pos, Node& node);
  bool neighbours_at(ChunkPos pos, ChunkStatus status, bool need_plans);
  int priority_of(ChunkPos pos) const;
  GenerationJob build_job(ChunkPos pos, Node& node, ChunkStatus stage);
  std::shared_ptr<const ColumnBlocks> blocks_of(Node& node);
  void forget_if_unwanted(ChunkPos pos);
  Node* find(ChunkPos pos);

  uint64_t seed_;
  uint64_t next_ticket_ = 1;
  size_t in_flight_ = 0;
  // Looked up by position only, never iterated (iteration order would reach the output).
  absl::flat_hash_map<ChunkPos, Node> nodes_;
  absl::flat_hash_map<ChunkPos, int> requests_;
  std::set<ReadyKey> ready_;
  std::vector<std::shared_ptr<ChunkColumn>> finished_;
};

}  // namespace hz
