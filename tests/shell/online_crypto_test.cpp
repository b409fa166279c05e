// Online mode's cryptography against fixed vectors and OpenSSL's one-shot routines: the
// server-id hash, AES-128-CFB8 in pieces, and the RSA key's DER and PKCS#1 v1.5 round trip.
#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <numeric>

#include "server/auth/cfb8_cipher.h"
#include "server/auth/server_id_hash.h"
#include "server/auth/server_key.h"

namespace hz::auth {
namespace {

TEST(ServerIdHash, KnownVectors) {
  EXPECT_EQ(minecraft_digest("Notch"), "4ed1f46bbe04bc756bcb17c0c7ce3e4632f06a48");
  EXPECT_EQ(minecraft_digest("jeb_"), "-7c9d5b0044c130109a5d7b5fb5c317c02b4e28c1");
  EXPECT_EQ(minecraft_digest("simon"), "88e16a1019277b15d58faf0541e11910eb756f6");
}

TEST(ServerIdHash, SignedHexEdges) {
  std::array<uint8_t, 20> d{};
  EXPECT_EQ(signed_hex_digest(d), "0");
  d.fill(0xFF);  // -1 in two's complement
  EXPECT_EQ(signed_hex_digest(d), "-1");
  d.fill(0);
  d[0] = 0x80;  // the most negative value keeps its full width
  EXPECT_EQ(signed_hex_digest(d), "-8000000000000000000000000000000000000000");
}

TEST(ServerIdHash, HashesTheConcatenation) {
  // The parts are hashed back to back, so splitting "Notch" anywhere gives the same digest.
  const uint8_t tc[] = {'t', 'c'};
  const uint8_t h[] = {'h'};
  EXPECT_EQ(server_id_hash("No", tc, h), minecraft_digest("Notch"));
}

Bytes one_shot_cfb8(const Bytes& key, const Bytes& in, bool encrypt) {
  EVP_CIPHER_CTX* ctx = EVP_CIPHER_CTX_new();
  EXPECT_EQ(EVP_CipherInit_ex(ctx, EVP_aes_128_cfb8(), nullptr, key.data(), key.data(), encrypt ? 1 : 0), 1);
  Bytes out(in.size() + 16);
  int len = 0, fin = 0;
  EXPECT_EQ(EVP_CipherUpdate(ctx, out.data(), &len, in.data(), static_cast<int>(in.size())), 1);
  EXPECT_EQ(EVP_CipherFinal_ex(ctx, out.data() + len, &fin), 1);
  EVP_CIPHER_CTX_free(ctx);
  out.resize(static_cast<size_t>(len + fin));
  return out;
}

TEST(Cfb8Cipher, MatchesOneShotWhenFedInPieces) {
  Bytes key(16);
  std::iota(key.begin(), key.end(), uint8_t{7});
  Bytes plain(1000);
  for (size_t i = 0; i < plain.size(); ++i) plain[i] = static_cast<uint8_t>(i * 31 + 5);
  const Bytes expected = one_shot_cfb8(key, plain, true);
  ASSERT_EQ(expected.size(), plain.size());

  auto enc = Cfb8Cipher::create(Cfb8Cipher::Direction::kEncrypt, key);
  ASSERT_TRUE(enc.ok()) << enc.error();
  Bytes data = plain;
  std::span<uint8_t> rest(data);
  for (size_t piece : {1u, 2u, 17u, 300u}) {
    enc->apply(rest.first(piece));
    rest = rest.subspan(piece);
  }
  enc->apply(rest);
  EXPECT_EQ(data, expected);
  EXPECT_NE(data, plain);

  auto dec = Cfb8Cipher::create(Cfb8Cipher::Direction::kDecrypt, key);
  ASSERT_TRUE(dec.ok());
  dec->apply(std::span<uint8_t>(data).first(3));
  dec->apply(std::span<uint8_t>(data).subspan(3));
  EXPECT_EQ(data, plain);
  EXPECT_EQ(one_shot_cfb8(key, expected, false), plain);
}

TEST(Cfb8Cipher, RefusesAWrongSizedSecret) {
  Bytes key(15);
  EXPECT_FALSE(Cfb8Cipher::create(Cfb8Cipher::Direction::kEncrypt, key).ok());
}

TEST(ServerKey, PublicDerAndPkcs1RoundTrip) {
  auto key = ServerKey::generate();
  ASSERT_TRUE(key.ok()) << key.error();
  // A SubjectPublicKeyInfo DER of a 1024-bit key: a SEQUENCE of 162 bytes in all.
  ASSERT_EQ(key->public_der().size(), 162u);
  EXPECT_EQ(key->public_der()[0], 0x30);

  const Bytes secret = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
  auto sealed = key->encrypt(secret);
  ASSERT_TRUE(sealed.ok()) << sealed.error();
  EXPECT_EQ(sealed->size(), 128u);
  auto opened = key->decrypt(*sealed);
  ASSERT_TRUE(opened.ok()) << opened.error();
  EXPECT_EQ(*opened, secret);

  Bytes tampered = *sealed;
  tampered[5] ^= 0x40;
  auto bad = key->decrypt(tampered);
  // PKCS#1 v1.5 may (rarely) accept a tampered block, but never to the same plaintext.
  if (bad.ok()) {
    EXPECT_NE(*bad, secret);
  }
  EXPECT_FALSE(key->decrypt(Bytes(5, 0)).ok());
}

}  // namespace
}  // namespace hz::auth
