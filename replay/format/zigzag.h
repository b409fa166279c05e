// Zigzag coding of differences: small values of either sign become small unsigned numbers
// (0, -1, 1, -2, ... to 0, 1, 2, 3, ...), which VarInts and zstd both keep short.
#pragma once

namespace hz {

// U is an unsigned type; the difference is its two's-complement bit pattern.
template <class U>
U zigzag(U difference) {
  constexpr int top = sizeof(U) * 8 - 1;
  return static_cast<U>((difference << 1) ^ (0 - (difference >> top)));
}
template <class U>
U unzigzag(U z) {
  return static_cast<U>((z >> 1) ^ (0 - (z & 1)));
}

}  // namespace hz
