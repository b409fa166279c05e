#include "server/query/challenge_table.h"

#include <iterator>

namespace hz::query {

bool ChallengeTable::issue(const std::string& sender, const SessionId& session, int32_t token, int64_t now_millis) {
  auto it = challenges_.find(sender);
  if (it == challenges_.end() && challenges_.size() >= kMaxChallenges) return false;
  challenges_[sender] = Challenge{session, token, now_millis};
  return true;
}

std::optional<SessionId> ChallengeTable::check(const std::string& sender, int32_t token) const {
  auto it = challenges_.find(sender);
  if (it == challenges_.end() || it->second.token != token) return std::nullopt;
  return it->second.session;
}

void ChallengeTable::prune(int64_t now_millis) {
  if (now_millis < last_prune_millis_ + kPruneIntervalMillis) return;
  last_prune_millis_ = now_millis;
  // Vanilla's RequestChallenge.before(now): issued strictly before the prune. A token therefore
  // lives between 0 and 30 s, depending on where it falls between two prunes.
  std::erase_if(challenges_, [now_millis](const auto& entry) { return entry.second.issued_millis < now_millis; });
}

}  // namespace hz::query
