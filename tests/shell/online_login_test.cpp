// The shell's half of an online login without a client: a response whose token does not match
// is a bad handshake at once; a good one yields the secret, and an unreachable session server
// comes back as kUnreachable from the client's thread.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "server/auth/online_login.h"

namespace hz::auth {
namespace {

struct Answers {
  std::mutex mutex;
  std::condition_variable arrived;
  std::vector<SessionAnswer> got;
  void push(SessionAnswer a) {
    std::lock_guard lock(mutex);
    got.push_back(std::move(a));
    arrived.notify_all();
  }
  bool wait_for(size_t n) {
    std::unique_lock lock(mutex);
    return arrived.wait_for(lock, std::chrono::seconds(15), [&] { return got.size() >= n; });
  }
};

FinishEncryption response(const ServerKey& key, const Bytes& secret, const Bytes& sent_token, const Bytes& token) {
  FinishEncryption f;
  f.conn = 4;
  f.username = "Notch";
  f.encrypted_secret = *key.encrypt(secret);
  f.encrypted_token = *key.encrypt(sent_token);
  f.verify_token = token;
  f.address = "127.0.0.1";
  return f;
}

TEST(ShellOnlineLogin, AWrongTokenIsABadHandshakeAndAGoodOneAsksTheSessionServer) {
  auto key = ServerKey::generate();
  ASSERT_TRUE(key.ok());
  ServerKey copy = *key;
  ServerProperties props;
  props.session_server = "http://127.0.0.1:1";  // nothing listens: the request fails
  Answers answers;
  OnlineLogin login(std::move(*key), props, [&](SessionAnswer a) { answers.push(std::move(a)); });
  EXPECT_EQ(login.public_key_der(), copy.public_der());
  const Bytes secret(16, 0x5A);
  const Bytes token = {1, 2, 3, 4};

  EXPECT_FALSE(login.finish(response(copy, secret, Bytes{9, 9, 9, 9}, token)).has_value());
  ASSERT_TRUE(answers.wait_for(1));
  EXPECT_EQ(answers.got[0].conn, 4u);
  EXPECT_EQ(answers.got[0].outcome, SessionOutcome::kBadHandshake);
  // A secret that is not 16 bytes is refused the same way.
  EXPECT_FALSE(login.finish(response(copy, Bytes(8, 1), token, token)).has_value());
  ASSERT_TRUE(answers.wait_for(2));
  EXPECT_EQ(answers.got[1].outcome, SessionOutcome::kBadHandshake);

  auto opened = login.finish(response(copy, secret, token, token));
  ASSERT_TRUE(opened.has_value());
  EXPECT_EQ(*opened, secret);
  ASSERT_TRUE(answers.wait_for(3));
  EXPECT_EQ(answers.got[2].conn, 4u);
  EXPECT_EQ(answers.got[2].outcome, SessionOutcome::kUnreachable);
}

}  // namespace
}  // namespace hz::auth
