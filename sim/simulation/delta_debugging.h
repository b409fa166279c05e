// Delta debugging (Zeller's ddmin): shrinks a list of parts to a 1-minimal one that still makes
// a test fail. Used by horizon-sim --minimize over a run's clients, behaviours and faults.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace hz {

// `fails(parts)` runs the test with only those parts. Given parts for which it fails, returns a
// subset (in the original order) for which it still fails and from which leaving out any single
// part makes it pass. Tests are cached, so no subset is run twice.
std::vector<std::string> ddmin(std::vector<std::string> parts,
                               const std::function<bool(const std::vector<std::string>&)>& fails);

}  // namespace hz
