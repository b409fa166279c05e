// Linked into every gtest area binary: makes each rapidcheck property run HZ_RC_CASES cases
// (1,000) unless RC_PARAMS in the environment says otherwise (docs/testing.md).
#include <cstdlib>
#include <string>

namespace {

// rapidcheck reads RC_PARAMS when the first property runs, after static initialisation, and for
// a key given twice takes the last value: the default goes first, the caller's parameters after.
const bool kDefaultCasesSet = [] {
  std::string params = "max_success=" + std::to_string(HZ_RC_CASES);
  if (const char* given = std::getenv("RC_PARAMS")) params += std::string(" ") + given;
  return setenv("RC_PARAMS", params.c_str(), 1) == 0;
}();

}  // namespace
