#include "sim/core/hash.h"

#include <cstdio>

#include <bit>

namespace hz {

static_assert(std::endian::native == std::endian::little, "the hash reads words little-endian");

void Hasher::bytes(const void* data, size_t size) {
  const auto* p = static_cast<const uint8_t*>(data);
  length_ += size;
  while (size > 0 && pending_size_ > 0) {
    pending_[pending_size_++] = *p++;
    --size;
    if (pending_size_ == 8) {
      uint64_t w;
      std::memcpy(&w, pending_, 8);
      absorb(w);
      pending_size_ = 0;
    }
  }
  while (size >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    absorb(w);
    p += 8;
    size -= 8;
  }
  while (size > 0) {
    pending_[pending_size_++] = *p++;
    --size;
  }
}

uint64_t Hasher::digest() const {
  uint64_t s = state_;
  uint64_t tail = 0;
  std::memcpy(&tail, pending_, pending_size_);
  s = (s ^ mix(tail ^ (static_cast<uint64_t>(pending_size_) << 56))) * 0x9FB21C651E98DF25ull;
  return mix(s ^ length_);
}

uint64_t hash_bytes(std::span<const uint8_t> data) {
  Hasher h;
  h.bytes(data);
  return h.digest();
}

std::string hex64(uint64_t value) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(value));
  return buf;
}

}  // namespace hz
