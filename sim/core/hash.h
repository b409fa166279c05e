// The project's one hash: a stable 64-bit streaming hash for effect and state digests, chunk
// checksums and trace verification. Stable across machines, builds and processes (unlike absl's).
#pragma once

#include <bit>
#include <cstdint>
#include <string>
#include <cstring>
#include <span>
#include <string_view>

namespace hz {

class Hasher {
 public:
  Hasher() = default;
  explicit Hasher(uint64_t seed) : state_(kSeed ^ seed) {}

  void bytes(const void* data, size_t size);
  void bytes(std::span<const uint8_t> data) { bytes(data.data(), data.size()); }
  void str(std::string_view s) {
    u64(s.size());
    bytes(s.data(), s.size());
  }
  void u64(uint64_t v) {
    // The word as its 8 bytes (little-endian hosts only, checked in hash.cpp), without a loop over
    // them: the state hash feeds tens of thousands a pass, most after a string left bytes pending.
    length_ += 8;
    if (pending_size_ == 0) return absorb(v);
    const unsigned shift = static_cast<unsigned>(pending_size_) * 8;  // 8..56
    uint64_t pending;
    std::memcpy(&pending, pending_, 8);
    absorb((pending & ((uint64_t{1} << shift) - 1)) | (v << shift));
    const uint64_t rest = v >> (64 - shift);
    std::memcpy(pending_, &rest, 8);
  }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void f64(double v) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    u64(bits);
  }
  void f32(float v) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    u64(bits);
  }
  // The digest of everything fed so far; the hasher can keep going afterwards.
  uint64_t digest() const;

 private:
  static constexpr uint64_t kSeed = 0x9E3779B97F4A7C15ull;
  static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    x ^= x >> 33;
    return x;
  }
  void absorb(uint64_t word) { state_ = std::rotl((state_ ^ mix(word)) * 0x9FB21C651E98DF25ull, 29); }

  uint64_t state_ = kSeed;
  uint64_t length_ = 0;
  uint8_t pending_[8] = {};
  size_t pending_size_ = 0;
};

uint64_t hash_bytes(std::span<const uint8_t> data);

// A 64-bit value as 16 lowercase hex digits, how digests and hashes are shown.
std::string hex64(uint64_t value);

// Mixes two digests into one (order matters).
inline uint64_t hash_combine(uint64_t a, uint64_t b) {
  uint64_t x = a ^ (b + 0x9E3779B97F4A7C15ull + (a << 6) + (a >> 2));
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return x;
}

}  // namespace hz
