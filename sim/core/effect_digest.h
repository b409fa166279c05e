// Hashes the effects of one iteration as they pass through: one digest per connection for its
// outbound packets (before compression) and one for everything else. Recorded per tick in traces.
// A packet counts by its size and the hash of its body; a large shared body (a chunk packet sent
// to many players over time) is hashed once for as long as anything else still holds it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <unordered_map>

#include "sim/core/effects.h"
#include "sim/core/hash.h"

namespace hz {

struct IterationDigest {
  int64_t tick = 0;                         // the core's tick count after the iteration
  std::map<ConnId, uint64_t> outbound;      // per connection: hash of packet bodies sent
  uint64_t other_effects = 0;               // logs, closes, jobs, storage writes, RCON replies
  uint64_t state = 0;                       // the core's state hash after the iteration
  bool operator==(const IterationDigest&) const = default;
};

class DigestingSink final : public EffectSink {
 public:
  explicit DigestingSink(EffectSink& next, bool digesting = true) : next_(next), digesting_(digesting) {}
  void emit(Effect effect) override;
  // The digests since the last call (outbound and other_effects only), and a fresh start.
  IterationDigest take();

 private:
  uint64_t body_hash(const SharedBytes& body);

  EffectSink& next_;
  bool digesting_;  // false: effects pass through unhashed and take() is empty
  std::map<ConnId, Hasher> outbound_;
  Hasher other_;
  void forget_expired_bodies();

  // Hashes of bodies of at least kCachedBodyBytes, by address. An entry does not hold its body: it
  // matches only while its weak pointer still locks to the very body asked about (an expired
  // body's address may be reused). Expired entries are dropped every kSweepInterval passes.
  // Looked up and swept only: its order never reaches a digest.
  static constexpr size_t kCachedBodyBytes = 1024;
  static constexpr int kSweepInterval = 20;
  struct SeenBody {
    std::weak_ptr<const Bytes> body;
    uint64_t hash = 0;
  };
  std::unordered_map<const Bytes*, SeenBody> seen_;
  int passes_since_sweep_ = 0;
};

}  // namespace hz
