// Hashes the effects of one iteration as they pass through: one digest per connection for its
// outbound packets (before compression) and one for everything else. Recorded per tick in traces.
#pragma once

#include <cstdint>
#include <map>

#include "sim/core/effects.h"
#include "sim/core/hash.h"

namespace hz {

struct IterationDigest {
  int64_t tick = 0;                         // the core's tick count after the iteration
  std::map<ConnId, uint64_t> outbound;      // per connection: hash of packet bodies sent
  uint64_t other_effects = 0;               // logs, closes, jobs, storage writes
  uint64_t state = 0;                       // the core's state hash after the iteration
  bool operator==(const IterationDigest&) const = default;
};

class DigestingSink final : public EffectSink {
 public:
  explicit DigestingSink(EffectSink& next) : next_(next) {}
  void emit(Effect effect) override;
  // The digests since the last call (outbound and other_effects only), and a fresh start.
  IterationDigest take();

 private:
  EffectSink& next_;
  std::map<ConnId, Hasher> outbound_;
  Hasher other_;
};

}  // namespace hz
