#include "sim/simulation/delta_debugging.h"

#include <algorithm>
#include <map>

namespace hz {
namespace {

// The parts split into n runs of nearly equal length, in order.
std::vector<std::vector<std::string>> split(const std::vector<std::string>& parts, size_t n) {
  std::vector<std::vector<std::string>> chunks;
  size_t start = 0;
  for (size_t i = 0; i < n; ++i) {
    const size_t end = start + (parts.size() - start) / (n - i);
    chunks.emplace_back(parts.begin() + static_cast<std::ptrdiff_t>(start), parts.begin() + static_cast<std::ptrdiff_t>(end));
    start = end;
  }
  return chunks;
}

std::vector<std::string> without(const std::vector<std::string>& parts, const std::vector<std::string>& left_out) {
  std::vector<std::string> rest;
  for (const std::string& p : parts)
    if (std::find(left_out.begin(), left_out.end(), p) == left_out.end()) rest.push_back(p);
  return rest;
}

}  // namespace

std::vector<std::string> ddmin(std::vector<std::string> parts,
                               const std::function<bool(const std::vector<std::string>&)>& fails) {
  std::map<std::vector<std::string>, bool> tried;
  auto test = [&](const std::vector<std::string>& subset) {
    auto it = tried.find(subset);
    if (it == tried.end()) it = tried.emplace(subset, fails(subset)).first;
    return it->second;
  };
  size_t n = 2;
  while (parts.size() >= 2) {
    n = std::min(n, parts.size());
    const std::vector<std::vector<std::string>> chunks = split(parts, n);
    bool reduced = false;
    // A chunk alone that fails: go on with it, in halves.
    for (const auto& chunk : chunks) {
      if (test(chunk)) {
        parts = chunk;
        n = 2;
        reduced = true;
        break;
      }
    }
    // Else all but one chunk: go on with the rest, one chunk fewer.
    for (size_t i = 0; !reduced && i < chunks.size(); ++i) {
      std::vector<std::string> rest = without(parts, chunks[i]);
      if (n > 2 && test(rest)) {
        parts = std::move(rest);
        n = std::max<size_t>(n - 1, 2);
        reduced = true;
      }
    }
    if (reduced) continue;
    if (n == parts.size()) break;  // every single part left out passes: 1-minimal
    n = std::min(parts.size(), 2 * n);
  }
  // A single part that fails alone may still not need even that part.
  if (parts.size() == 1 && test({})) parts.clear();
  return parts;
}

}  // namespace hz
