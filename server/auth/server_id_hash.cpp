// SHA-1 through OpenSSL's EVP digest interface; the sign handling mirrors BigInteger.toString(16).
#include "server/auth/server_id_hash.h"

#include <openssl/evp.h>

#include <array>
#include <memory>

#include "sim/core/check.h"

namespace hz::auth {
namespace {

using DigestCtx = std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)>;

std::array<uint8_t, 20> sha1_of(std::initializer_list<std::span<const uint8_t>> parts) {
  DigestCtx ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  HZ_CHECK(ctx && EVP_DigestInit_ex(ctx.get(), EVP_sha1(), nullptr) == 1);
  for (auto part : parts) HZ_CHECK(EVP_DigestUpdate(ctx.get(), part.data(), part.size()) == 1);
  std::array<uint8_t, 20> out{};
  unsigned int len = 0;
  HZ_CHECK(EVP_DigestFinal_ex(ctx.get(), out.data(), &len) == 1 && len == out.size());
  return out;
}

std::span<const uint8_t> bytes_of(std::string_view text) {
  return {reinterpret_cast<const uint8_t*>(text.data()), text.size()};
}

}  // namespace

std::string signed_hex_digest(std::span<const uint8_t, 20> digest) {
  std::array<uint8_t, 20> magnitude{};
  std::copy(digest.begin(), digest.end(), magnitude.begin());
  const bool negative = (magnitude[0] & 0x80) != 0;
  if (negative) {
    // Two's complement negation gives the magnitude Java prints after the minus sign.
    unsigned carry = 1;
    for (size_t i = magnitude.size(); i-- > 0;) {
      unsigned v = static_cast<uint8_t>(~magnitude[i]) + carry;
      magnitude[i] = static_cast<uint8_t>(v);
      carry = v >> 8;
    }
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (uint8_t b : magnitude) {
    hex.push_back(kHex[b >> 4]);
    hex.push_back(kHex[b & 15]);
  }
  size_t first = hex.find_first_not_of('0');
  hex = first == std::string::npos ? "0" : hex.substr(first);
  return negative ? "-" + hex : hex;
}

std::string minecraft_digest(std::string_view text) { return signed_hex_digest(sha1_of({bytes_of(text)})); }

std::string server_id_hash(std::string_view server_id, std::span<const uint8_t> shared_secret,
                           std::span<const uint8_t> public_key_der) {
  return signed_hex_digest(sha1_of({bytes_of(server_id), shared_secret, public_key_der}));
}

}  // namespace hz::auth
