#include "sim/world/generation_graph.h"
#include "sim/core/check.h"

#include <algorithm>
#include <cassert>

namespace hz {
namespace {

// A request pulls in rings: the chunk itself to FULL, ring 1 to FEATURES, ring 2 to CARVERS.
constexpr int kPullRadius = 2;

size_t neighbour_slot(int dx, int dz) { return static_cast<size_t>((dx + 1) * 3 + (dz + 1)); }

}  // namespace

GenerationGraph::GenerationGraph(uint64_t seed) : seed_(seed) {}

GenerationGraph::Node* GenerationGraph::find(ChunkPos pos) {
  auto it = nodes_.find(pos);
  return it == nodes_.end() ? nullptr : &it->second;
}

ChunkStatus GenerationGraph::status(ChunkPos pos) const {
  auto it = nodes_.find(pos);
  return it == nodes_.end() ? ChunkStatus::kEmpty : it->second.status;
}

ChunkStatus GenerationGraph::target(const Node& node) const {
  if (node.full_wants > 0) return ChunkStatus::kFull;
  if (node.feature_wants > 0) return ChunkStatus::kFeatures;
  if (node.carver_wants > 0) return ChunkStatus::kCarvers;
  return ChunkStatus::kEmpty;
}

void GenerationGraph::add_wants(ChunkPos centre, int delta) {
  for (int dx = -kPullRadius; dx <= kPullRadius; ++dx)
    for (int dz = -kPullRadius; dz <= kPullRadius; ++dz) {
      const ChunkPos pos{centre.x + dx, centre.z + dz};
      Node& node = nodes_[pos];
      const int ring = std::max(std::abs(dx), std::abs(dz));
      int& wants = ring == 0 ? node.full_wants : (ring == 1 ? node.feature_wants : node.carver_wants);
      wants += delta;
      HZ_CHECK(wants >= 0);
      if (ring == 0 && node.full_wants == 0) node.reported = false;
    }
}

void GenerationGraph::request(ChunkPos pos, int priority) {
  auto [it, inserted] = requests_.try_emplace(pos, priority);
  if (!inserted && it->second == priority) return;
  it->second = priority;
  if (inserted) add_wants(pos, +1);
  refresh_around(pos, kPullRadius);
}

void GenerationGraph::release(ChunkPos pos) {
  if (requests_.erase(pos) == 0) return;
  add_wants(pos, -1);
  for (int dx = -kPullRadius; dx <= kPullRadius; ++dx)
    for (int dz = -kPullRadius; dz <= kPullRadius; ++dz) forget_if_unwanted({pos.x + dx, pos.z + dz});
  refresh_around(pos, kPullRadius);
}

void GenerationGraph::forget_if_unwanted(ChunkPos pos) {
  auto it = nodes_.find(pos);
  if (it == nodes_.end()) return;
  const Node& node = it->second;
  if (node.full_wants > 0 || node.feature_wants > 0 || node.carver_wants > 0) return;
  if (node.queued) ready_.erase(*node.queued);
  if (node.in_flight != 0) --in_flight_;
  nodes_.erase(it);
}

void GenerationGraph::adopt(std::shared_ptr<ChunkColumn> column) {
  const ChunkPos pos = column->pos();
  Node& node = nodes_[pos];
  if (node.in_flight != 0) {  // whatever was being generated is replaced by the stored chunk
    node.in_flight = 0;
    --in_flight_;
  }
  node.status = column->status();
  node.plan = column->feature_plan();  // when missing, a plan-only job recovers it if needed
  node.column = std::move(column);
  node.blocks.reset();
  node.reported = false;
  refresh_around(pos, 1);
}

void GenerationGraph::refresh_around(ChunkPos pos, int radius) {
  for (int dx = -radius; dx <= radius; ++dx)
    for (int dz = -radius; dz <= radius; ++dz) refresh({pos.x + dx, pos.z + dz});
}

bool GenerationGraph::neighbours_at(ChunkPos pos, ChunkStatus status, bool need_plans) {
  bool ready = true;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      if (dx == 0 && dz == 0) continue;
      const ChunkPos npos{pos.x + dx, pos.z + dz};
      Node* n = find(npos);
      if (n == nullptr || n->status < status) {
        ready = false;
      } else if (need_plans && !n->plan) {
        ready = false;
        if (!n->plan_wanted) {
          n->plan_wanted = true;
          refresh(npos);
        }
      }
    }
  return ready;
}

std::optional<ChunkStatus> GenerationGraph::next_job(ChunkPos pos, Node& node) {
  if (node.in_flight != 0) return std::nullopt;
  if (node.plan_wanted && !node.plan && node.status >= ChunkStatus::kCarvers) return ChunkStatus::kCarvers;
  const ChunkStatus want = target(node);
  if (node.status >= want) return std::nullopt;
  const auto next = static_cast<ChunkStatus>(static_cast<int>(node.status) + 1);
  switch (next) {
    case ChunkStatus::kFeatures:
      if (!node.plan) return std::nullopt;  // adopted mid-generation: wait for the plan job
      return neighbours_at(pos, ChunkStatus::kCarvers, true) ? std::optional(next) : std::nullopt;
    case ChunkStatus::kLight:
      return neighbours_at(pos, ChunkStatus::kFeatures, false) ? std::optional(next) : std::nullopt;
    case ChunkStatus::kFull:
      return std::nullopt;  // promoted in refresh, no job
    default:
      return next;
  }
}

void GenerationGraph::refresh(ChunkPos pos) {
  Node* node = find(pos);
  if (node == nullptr) return;
  if (node->status == ChunkStatus::kLight && target(*node) == ChunkStatus::kFull) {
    node->status = ChunkStatus::kFull;
    node->column->set_status(ChunkStatus::kFull);
    node->blocks.reset();  // the game may edit it from now on: neighbours snapshot it afresh
  }
  if (node->status == ChunkStatus::kFull && node->full_wants > 0 && !node->reported) {
    node->reported = true;
    finished_.push_back(node->column);
  }
  if (node->status == ChunkStatus::kCarvers && !node->plan && target(*node) >= ChunkStatus::kFeatures) {
    node->plan_wanted = true;  // adopted at CARVERS: its own FEATURES needs the plan too
  }
  std::optional<ChunkStatus> stage = next_job(pos, *node);
  node = find(pos);  // next_job may have refreshed neighbours (no insertions, but be explicit)
  std::optional<ReadyKey> key;
  if (stage) {
    const bool plan_only = node->status >= ChunkStatus::kCarvers && *stage == ChunkStatus::kCarvers;
    key = ReadyKey{priority_of(pos), plan_only ? -16 : -static_cast<int>(*stage), pos};
  }
  if (node->queued == key) return;
  if (node->queued) ready_.erase(*node->queued);
  node->queued = key;
  if (key) ready_.insert(*key);
}

int GenerationGraph::priority_of(ChunkPos pos) const {
  int best = INT32_MAX;
  for (int dx = -kPullRadius; dx <= kPullRadius; ++dx)
    for (int dz = -kPullRadius; dz <= kPullRadius; ++dz) {
      auto it = requests_.find({pos.x + dx, pos.z + dz});
      if (it != requests_.end()) best = std::min(best, it->second);
    }
  return best;
}

std::shared_ptr<const ColumnBlocks> GenerationGraph::blocks_of(Node& node) {
  if (!node.blocks || node.blocks_version != node.column->version()) {
    node.blocks = ColumnBlocks::snapshot(*node.column);
    node.blocks_version = node.column->version();
  }
  return node.blocks;
}

GenerationJob GenerationGraph::build_job(ChunkPos pos, Node& node, ChunkStatus stage) {
  GenerationJob job;
  job.ticket = next_ticket_++;
  job.pos = pos;
  job.stage = stage;
  job.seed = seed_;
  job.plan_only = node.status >= ChunkStatus::kCarvers && stage == ChunkStatus::kCarvers;
  if (job.plan_only) return job;
  if (stage != ChunkStatus::kNoise && stage != ChunkStatus::kLight) job.chunk = node.column;
  for (int dx = -1; dx <= 1; ++dx)
    for (int dz = -1; dz <= 1; ++dz) {
      const size_t slot = neighbour_slot(dx, dz);
      if (stage == ChunkStatus::kFeatures) job.plans[slot] = find({pos.x + dx, pos.z + dz})->plan;
      if (stage == ChunkStatus::kLight) job.blocks[slot] = blocks_of(*find({pos.x + dx, pos.z + dz}));
    }
  return job;
}

std::vector<GenerationJob> GenerationGraph::take_jobs(size_t max) {
  std::vector<GenerationJob> jobs;
  while (jobs.size() < max && !ready_.empty()) {
    const ReadyKey key = *ready_.begin();
    ready_.erase(ready_.begin());
    Node& node = *find(key.pos);
    node.queued.reset();
    const ChunkStatus stage = key.stage_rank == -16 ? ChunkStatus::kCarvers : static_cast<ChunkStatus>(-key.stage_rank);
    jobs.push_back(build_job(key.pos, node, stage));
    node.in_flight = jobs.back().ticket;
    ++in_flight_;
  }
  return jobs;
}

bool GenerationGraph::complete(GenerationResult result) {
  Node* node = find(result.pos);
  if (node == nullptr || node->in_flight == 0 || node->in_flight != result.ticket) return false;
  node->in_flight = 0;
  --in_flight_;
  if (result.plan_only) {
    node->plan = std::move(result.plan);
    node->plan_wanted = false;
    node->column->set_feature_plan(node->plan);  // kept with the column from now on
  } else if (result.stage == ChunkStatus::kLight) {
    node->column->set_light(*result.light);
    node->column->set_status(ChunkStatus::kLight);
    node->status = ChunkStatus::kLight;
  } else {
    node->column = std::move(result.chunk);
    node->status = result.stage;
    node->blocks.reset();
    if (result.stage == ChunkStatus::kCarvers) node->plan = std::move(result.plan);
  }
  refresh_around(result.pos, 1);
  return true;
}

std::vector<std::shared_ptr<ChunkColumn>> GenerationGraph::take_finished() {
  std::vector<std::shared_ptr<ChunkColumn>> out;
  out.swap(finished_);
  return out;
}

GenerationGraph::State GenerationGraph::state() const {
  State out;
  out.next_ticket = next_ticket_;
  out.in_flight = in_flight_;
  std::vector<ChunkPos> positions;
  positions.reserve(nodes_.size());
  for (const auto& [pos, node] : nodes_) positions.push_back(pos);  // sorted below
  std::sort(positions.begin(), positions.end());
  for (ChunkPos pos : positions) {
    const Node& node = nodes_.at(pos);
    NodeState n{pos, node.column, node.status, node.plan, node.in_flight, node.plan_wanted, node.reported,
                node.full_wants, node.feature_wants, node.carver_wants, std::nullopt};
    if (node.queued) n.queued = std::pair{node.queued->priority, node.queued->stage_rank};
    out.nodes.push_back(std::move(n));
  }
  for (const auto& [pos, priority] : requests_) out.requests.emplace_back(pos, priority);  // sorted below
  std::sort(out.requests.begin(), out.requests.end());
  out.finished = finished_;
  return out;
}

bool GenerationGraph::restore(State state) {
  next_ticket_ = state.next_ticket;
  in_flight_ = state.in_flight;
  nodes_.clear(), requests_.clear(), ready_.clear();
  size_t in_flight = 0;
  for (NodeState& n : state.nodes) {
    Node node;
    node.column = std::move(n.column);
    node.status = n.status;
    node.plan = std::move(n.plan);
    node.in_flight = n.in_flight;
    node.plan_wanted = n.plan_wanted, node.reported = n.reported;
    node.full_wants = n.full_wants, node.feature_wants = n.feature_wants, node.carver_wants = n.carver_wants;
    if (n.queued) {
      node.queued = ReadyKey{n.queued->first, n.queued->second, n.pos};
      ready_.insert(*node.queued);
    }
    in_flight += node.in_flight != 0;
    if (!nodes_.emplace(n.pos, std::move(node)).second) return false;
  }
  for (const auto& [pos, priority] : state.requests)
    if (!requests_.emplace(pos, priority).second) return false;
  finished_ = std::move(state.finished);
  return in_flight == in_flight_;
}

}  // namespace hz
