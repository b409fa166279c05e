// horizon-sim's world around the real core, all drawn from one seed: a virtual clock with random
// work times and tick overruns, simulated clients joining and acting, a network with latency and
// split reads, world jobs finishing in random order; invariants checked after every pass.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/clock.h"
#include "sim/core/effect_digest.h"
#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/game/core_config.h"
#include "sim/simulation/sim_client.h"
#include "sim/simulation/sim_parts.h"

namespace hz {

class Core;

// Watches one core's life for a trace (tools/sim gives a recorder): the core reads this clock and
// emits into this sink, which pass everything on to the simulation's own.
class SimRecording {
 public:
  virtual ~SimRecording() = default;
  virtual Clock& core_clock() = 0;
  virtual EffectSink& core_sink() = 0;
  virtual void started() = 0;
  // After each pass of the core, which may be snapshotted.
  virtual void iteration(std::vector<Input> inputs, const IterationDigest& digest, const Core& core) = 0;
  // The run ended with the core alive (`stop`: the final save is recorded) or the core died.
  virtual void ended(Core* stop) = 0;
};
// Called for each core the run starts: `life` 0 for the first, 1 for the one restarted after the
// first crash, and so on (each restarted core is a new server session, with a trace of its own).
using SimRecordingFactory =
    std::function<std::unique_ptr<SimRecording>(const CoreConfig&, Clock&, EffectSink&, int life)>;

// Deliberately injected bugs the invariants must catch (each run with one exits with a violation).
enum class SimCanary {
  kNone,
  kBadPacket,  // one large packet to a client arrives cut in half: it must fail to decode
  kLostSave,   // a crash loses a chunk save that had finished: the restarted world must differ
  kWrongBlock, // one chunk sent with one block changed: the client's chunk must differ from the core's
  kViewLeak,   // one chunk also kept far outside the client's view: the view rule must catch it
  kMoveThreshold,  // the pull-back of a 40-block move is lost, as if the server took it: the move rule must catch it
  kLostPullBack,   // the pull-back of an ordinary step (into a block) is lost: the reference move model must catch it
  kChunkQuota,     // a client's first chunk batch starts twice, before any acknowledgement: pacing must catch it
  kTickStatsRing,  // one `/tick query` percentiles line reads a slot of the tick ring wrong: the statistics model must catch it
  kLostAnswers,    // a client's bytes are lost from 5 s on, though it never stalled: the timeout rule must catch its close
};

inline constexpr SimCanary kEveryCanary[] = {SimCanary::kBadPacket,     SimCanary::kLostSave,  SimCanary::kWrongBlock,
                                              SimCanary::kViewLeak,      SimCanary::kMoveThreshold, SimCanary::kLostPullBack,
                                              SimCanary::kChunkQuota,    SimCanary::kTickStatsRing, SimCanary::kLostAnswers};
// As the command line names it: "bad-packet", ...; "none" for kNone.
std::string_view canary_name(SimCanary canary);

enum class SimFaults { kNone, kNetwork, kStorage, kAll };
inline constexpr SimFaults kEveryFaultsLevel[] = {SimFaults::kNone, SimFaults::kNetwork, SimFaults::kStorage,
                                                  SimFaults::kAll};
std::string_view faults_name(SimFaults faults);  // "none", "network", "storage", "all"
inline bool has_network_faults(SimFaults f) { return f == SimFaults::kNetwork || f == SimFaults::kAll; }
inline bool has_storage_faults(SimFaults f) { return f == SimFaults::kStorage || f == SimFaults::kAll; }

struct SimOptions {
  uint64_t seed = 1;
  double seconds = 60;  // simulated seconds
  int clients = 5;      // clients that join (quitters may come back as new connections)
  SimFaults faults = SimFaults::kNone;
  int view_distance = 3;
  SimCanary canary = SimCanary::kNone;
  SimRecordingFactory recording;  // empty: no traces
  // Once, at a pass the seed picks, the core is replaced by a fresh one read from its snapshot;
  // the run must go on exactly as without it (the same digest). Not with a trace.
  bool snapshot_swap = false;
  // Parts of the run left out (`--omit`, what --minimize shrinks). Each client's behaviour, its
  // connections' network faults and its comings and goings are drawn from the client's own
  // random stream, so leaving one client or behaviour out changes the others little.
  SimOmissions omit;
};

struct SimViolation {
  int64_t pass = 0;
  int64_t tick = 0;
  // Which invariant broke: decode, move-rule, chunk-pacing, chunk-view, chunk-equality,
  // tick-statistics, liveness, timeout, connection-close, restart-equals-save or snapshot.
  std::string invariant;
  std::string what;
};

struct SimResult {
  uint64_t seed = 0;
  double simulated_s = 0;
  int64_t passes = 0;
  int connections = 0;  // connections opened, reconnections included
  int crashes = 0;      // crash-and-restarts (storage faults)
  int chunk_checks = 0; // client chunks compared with the core's
  ClientChecks checks;  // what the clients' move and pacing checks covered
  int64_t tick_replies_checked = 0;  // `/tick query` lines held to the tick statistics model
  int stalls = 0;               // clients that stopped sending for seconds (network faults)
  int timeouts_judged = 0;      // closes for a timeout held to the keep-alive and read timeout rules
  int snapshot_swaps = 0;       // cores replaced by one read from their snapshot
  uint64_t snapshot_bytes = 0;  // the size of the last such snapshot
  // Per client number, how many actions of each behaviour it took (the numbers --omit names).
  std::map<int, std::array<int, kBehaviourCount>> actions;
  uint64_t digest = 0;  // every pass's effects and state hash, in order
  std::vector<SimViolation> violations;
};

// Runs the core under `options`; `progress` gets a line now and then (may be empty).
SimResult run_simulation(const SimOptions& options, const std::function<void(const std::string&)>& progress);

}  // namespace hz
