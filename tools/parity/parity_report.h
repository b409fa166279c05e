// The comparison of two servers' decisions on the same client session, category by category,
// with each difference attributed to terrain or to the rules; and its text and JSON forms.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "tools/parity/decisions.h"
#include "tools/parity/observed_session.h"

namespace hz::parity {

struct Difference {
  Category category = Category::kMovement;
  uint64_t conn = 0;
  std::string player;
  std::string key;
  std::string recorded, horizon;  // the answers; "(none)" when that server made no such decision
  std::string recorded_context, horizon_context;
  int64_t micros = 0;
  int64_t horizon_tick = -1;  // when Horizon's answer went out (-1: it gave none, or a move's)
  // "terrain differs at chunk (x, z)", "rule differs (the chunk's blocks agree)", or "rule differs"
  // when the decision did not depend on blocks.
  std::string cause;
  bool terrain = false;
};

struct CategoryCounts {
  int64_t decisions = 0, same = 0, differ = 0;
};

struct ParityComparison {
  std::array<CategoryCounts, kCategoryCount> categories{};
  int64_t decisions = 0, same = 0, differ = 0;
  int64_t terrain_differences = 0;
  std::vector<Difference> differences;  // in time order
  // Connections whose chunk batches were laid out differently, with both layouts (not counted
  // as differences: see ConnectionDecisions::batch_sizes).
  std::vector<std::string> batch_layouts;
};

// A pull-back the servers attribute to neighbouring moves (the client's next move crossed the
// answer on the wire) counts as the same decision when it goes to the same place.
inline constexpr int kMoveSlack = 1;

// A client that closes may not have read what its server sent in the moment before (two players
// quitting together: whether the second is told the first left depends on where the tick fell);
// both servers' packets in this span before the client's recorded close are left out.
inline constexpr int64_t kCloseSlackMicros = 100'000;

ParityComparison compare_sessions(const ObservedSession& recorded, const ObservedSession& horizon);

struct ReportContext {
  std::string recording;    // the file
  std::string upstream;     // the recorded server
  double recorded_seconds = 0;
  double wall_seconds = 0;
  int64_t passes = 0;
  std::vector<std::string> notes;  // from the run (echoes not mapped, the world folder)
};

// The summary per category, then the first `max_differences` differences with their context.
std::string report_text(const ParityComparison& comparison, const ReportContext& context, size_t max_differences);
// One line: decisions, same, differ, per-category counts, terrain and rule differences, speed.
std::string report_json(const ParityComparison& comparison, const ReportContext& context);

}  // namespace hz::parity
