// One direction of an online-mode connection's stream encryption: AES-128 in CFB8 mode with
// key = IV = the shared secret, applied to every byte after the encryption response.
#pragma once

#include <cstdint>
#include <memory>
#include <span>

#include "sim/core/result.h"

typedef struct evp_cipher_ctx_st EVP_CIPHER_CTX;

namespace hz::auth {

class Cfb8Cipher {
 public:
  enum class Direction { kEncrypt, kDecrypt };

  // Fails when the secret is not 16 bytes (vanilla's AES-128) or OpenSSL refuses the setup.
  static Result<Cfb8Cipher> create(Direction direction, std::span<const uint8_t> shared_secret);

  // Transforms `data` in place; the stream state carries over between calls, so a message
  // may be fed in any number of pieces.
  void apply(std::span<uint8_t> data);

 private:
  struct Free {
    void operator()(EVP_CIPHER_CTX* ctx) const;
  };
  explicit Cfb8Cipher(EVP_CIPHER_CTX* ctx) : ctx_(ctx) {}
  std::unique_ptr<EVP_CIPHER_CTX, Free> ctx_;
};

}  // namespace hz::auth
