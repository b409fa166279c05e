#include "tools/parity/parity_report.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>


namespace hz::parity {
namespace {

using Answers = std::map<std::pair<Category, std::string>, const Decision*>;

Answers index(const ConnectionDecisions& d) {
  Answers out;
  for (const Decision& decision : d.decisions) out.emplace(std::make_pair(decision.category, decision.key), &decision);
  return out;
}

std::string move_key(long n) { return "move " + std::to_string(n); }

// Where both servers pulled a move back to the same place but attributed it to neighbouring moves,
// Horizon's answers are swapped onto the recorded server's move.
void align_pull_backs(const Answers& recorded, Answers& horizon) {
  for (auto& [key, decision] : horizon) {
    if (key.first != Category::kMovement || !key.second.starts_with("move ")) continue;
    const long n = std::stol(key.second.substr(5));
    auto same_key = recorded.find(key);
    if (same_key != recorded.end() && same_key->second->value == decision->value) continue;
    for (long near = n - kMoveSlack; near <= n + kMoveSlack; ++near) {
      if (near == n) continue;
      auto r = recorded.find({Category::kMovement, move_key(near)});
      auto h = horizon.find({Category::kMovement, move_key(near)});
      if (r == recorded.end() || h == horizon.end() || same_key == recorded.end()) continue;
      if (r->second->value == decision->value && h->second->value == same_key->second->value &&
          r->second->value != h->second->value) {
        std::swap(decision, h->second);
        break;
      }
    }
  }
}

std::string chunk_name(ChunkPos c) { return "(" + std::to_string(c.x) + ", " + std::to_string(c.z) + ")"; }

void attribute(Difference& d, const Decision* any, const ConnectionDecisions& recorded, const ConnectionDecisions& horizon) {
  if (!any->terrain) {
    d.cause = "rule differs";
    return;
  }
  const ChunkPos c = *any->terrain;
  auto r = recorded.chunk_blocks.find(c);
  auto h = horizon.chunk_blocks.find(c);
  if (r != recorded.chunk_blocks.end() && h != horizon.chunk_blocks.end() && r->second != h->second) {
    d.cause = "terrain differs at chunk " + chunk_name(c) + " (the servers sent different blocks)";
    d.terrain = true;
  } else if (r != recorded.chunk_blocks.end() && h != horizon.chunk_blocks.end()) {
    d.cause = "rule differs (both servers sent the same blocks for chunk " + chunk_name(c) + ")";
  } else {
    d.cause = "rule differs (chunk " + chunk_name(c) + " was not sent by both servers, so its blocks are not compared)";
  }
}

std::string sizes(const std::vector<int>& batches) {
  std::string out;
  for (int n : batches) out += (out.empty() ? "" : " ") + std::to_string(n);
  return out.empty() ? "none" : out;
}

void compare_connection(uint64_t conn, const ObservedConnection& recorded_conn, const ObservedConnection& horizon_conn,
                        ParityComparison& out) {
  std::optional<int64_t> until;
  if (recorded_conn.closed_micros && recorded_conn.close_reason == "client closed")
    until = *recorded_conn.closed_micros - kCloseSlackMicros;
  const ConnectionDecisions recorded = extract_decisions(recorded_conn, until);
  const ConnectionDecisions horizon = extract_decisions(horizon_conn, until);
  const Answers r = index(recorded);
  Answers h = index(horizon);
  align_pull_backs(r, h);
  if (recorded.batch_sizes != horizon.batch_sizes) {
    const std::string& player = recorded.player.empty() ? horizon.player : recorded.player;
    out.batch_layouts.push_back("connection " + std::to_string(conn) + (player.empty() ? "" : " (" + player + ")") +
                                ": chunks per batch, recorded server " + sizes(recorded.batch_sizes) + "; Horizon " +
                                sizes(horizon.batch_sizes));
  }
  std::set<std::pair<Category, std::string>> keys;
  for (const auto& [key, d] : r) keys.insert(key);
  for (const auto& [key, d] : h) keys.insert(key);
  for (const auto& key : keys) {
    auto ri = r.find(key);
    auto hi = h.find(key);
    const Decision* rd = ri == r.end() ? nullptr : ri->second;
    const Decision* hd = hi == h.end() ? nullptr : hi->second;
    CategoryCounts& counts = out.categories[static_cast<size_t>(key.first)];
    ++counts.decisions;
    ++out.decisions;
    if (rd && hd && rd->value == hd->value) {
      ++counts.same;
      ++out.same;
      continue;
    }
    ++counts.differ;
    ++out.differ;
    Difference d;
    d.category = key.first;
    d.conn = conn;
    d.player = recorded.player.empty() ? horizon.player : recorded.player;
    d.key = key.second;
    d.recorded = rd ? rd->value : "(none)";
    d.horizon = hd ? hd->value : "(none)";
    d.recorded_context = rd ? rd->context : "";
    d.horizon_context = hd ? hd->context : "";
    d.micros = rd ? rd->micros : hd->micros;
    d.horizon_tick = hd ? hd->tick : -1;
    attribute(d, rd ? rd : hd, recorded, horizon);
    out.terrain_differences += d.terrain;
    out.differences.push_back(std::move(d));
  }
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f", s);
  return buf;
}

}  // namespace

ParityComparison compare_sessions(const ObservedSession& recorded, const ObservedSession& horizon) {
  ParityComparison out;
  static const ObservedConnection kNone;
  std::set<uint64_t> conns;
  for (const auto& [id, c] : recorded) conns.insert(id);
  for (const auto& [id, c] : horizon) conns.insert(id);
  for (uint64_t id : conns) {
    auto r = recorded.find(id);
    auto h = horizon.find(id);
    compare_connection(id, r == recorded.end() ? kNone : r->second, h == horizon.end() ? kNone : h->second, out);
  }
  std::stable_sort(out.differences.begin(), out.differences.end(),
                   [](const Difference& a, const Difference& b) { return a.micros < b.micros; });
  return out;
}

std::string report_text(const ParityComparison& c, const ReportContext& context, size_t max_differences) {
  std::string out = "# horizon-parity compare: " + context.recording + "\n\n";
  out += "Recorded server " + context.upstream + ", " + seconds(context.recorded_seconds) + " s recorded; Horizon ran " +
         std::to_string(context.passes) + " passes in " + seconds(context.wall_seconds) + " s.\n\n";
  out += "| category | decisions | same | differ |\n| --- | ---: | ---: | ---: |\n";
  for (int i = 0; i < kCategoryCount; ++i) {
    const CategoryCounts& k = c.categories[static_cast<size_t>(i)];
    out += "| " + std::string(category_name(static_cast<Category>(i))) + " | " + std::to_string(k.decisions) + " | " +
           std::to_string(k.same) + " | " + std::to_string(k.differ) + " |\n";
  }
  out += "| all | " + std::to_string(c.decisions) + " | " + std::to_string(c.same) + " | " + std::to_string(c.differ) +
         " |\n\n";
  if (c.differ == 0) {
    out += "No differences.\n";
  } else {
    out += std::to_string(c.differ) + " differences (" + std::to_string(c.terrain_differences) + " where terrain differs, " +
           std::to_string(c.differ - c.terrain_differences) + " where a rule differs); the first " +
           std::to_string(std::min(max_differences, c.differences.size())) + ":\n\n";
    for (size_t i = 0; i < c.differences.size() && i < max_differences; ++i) {
      const Difference& d = c.differences[i];
      out += "- " + seconds(static_cast<double>(d.micros) / 1e6) + " s" +
             (d.horizon_tick >= 0 ? " (Horizon's tick " + std::to_string(d.horizon_tick) + ")" : "") + ", connection " +
             std::to_string(d.conn) +
             (d.player.empty() ? "" : " (" + d.player + ")") + ", " + category_name(d.category) + ": " + d.key + "\n";
      out += "  - recorded server: " + d.recorded + (d.recorded_context.empty() ? "" : " [" + d.recorded_context + "]") + "\n";
      out += "  - Horizon: " + d.horizon + (d.horizon_context.empty() ? "" : " [" + d.horizon_context + "]") + "\n";
      out += "  - " + d.cause + "\n";
    }
  }
  if (!c.batch_layouts.empty()) {
    out += "\nChunk batches laid out differently (when chunks were ready and acknowledgements arrived; not "
           "counted as differences):\n\n";
    for (const std::string& line : c.batch_layouts) out += "- " + line + "\n";
  }
  if (!context.notes.empty()) {
    out += "\nNotes:\n\n";
    for (const std::string& note : context.notes) out += "- " + note + "\n";
  }
  return out;
}

std::string report_json(const ParityComparison& c, const ReportContext& context) {
  std::string out = "{\"decisions\":" + std::to_string(c.decisions) + ",\"same\":" + std::to_string(c.same) +
                    ",\"differ\":" + std::to_string(c.differ) + ",\"categories\":{";
  for (int i = 0; i < kCategoryCount; ++i) {
    const CategoryCounts& k = c.categories[static_cast<size_t>(i)];
    if (i) out += ",";
    out += "\"" + std::string(category_name(static_cast<Category>(i))) + "\":{\"decisions\":" + std::to_string(k.decisions) +
           ",\"same\":" + std::to_string(k.same) + ",\"differ\":" + std::to_string(k.differ) + "}";
  }
  out += "},\"terrain_differences\":" + std::to_string(c.terrain_differences) +
         ",\"rule_differences\":" + std::to_string(c.differ - c.terrain_differences) +
         ",\"batch_layouts_differ\":" + std::to_string(c.batch_layouts.size()) +
         ",\"recorded_s\":" + seconds(context.recorded_seconds) + ",\"wall_s\":" + seconds(context.wall_seconds) +
         ",\"passes\":" + std::to_string(context.passes) + "}";
  return out;
}

}  // namespace hz::parity
