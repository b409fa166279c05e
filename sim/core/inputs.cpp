#include "sim/core/inputs.h"

#include <iterator>

namespace hz {

const char* input_name(const Input& in) {
  static constexpr const char* kNames[] = {"ConnectionOpened", "BytesReceived", "ConnectionClosed",
                                           "ConsoleLine", "JobCompleted", "SessionAnswer"};
  static_assert(std::size(kNames) == std::variant_size_v<Input>);
  return kNames[in.index()];
}

const char* session_outcome_name(SessionOutcome outcome) {
  switch (outcome) {
    case SessionOutcome::kVerified: return "verified";
    case SessionOutcome::kUnverified: return "unverified";
    case SessionOutcome::kUnreachable: return "unreachable";
    case SessionOutcome::kBadHandshake: return "bad_handshake";
  }
  return "unknown";
}

}  // namespace hz
