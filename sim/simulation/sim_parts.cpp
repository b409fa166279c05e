#include "sim/simulation/sim_parts.h"

#include <charconv>
#include <iterator>
#include <optional>

#include "sim/simulation/sim_client.h"
#include "sim/simulation/simulated_disk.h"

namespace hz {
namespace {

constexpr std::string_view kClientPrefix = "Sim";
constexpr uint32_t kNetworkFaults = kFaultLatency | kFaultSplit | kFaultStall;
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

// "12" -> 12; 0 when it is not a whole positive number.
int positive_number(std::string_view text) {
  int n = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), n);
  return error == std::errc{} && end == text.data() + text.size() && n > 0 ? n : 0;
}

// "4", "4-9", "10-" -> [first, last] (last 0: no end); nothing when malformed.
std::optional<std::pair<int, int>> action_range(std::string_view text) {
  const size_t dash = text.find('-');
  const int first = positive_number(text.substr(0, dash));
  if (first == 0) return std::nullopt;
  if (dash == std::string_view::npos) return std::pair{first, first};
  if (dash + 1 == text.size()) return std::pair{first, 0};
  const int last = positive_number(text.substr(dash + 1));
  if (last < first) return std::nullopt;
  return std::pair{first, last};
}

std::string range_text(const std::pair<int, int>& r) {
  if (r.first == r.second) return std::to_string(r.first);
  return std::to_string(r.first) + "-" + (r.second == 0 ? "" : std::to_string(r.second));
}

}  // namespace

ActionCounter::ActionCounter(const SimOmissions& omitted, int client) {
  for (const auto& [key, ranges] : omitted.actions)
    if (key.first == client) omitted_[static_cast<size_t>(key.second)] = ranges;
  const auto bits = omitted.behaviours.find(client);
  for (size_t b = 0; b < kBehaviourCount; ++b)
    if (bits != omitted.behaviours.end() && (bits->second & (1u << b))) omitted_[b] = every_action();
}

bool ActionCounter::next(int behaviour) {
  const int n = ++counts_[static_cast<size_t>(behaviour)];
  for (const auto& [first, last] : omitted_[static_cast<size_t>(behaviour)])
    if (n >= first && (last == 0 || n <= last)) return false;
  return true;
}

std::string action_name(int client, int behaviour, int number) {
  return client_name(client) + "." + std::string(kBehaviourNames[behaviour]) + "#" + std::to_string(number);
}

ActionRanges ranges_without(const std::vector<int>& kept) {
  ActionRanges out;
  int from = 1;
  for (int k : kept) {
    if (k > from) out.emplace_back(from, k - 1);
    from = k + 1;
  }
  out.emplace_back(from, 0);
  return out;
}

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
  const std::string_view rest = name.substr(dot + 1);
  const size_t hash = rest.find('#');
  const int behaviour = index_of(kBehaviourNames, rest.substr(0, hash));
  if (behaviour < 0) return Error{"unknown behaviour in '" + std::string(name) + "'"};
  if (hash == std::string_view::npos) {
    out.behaviours[client] |= 1u << behaviour;
    return Status::success();
  }
  const std::optional<std::pair<int, int>> range = action_range(rest.substr(hash + 1));
  if (!range) return Error{"bad action numbers in '" + std::string(name) + "' (#N, #N-M or #N-)"};
  out.actions[{client, behaviour}].push_back(*range);
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
  for (const auto& [key, ranges] : omissions.actions)
    for (const auto& range : ranges)
      parts.push_back(client_name(key.first) + "." + std::string(kBehaviourNames[key.second]) + "#" + range_text(range));
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

void omit_storage_faults(const SimOmissions& omitted, StorageFaultRates& rates) {
  if (omitted.faults & kFaultSlow) rates.slow = 0;
  if (omitted.faults & kFaultReadError) rates.read_error = 0;
  if (omitted.faults & kFaultWriteError) rates.write_error = 0;
  if (omitted.faults & kFaultTorn) rates.torn = 0;
}

}  // namespace hz
