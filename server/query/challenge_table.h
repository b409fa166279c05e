// The query's challenge tokens per sender address, with vanilla's expiry: every 30 s a prune
// drops every token issued before it. Pure: time and token values come from the caller.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "server/query/query_protocol.h"

namespace hz::query {

class ChallengeTable {
 public:
  static constexpr int64_t kPruneIntervalMillis = 30000;
  // Vanilla's map has no bound; a flood of handshakes from spoofed addresses would grow it
  // until the next prune. Past this many, new handshakes are refused until then.
  static constexpr size_t kMaxChallenges = 100000;

  explicit ChallengeTable(int64_t now_millis) : last_prune_millis_(now_millis) {}

  // A handshake from `sender`: its token replaces any earlier one. False when the table is full.
  bool issue(const std::string& sender, const SessionId& session, int32_t token, int64_t now_millis);
  // The session id of the handshake `sender` made, when `token` is the one it was given.
  std::optional<SessionId> check(const std::string& sender, int32_t token) const;
  // Called on every datagram and periodically; acts once 30 s have passed since the last prune.
  void prune(int64_t now_millis);
  size_t size() const { return challenges_.size(); }

 private:
  struct Challenge {
    SessionId session{};
    int32_t token = 0;
    int64_t issued_millis = 0;
  };
  std::map<std::string, Challenge> challenges_;
  int64_t last_prune_millis_;
};

}  // namespace hz::query
