#include "sim/core/inputs.h"

namespace hz {

const char* input_name(const Input& in) {
  static constexpr const char* kNames[] = {"ConnectionOpened", "BytesReceived", "ConnectionClosed",
                                           "ConsoleLine", "JobCompleted"};
  return kNames[in.index()];
}

}  // namespace hz
