// The parts of a horizon-sim run that can be left out one by one (each client, each behaviour
// of a client, each kind of fault), named as `--omit` writes them: the units --minimize shrinks.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/result.h"

namespace hz {

struct ClientBehaviour;
struct StorageFaultRates;

// A client's behaviours in the order of their bits ("Sim2.walk" is client 2's walking).
inline constexpr std::string_view kBehaviourNames[] = {"walk", "chat", "command", "build",
                                                       "quit", "garbage", "play", "jump"};
// Fault kinds in the order of their bits: the network's latency and split reads; the disk's slow,
// failing and torn operations; the crash and restart.
inline constexpr std::string_view kFaultNames[] = {"latency", "split", "slow", "read-error",
                                                   "write-error", "torn", "crash"};
enum FaultBit : uint32_t {
  kFaultLatency = 1u << 0,
  kFaultSplit = 1u << 1,
  kFaultSlow = 1u << 2,
  kFaultReadError = 1u << 3,
  kFaultWriteError = 1u << 4,
  kFaultTorn = 1u << 5,
  kFaultCrash = 1u << 6,
};

// What a run leaves out; nothing by default.
struct SimOmissions {
  std::set<int> clients;               // client numbers (Sim<n>) that never join
  std::map<int, uint32_t> behaviours;  // per client number, bits of kBehaviourNames left out
  uint32_t faults = 0;                 // bits of kFaultNames left out

  bool empty() const { return clients.empty() && behaviours.empty() && faults == 0; }
  bool operator==(const SimOmissions&) const = default;
};

// "Sim3", "Sim1.walk", "torn": adds one named part to `out`; an error names an unknown part.
Status omit_part(std::string_view name, SimOmissions& out);
// A comma-separated list of parts, as `--omit` takes it ("" is nothing).
Result<SimOmissions> parse_omissions(std::string_view list);
// The list `--omit` takes back, in a fixed order (clients, their behaviours, faults).
std::string omissions_text(const SimOmissions& omissions);

// Every part a run of `clients` clients has with the given fault kinds on: each client, each of
// its behaviours, each fault kind.
std::vector<std::string> run_parts(int clients, bool network_faults, bool storage_faults);
// The parts of run_parts(...) not in `omitted`.
std::vector<std::string> kept_parts(int clients, bool network_faults, bool storage_faults, const SimOmissions& omitted);

// Applies the omissions to a client's drawn behaviour and to the drawn storage faults.
void omit_behaviours(const SimOmissions& omitted, int client, ClientBehaviour& behaviour);
void omit_storage_faults(const SimOmissions& omitted, StorageFaultRates& rates);

}  // namespace hz
