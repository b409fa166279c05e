// Number formatting with Java's semantics, for texts that must match vanilla byte for byte:
// String.format(Locale.ROOT, "%.Nf", x), Float.toString, and Java's (int) casts and Mth.floor.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>

namespace hz {

// Java's "%.Nf" of a double: the shortest decimal that round-trips, rounded HALF_UP to N places
// (so 0.125 -> "0.13" and 2.675 -> "2.68", where C's printf gives "0.12" and "2.67").
std::string java_fixed(double value, int places);
// A float argument is widened to double first, as Java's varargs do.
inline std::string java_fixed(float value, int places) { return java_fixed(static_cast<double>(value), places); }

// Java's Float.toString / Double.toString ("1.0", "10000.0", "1.0E7", "NaN").
std::string java_float_to_string(float value);
std::string java_double_to_string(double value);

// Java's (int) cast of a double: NaN -> 0, saturating at the int range. Inline: collisions and
// chunk lookups floor coordinates in their innermost loops.
inline int32_t java_d2i(double value) {
  if (std::isnan(value)) return 0;
  if (value >= 2147483647.0) return std::numeric_limits<int32_t>::max();
  if (value <= -2147483648.0) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(value);
}
int64_t java_d2l(double value);
// Mth.floor: the largest int not greater than value (saturating like the cast).
inline int32_t java_floor(double value) {
  const int32_t i = java_d2i(value);
  return value < static_cast<double>(i) ? i - 1 : i;
}
// Math.round(float): floor(x + 0.5f) as int, NaN -> 0, saturating.
int32_t java_round_f(float value);

}  // namespace hz
