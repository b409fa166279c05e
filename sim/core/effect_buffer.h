// The one collecting effect sink: keeps a pass's effects in order for whoever carries them out or
// looks at them afterwards (the live shell, replay's divergence report, tests).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "sim/core/effects.h"

namespace hz {

class EffectBuffer final : public EffectSink {
 public:
  std::vector<Effect> effects;

  void emit(Effect effect) override { effects.push_back(std::move(effect)); }
  void clear() { effects.clear(); }
  // The text of every LogLine, in order (what the console would show).
  std::vector<std::string> logs() const {
    std::vector<std::string> out;
    for (const Effect& e : effects)
      if (auto* l = std::get_if<LogLine>(&e)) out.push_back(l->text);
    return out;
  }
};

}  // namespace hz
