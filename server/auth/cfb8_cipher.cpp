// CFB8 is a stream mode: output length equals input length, so in-place updates are safe.
#include "server/auth/cfb8_cipher.h"

#include <openssl/evp.h>

#include <climits>

#include "sim/core/check.h"

namespace hz::auth {

void Cfb8Cipher::Free::operator()(EVP_CIPHER_CTX* ctx) const { EVP_CIPHER_CTX_free(ctx); }

Result<Cfb8Cipher> Cfb8Cipher::create(Direction direction, std::span<const uint8_t> shared_secret) {
  if (shared_secret.size() != 16) return Error{"the shared secret must be 16 bytes"};
  Cfb8Cipher cipher(EVP_CIPHER_CTX_new());
  if (!cipher.ctx_) return Error{"no memory for a cipher context"};
  const int enc = direction == Direction::kEncrypt ? 1 : 0;
  if (EVP_CipherInit_ex(cipher.ctx_.get(), EVP_aes_128_cfb8(), nullptr, shared_secret.data(),
                        shared_secret.data(), enc) != 1) {
    return Error{"OpenSSL refused the AES-128-CFB8 setup"};
  }
  return cipher;
}

void Cfb8Cipher::apply(std::span<uint8_t> data) {
  while (!data.empty()) {
    const int chunk = data.size() > static_cast<size_t>(INT_MAX) ? INT_MAX : static_cast<int>(data.size());
    int out_len = 0;
    HZ_CHECK(EVP_CipherUpdate(ctx_.get(), data.data(), &out_len, data.data(), chunk) == 1 && out_len == chunk);
    data = data.subspan(static_cast<size_t>(chunk));
  }
}

}  // namespace hz::auth
