// Token first, as vanilla checks it before using the secret; a token that does not open or does
// not match is a protocol error, not a refusal by the session server.
#include "server/auth/online_login.h"

#include "server/auth/server_id_hash.h"
#include "server/auth/session_server.h"

namespace hz::auth {

OnlineLogin::OnlineLogin(ServerKey key, const ServerProperties& props, std::function<void(SessionAnswer)> deliver)
    : key_(std::move(key)),
      session_server_(props.session_server),
      send_address_(props.prevent_proxy_connections),
      deliver_(deliver),
      client_(std::move(deliver)) {}

std::optional<Bytes> OnlineLogin::finish(const FinishEncryption& request) {
  auto token = key_.decrypt(request.encrypted_token);
  auto secret = key_.decrypt(request.encrypted_secret);
  if (!token || *token != request.verify_token || !secret || secret->size() != 16) {
    SessionAnswer bad;
    bad.conn = request.conn;
    bad.outcome = SessionOutcome::kBadHandshake;
    deliver_(std::move(bad));
    return std::nullopt;
  }
  const std::string hash = server_id_hash("", *secret, key_.public_der());
  std::optional<std::string> ip;
  if (send_address_) ip = request.address;
  client_.ask(request.conn, has_joined_url(session_server_, request.username, hash, ip));
  return std::move(*secret);
}

}  // namespace hz::auth
