// The parts of a horizon-sim run that can be left out one by one (each client, each behaviour
// of a client, each numbered action of a behaviour, each kind of fault), named as `--omit` writes
// them: the units --minimize shrinks.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sim/core/result.h"

namespace hz {

struct StorageFaultRates;

// A client's behaviours in the order of their bits ("Sim2.walk" is client 2's walking).
inline constexpr std::string_view kBehaviourNames[] = {"walk", "chat", "command", "build", "quit",
                                                       "garbage", "play", "jump", "explore"};
// Fault kinds in the order of their bits: the network's latency and split reads; the disk's slow,
// failing and torn operations; the crash and restart; a client's stall.
inline constexpr std::string_view kFaultNames[] = {"latency", "split", "slow", "read-error",
                                                   "write-error", "torn", "crash", "stall"};
enum FaultBit : uint32_t {
  kFaultLatency = 1u << 0,
  kFaultSplit = 1u << 1,
  kFaultSlow = 1u << 2,
  kFaultReadError = 1u << 3,
  kFaultWriteError = 1u << 4,
  kFaultTorn = 1u << 5,
  kFaultCrash = 1u << 6,
  kFaultStall = 1u << 7,  // a client sends nothing for seconds (bit 7: added after the others)
};

inline constexpr size_t kBehaviourCount = std::size(kBehaviourNames);
enum BehaviourIndex : int {
  kBehaviourWalk,
  kBehaviourChat,
  kBehaviourCommand,
  kBehaviourBuild,
  kBehaviourQuit,
  kBehaviourGarbage,
  kBehaviourPlay,
  kBehaviourJump,
  kBehaviourExplore,
};

// Numbered actions (from 1) of one behaviour, as ranges [first, last]; last 0 runs on without end.
using ActionRanges = std::vector<std::pair<int, int>>;
// Every action of a behaviour: from the first, without end.
inline ActionRanges every_action() { return {{1, 0}}; }

// What a run leaves out; nothing by default.
struct SimOmissions {
  std::set<int> clients;               // client numbers (Sim<n>) that never join
  std::map<int, uint32_t> behaviours;  // per client number, bits of kBehaviourNames left out
  // Per (client number, behaviour index): the actions left out. The n-th time a client's
  // behaviour acts (its chance drawn and met, across all its connections) is its action n; one
  // left out still draws what it would have, so the client's other draws stay as they were.
  std::map<std::pair<int, int>, ActionRanges> actions;
  uint32_t faults = 0;                 // bits of kFaultNames left out

  bool empty() const { return clients.empty() && behaviours.empty() && actions.empty() && faults == 0; }
  bool operator==(const SimOmissions&) const = default;
};

// Numbers the actions of one client's behaviours across its connections, and says which to leave
// out: those named, and all of a behaviour left out (so leaving out a behaviour leaves the
// client's draws, and with them its other behaviours, as they were).
class ActionCounter {
 public:
  ActionCounter(const SimOmissions& omitted, int client);
  // Counts the next action of `behaviour`; false when the run leaves it out.
  bool next(int behaviour);
  // Whether the run leaves out every action of `behaviour`.
  bool omits_all(int behaviour) const { return omitted_[static_cast<size_t>(behaviour)] == every_action(); }
  // How many actions of each behaviour came so far (left out or not).
  const std::array<int, kBehaviourCount>& counts() const { return counts_; }

 private:
  std::array<ActionRanges, kBehaviourCount> omitted_;
  std::array<int, kBehaviourCount> counts_{};
};

// "Sim3", "Sim1.walk", "Sim1.walk#4", "Sim1.walk#4-9", "Sim1.walk#10-", "torn": adds one named
// part to `out`; an error names an unknown part.
Status omit_part(std::string_view name, SimOmissions& out);
// A comma-separated list of parts, as `--omit` takes it ("" is nothing).
Result<SimOmissions> parse_omissions(std::string_view list);
// The list `--omit` takes back, in a fixed order (clients, their behaviours, actions, faults).
std::string omissions_text(const SimOmissions& omissions);

// Every part a run of `clients` clients has with the given fault kinds on: each client, each of
// its behaviours, each fault kind.
std::vector<std::string> run_parts(int clients, bool network_faults, bool storage_faults);
// The parts of run_parts(...) not in `omitted`.
std::vector<std::string> kept_parts(int clients, bool network_faults, bool storage_faults, const SimOmissions& omitted);

// The name of one action: "Sim2.walk#7".
std::string action_name(int client, int behaviour, int number);
// The ranges of the numbers 1.. that are not in `kept` (sorted, ascending), the last running on
// without end: what leaves out every action of a behaviour but those kept.
ActionRanges ranges_without(const std::vector<int>& kept);

// Applies the omissions to the drawn storage faults.
void omit_storage_faults(const SimOmissions& omitted, StorageFaultRates& rates);

}  // namespace hz
