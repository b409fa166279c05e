// An effect sink that drops every effect: for a core whose effects nobody reads (one built only
// to check a snapshot, a fuzz target, tests).
#pragma once

#include "sim/core/effects.h"

namespace hz {

class DiscardingSink final : public EffectSink {
 public:
  void emit(Effect) override {}
};

}  // namespace hz
