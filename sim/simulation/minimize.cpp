#include "sim/simulation/minimize.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "sim/core/check.h"
#include "sim/simulation/delta_debugging.h"

namespace hz {
namespace {

constexpr double kShortestRun = 5;  // simulated seconds

bool fails_invariant(const SimResult& result, const std::string& invariant) {
  return std::any_of(result.violations.begin(), result.violations.end(),
                     [&](const SimViolation& v) { return v.invariant == invariant; });
}

std::vector<std::string> parts_of(const SimOptions& o) {
  return kept_parts(o.clients, has_network_faults(o.faults), has_storage_faults(o.faults), o.omit);
}

class Shrinker {
 public:
  Shrinker(const std::string& invariant, const std::function<void(const std::string&)>& progress)
      : invariant_(invariant), progress_(progress) {}

  bool fails(const SimOptions& o) {
    ++runs_;
    const bool failed = fails_invariant(run_simulation(o, {}), invariant_);
    if (progress_) progress_("minimize: " + sim_command_line(o) + (failed ? " fails" : " passes"));
    return failed;
  }

  // Fewer fault kinds, then alternately half the clients and 60 % of the seconds: big steps
  // that make each of delta debugging's runs cheaper.
  SimOptions coarse(SimOptions failing) {
    auto try_faults = [&](SimFaults f) {
      SimOptions o = failing;
      o.faults = f;
      if (f != failing.faults && fails(o)) failing = o;
    };
    if (failing.faults == SimFaults::kAll) try_faults(SimFaults::kStorage), try_faults(SimFaults::kNetwork);
    try_faults(SimFaults::kNone);
    for (bool progress = true; progress;) {
      progress = false;
      if (failing.clients > 1) {
        SimOptions o = failing;
        o.clients = failing.clients / 2;
        if (fails(o)) failing = o, progress = true;
      }
      if (failing.seconds > kShortestRun) {
        SimOptions o = failing;
        o.seconds = std::max(kShortestRun, static_cast<double>(static_cast<int64_t>(failing.seconds * 0.6)));
        if (fails(o)) failing = o, progress = true;
      }
    }
    return failing;
  }

  // Delta debugging over the run's parts: a run keeps exactly the parts given, the rest omitted.
  SimOptions parts(SimOptions failing) {
    const std::vector<std::string> all = parts_of(failing);
    auto with_only = [&](const std::vector<std::string>& kept) {
      SimOptions o = failing;
      for (const std::string& part : all)
        if (std::find(kept.begin(), kept.end(), part) == kept.end())
          HZ_CHECK(omit_part(part, o.omit).ok(), "a part of the run's own list has a name --omit refuses");
      return o;
    };
    const std::vector<std::string> kept = ddmin(all, [&](const std::vector<std::string>& k) { return fails(with_only(k)); });
    return with_only(kept);
  }

  // Delta debugging over the numbered actions of the behaviours kept: a run keeps exactly the
  // actions given (later ones, which a changed run might take, are left out too). `before` and
  // `after` get how many actions the failing run and the result keep.
  SimOptions actions(SimOptions failing, size_t& before, size_t& after) {
    ++runs_;
    const SimResult counted = run_simulation(failing, {});
    std::map<std::string, std::tuple<int, int, int>> named;  // name -> (client, behaviour, number)
    std::vector<std::string> all;
    std::set<std::pair<int, int>> acting;  // (client, behaviour) with an action
    for (const auto& [client, counts] : counted.actions) {
      ActionCounter already(failing.omit, client);
      for (int b = 0; b < static_cast<int>(kBehaviourCount); ++b)
        for (int k = 1; k <= counts[static_cast<size_t>(b)]; ++k) {
          if (!already.next(b)) continue;
          all.push_back(action_name(client, b, k));
          named[all.back()] = {client, b, k};
          acting.insert({client, b});
        }
    }
    before = after = all.size();
    if (all.empty()) return failing;
    auto with_only = [&](const std::vector<std::string>& kept) {
      std::map<std::pair<int, int>, std::vector<int>> numbers;
      for (const auto& key : acting) numbers[key];
      for (const std::string& name : kept) {
        const auto& [client, b, k] = named.at(name);
        numbers[{client, b}].push_back(k);
      }
      SimOptions o = failing;
      for (const auto& [key, kept_numbers] : numbers) o.omit.actions[key] = ranges_without(kept_numbers);
      return o;
    };
    const std::vector<std::string> kept = ddmin(all, [&](const std::vector<std::string>& k) { return fails(with_only(k)); });
    after = kept.size();
    return with_only(kept);
  }

  int runs() const { return runs_; }

  // The same run written shorter: a behaviour with every action left out is left out itself (the
  // same run: its draws happen either way), trailing clients that are left out become a smaller
  // --clients, and the behaviours and actions of a client or behaviour left out are not listed.
  static SimOptions tidy(SimOptions o) {
    for (auto it = o.omit.actions.begin(); it != o.omit.actions.end();) {
      if (it->second == every_action()) {
        o.omit.behaviours[it->first.first] |= 1u << it->first.second;
        it = o.omit.actions.erase(it);
      } else {
        ++it;
      }
    }
    std::erase_if(o.omit.actions, [&](const auto& entry) {
      const auto& [client, behaviour] = entry.first;
      const auto bits = o.omit.behaviours.find(client);
      return o.omit.clients.contains(client) || (bits != o.omit.behaviours.end() && (bits->second & (1u << behaviour)));
    });
    for (int client : o.omit.clients) o.omit.behaviours.erase(client);
    while (o.clients > 0 && o.omit.clients.contains(o.clients)) {
      o.omit.clients.erase(o.clients);
      o.omit.behaviours.erase(o.clients);
      --o.clients;
    }
    return o;
  }

 private:
  const std::string& invariant_;
  const std::function<void(const std::string&)>& progress_;
  int runs_ = 0;
};

}  // namespace

MinimizedRun minimize_run(const SimOptions& failing, const std::string& invariant,
                          const std::function<void(const std::string&)>& progress) {
  Shrinker shrink(invariant, progress);
  MinimizedRun out;
  out.invariant = invariant;
  out.parts_before = parts_of(failing).size();
  const SimOptions by_parts = Shrinker::tidy(shrink.parts(shrink.coarse(failing)));
  out.options = Shrinker::tidy(shrink.actions(by_parts, out.actions_before, out.actions_after));
  out.parts_after = parts_of(out.options).size();
  out.runs = shrink.runs();
  return out;
}

std::string sim_command_line(const SimOptions& o) {
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", o.seconds);
  std::string line = "--seed " + std::to_string(o.seed) + " --seconds " + seconds + " --clients " +
                     std::to_string(o.clients) + " --faults " + std::string(faults_name(o.faults));
  if (o.canary != SimCanary::kNone) line += " --canary " + std::string(canary_name(o.canary));
  if (o.view_distance != SimOptions{}.view_distance) line += " --view-distance " + std::to_string(o.view_distance);
  if (!o.omit.empty()) line += " --omit " + omissions_text(o.omit);
  return line;
}

}  // namespace hz
