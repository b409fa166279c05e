// RSA through OpenSSL's EVP_PKEY interface (no deprecated RSA_* calls), PKCS#1 v1.5 padding.
#include "server/auth/server_key.h"

#include <openssl/evp.h>
#include <openssl/rsa.h>
#include <openssl/x509.h>

namespace hz::auth {
namespace {

using PkeyCtx = std::unique_ptr<EVP_PKEY_CTX, decltype(&EVP_PKEY_CTX_free)>;

}  // namespace

void ServerKey::Free::operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }

Result<ServerKey> ServerKey::generate() {
  PkeyCtx ctx(EVP_PKEY_CTX_new_id(EVP_PKEY_RSA, nullptr), &EVP_PKEY_CTX_free);
  if (!ctx || EVP_PKEY_keygen_init(ctx.get()) != 1 || EVP_PKEY_CTX_set_rsa_keygen_bits(ctx.get(), 1024) != 1) {
    return Error{"OpenSSL could not set up RSA key generation"};
  }
  EVP_PKEY* raw = nullptr;
  if (EVP_PKEY_keygen(ctx.get(), &raw) != 1 || raw == nullptr) return Error{"RSA key generation failed"};
  ServerKey key;
  key.key_ = std::shared_ptr<EVP_PKEY>(raw, Free{});
  const int len = i2d_PUBKEY(raw, nullptr);
  if (len <= 0) return Error{"could not encode the public key"};
  key.public_der_.resize(static_cast<size_t>(len));
  uint8_t* out = key.public_der_.data();
  if (i2d_PUBKEY(raw, &out) != len) return Error{"could not encode the public key"};
  return key;
}

Result<Bytes> ServerKey::decrypt(std::span<const uint8_t> block) const {
  PkeyCtx ctx(EVP_PKEY_CTX_new(key_.get(), nullptr), &EVP_PKEY_CTX_free);
  if (!ctx || EVP_PKEY_decrypt_init(ctx.get()) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(ctx.get(), RSA_PKCS1_PADDING) != 1) {
    return Error{"OpenSSL could not set up RSA decryption"};
  }
  size_t len = 0;
  if (EVP_PKEY_decrypt(ctx.get(), nullptr, &len, block.data(), block.size()) != 1) {
    return Error{"the encrypted block is malformed"};
  }
  Bytes out(len);
  if (EVP_PKEY_decrypt(ctx.get(), out.data(), &len, block.data(), block.size()) != 1) {
    return Error{"the encrypted block does not decrypt with the server key"};
  }
  out.resize(len);
  return out;
}

Result<Bytes> ServerKey::encrypt(std::span<const uint8_t> data) const {
  PkeyCtx ctx(EVP_PKEY_CTX_new(key_.get(), nullptr), &EVP_PKEY_CTX_free);
  if (!ctx || EVP_PKEY_encrypt_init(ctx.get()) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(ctx.get(), RSA_PKCS1_PADDING) != 1) {
    return Error{"OpenSSL could not set up RSA encryption"};
  }
  size_t len = 0;
  if (EVP_PKEY_encrypt(ctx.get(), nullptr, &len, data.data(), data.size()) != 1) return Error{"RSA encryption failed"};
  Bytes out(len);
  if (EVP_PKEY_encrypt(ctx.get(), out.data(), &len, data.data(), data.size()) != 1) return Error{"RSA encryption failed"};
  out.resize(len);
  return out;
}

}  // namespace hz::auth
