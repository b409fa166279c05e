#include "sim/simulation/sim_parts.h"

#include <charconv>
#include <iterator>

#include "sim/simulation/sim_client.h"
#include "sim/simulation/simulated_disk.h"

namespace hz {
namespace {

constexpr std::string_view kClientPrefix = "Sim";
constexpr uint32_t kNetworkFaults = kFaultLatency | kFaultSplit;
constexpr uint32_t kStorageFaults = kFaultSlow | kFaultReadError | kFaultWriteError | kFaultTorn | kFaultCrash;

template <size_t N>
int index_of(const std::string_view (&names)[N], std::string_view name) {
  for (size_t i = 0; i < N; ++i)
    if (names[i] == name) return static_cast<int>(i);
  return -1;
}

// "Sim12" -> 12; 0 when it is not a client's name.
int client_number(std::string_view name) {
  if (!name.starts_with(kClientPrefix)) return 0;
  name.remove_prefix(kClientPrefix.size());
  int n = 0;
  auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), n);
  return error == std::errc{} && end == name.data() + name.size() && n > 0 ? n : 0;
}

std::string client_name(int n) { return std::string(kClientPrefix) + std::to_string(n); }

}  // namespace

Status omit_part(std::string_view name, SimOmissions& out) {
  if (int fault = index_of(kFaultNames, name); fault >= 0) {
    out.faults |= 1u << fault;
    return Status::success();
  }
  const size_t dot = name.find('.');
  const int client = client_number(name.substr(0, dot));
  if (client == 0) return Error{"unknown part '" + std::string(name) + "' (SimN, SimN.<behaviour> or a fault kind)"};
  if (dot == std::string_view::npos) {
    out.clients.insert(client);
    return Status::success();
  }
  const int behaviour = index_of(kBehaviourNames, name.substr(dot + 1));
  if (behaviour < 0) return Error{"unknown behaviour in '" + std::string(name) + "'"};
  out.behaviours[client] |= 1u << behaviour;
  return Status::success();
}

Result<SimOmissions> parse_omissions(std::string_view list) {
  SimOmissions out;
  if (list.empty()) return out;
  for (;;) {
    const size_t comma = list.find(',');
    const std::string_view part = list.substr(0, comma);
    if (part.empty()) return Error{"an empty part in '" + std::string(list) + "'"};
    if (Status s = omit_part(part, out); !s) return Error{s.error()};
    if (comma == std::string_view::npos) return out;
    list.remove_prefix(comma + 1);
  }
}

std::string omissions_text(const SimOmissions& omissions) {
  std::vector<std::string> parts;
  for (int client : omissions.clients) parts.push_back(client_name(client));
  for (const auto& [client, bits] : omissions.behaviours)
    for (size_t b = 0; b < std::size(kBehaviourNames); ++b)
      if (bits & (1u << b)) parts.push_back(client_name(client) + "." + std::string(kBehaviourNames[b]));
  for (size_t f = 0; f < std::size(kFaultNames); ++f)
    if (omissions.faults & (1u << f)) parts.emplace_back(kFaultNames[f]);
  std::string text;
  for (const std::string& part : parts) text += (text.empty() ? "" : ",") + part;
  return text;
}

std::vector<std::string> run_parts(int clients, bool network_faults, bool storage_faults) {
  return kept_parts(clients, network_faults, storage_faults, {});
}

std::vector<std::string> kept_parts(int clients, bool network_faults, bool storage_faults, const SimOmissions& omitted) {
  std::vector<std::string> parts;
  for (int c = 1; c <= clients; ++c) {
    if (omitted.clients.contains(c)) continue;
    parts.push_back(client_name(c));
    const auto bits = omitted.behaviours.find(c);
    for (size_t b = 0; b < std::size(kBehaviourNames); ++b)
      if (bits == omitted.behaviours.end() || !(bits->second & (1u << b)))
        parts.push_back(client_name(c) + "." + std::string(kBehaviourNames[b]));
  }
  const uint32_t on = (network_faults ? kNetworkFaults : 0) | (storage_faults ? kStorageFaults : 0);
  for (size_t f = 0; f < std::size(kFaultNames); ++f)
    if ((on & (1u << f)) && !(omitted.faults & (1u << f))) parts.emplace_back(kFaultNames[f]);
  return parts;
}

void omit_behaviours(const SimOmissions& omitted, int client, ClientBehaviour& behaviour) {
  const auto it = omitted.behaviours.find(client);
  if (it == omitted.behaviours.end()) return;
  double* chances[] = {&behaviour.walk_chance, &behaviour.chat_chance,    &behaviour.command_chance,
                       &behaviour.build_chance, &behaviour.quit_chance,   &behaviour.garbage_chance,
                       &behaviour.play_chance,  &behaviour.jump_chance};
  static_assert(std::size(chances) == std::size(kBehaviourNames));
  for (size_t b = 0; b < std::size(chances); ++b)
    if (it->second & (1u << b)) *chances[b] = 0;
}

void omit_storage_faults(const SimOmissions& omitted, StorageFaultRates& rates) {
  if (omitted.faults & kFaultSlow) rates.slow = 0;
  if (omitted.faults & kFaultReadError) rates.read_error = 0;
  if (omitted.faults & kFaultWriteError) rates.write_error = 0;
  if (omitted.faults & kFaultTorn) rates.torn = 0;
}

}  // namespace hz
