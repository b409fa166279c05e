// The query's challenge tokens: checked per sender, replaced by a new handshake, and expired the
// way vanilla prunes them (every 30 s, every token issued before the prune).
#include <gtest/gtest.h>

#include "server/query/challenge_table.h"

namespace hz::query {
namespace {

constexpr SessionId kSession{1, 2, 3, 4};

TEST(QueryChallenges, TokenIsValidForItsSenderOnly) {
  ChallengeTable table(0);
  ASSERT_TRUE(table.issue("127.0.0.1:5000", kSession, 1234, 10));
  EXPECT_EQ(table.check("127.0.0.1:5000", 1234), kSession);
  EXPECT_FALSE(table.check("127.0.0.1:5000", 1235).has_value());
  EXPECT_FALSE(table.check("127.0.0.1:5001", 1234).has_value());
  EXPECT_FALSE(table.check("127.0.0.2:5000", 1234).has_value());
}

TEST(QueryChallenges, NewHandshakeReplacesTheToken) {
  ChallengeTable table(0);
  ASSERT_TRUE(table.issue("a", kSession, 1, 0));
  ASSERT_TRUE(table.issue("a", SessionId{9, 9, 9, 9}, 2, 5));
  EXPECT_FALSE(table.check("a", 1).has_value());
  EXPECT_EQ(table.check("a", 2), (SessionId{9, 9, 9, 9}));
  EXPECT_EQ(table.size(), 1u);
}

TEST(QueryChallenges, PruneActsEveryThirtySecondsOnTokensIssuedBefore) {
  ChallengeTable table(0);
  ASSERT_TRUE(table.issue("early", kSession, 1, 1000));
  table.prune(29999);  // not yet 30 s since the last prune: nothing happens
  EXPECT_TRUE(table.check("early", 1).has_value());
  ASSERT_TRUE(table.issue("late", kSession, 2, 30000));
  table.prune(30000);  // the prune: "early" was issued before it, "late" at the same instant
  EXPECT_FALSE(table.check("early", 1).has_value());
  EXPECT_TRUE(table.check("late", 2).has_value());
  table.prune(59999);
  EXPECT_TRUE(table.check("late", 2).has_value());
  table.prune(60000);
  EXPECT_FALSE(table.check("late", 2).has_value());
  EXPECT_EQ(table.size(), 0u);
}

TEST(QueryChallenges, ExpiredTokenIsRefusedUntilANewHandshake) {
  ChallengeTable table(0);
  ASSERT_TRUE(table.issue("a", kSession, 77, 100));
  table.prune(30000);
  EXPECT_FALSE(table.check("a", 77).has_value());
  ASSERT_TRUE(table.issue("a", kSession, 78, 30001));
  EXPECT_TRUE(table.check("a", 78).has_value());
}

TEST(QueryChallenges, TableIsBoundedUntilTheNextPrune) {
  ChallengeTable table(0);
  for (size_t i = 0; i < ChallengeTable::kMaxChallenges; ++i)
    ASSERT_TRUE(table.issue(std::to_string(i), kSession, 1, 1));
  EXPECT_FALSE(table.issue("one more", kSession, 1, 1));
  EXPECT_TRUE(table.issue("0", kSession, 5, 1));  // a known sender may still renew its token
  table.prune(30000);
  EXPECT_TRUE(table.issue("one more", kSession, 1, 30001));
}

}  // namespace
}  // namespace hz::query
