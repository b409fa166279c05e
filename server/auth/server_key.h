// The server's RSA-1024 key pair for online-mode logins: made once at start, its public half
// handed to the core as DER, its private half kept here to open encryption responses.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "sim/core/result.h"
#include "sim/core/types.h"

typedef struct evp_pkey_st EVP_PKEY;

namespace hz::auth {

class ServerKey {
 public:
  // A fresh RSA-1024 pair, as vanilla makes at every start.
  static Result<ServerKey> generate();

  // The public key as X.509 SubjectPublicKeyInfo DER (what Java's PublicKey.getEncoded() gives
  // and what the encryption request carries).
  const Bytes& public_der() const { return public_der_; }

  // Opens one RSA/ECB/PKCS1Padding block of an encryption response (shared secret or token).
  Result<Bytes> decrypt(std::span<const uint8_t> block) const;

  // Seals `data` with the public key: what a client does; the tests play the client with it.
  Result<Bytes> encrypt(std::span<const uint8_t> data) const;

 private:
  struct Free {
    void operator()(EVP_PKEY* key) const;
  };
  std::shared_ptr<EVP_PKEY> key_;
  Bytes public_der_;
};

}  // namespace hz::auth
