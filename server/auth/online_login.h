// The shell's half of an online-mode login: opens the client's encryption response with the
// server key, checks the token, and sends hasJoined; the answer goes back to the core as input.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "server/auth/server_key.h"
#include "server/auth/session_client.h"
#include "sim/core/effects.h"
#include "sim/core/properties.h"

namespace hz::auth {

class OnlineLogin {
 public:
  // `deliver` gets every SessionAnswer (from the server thread or the client's thread).
  OnlineLogin(ServerKey key, const ServerProperties& props, std::function<void(SessionAnswer)> deliver);

  const Bytes& public_key_der() const { return key_.public_der(); }

  // Carries out a FinishEncryption. Returns the shared secret when the response opened and its
  // token matched (the caller switches the connection to encryption and the answer follows
  // later); otherwise reports kBadHandshake at once and returns nothing.
  std::optional<Bytes> finish(const FinishEncryption& request);

 private:
  ServerKey key_;
  std::string session_server_;
  bool send_address_;
  std::function<void(SessionAnswer)> deliver_;
  SessionClient client_;
};

}  // namespace hz::auth
