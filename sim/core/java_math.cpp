#include "sim/core/java_math.h"

#include <cmath>
#include <cstdint>

namespace hz {
namespace {

constexpr double kTrigScale = 10430.378350470453;  // 65536 / 2π, as vanilla's table is indexed

}  // namespace

float table_sin(double radians) {
  const int64_t index = static_cast<int64_t>(radians * kTrigScale) & 65535;
  return static_cast<float>(std::sin(static_cast<double>(index) / kTrigScale));
}

float table_cos(double radians) {
  const int64_t index = static_cast<int64_t>(radians * kTrigScale + 16384.0) & 65535;
  return static_cast<float>(std::sin(static_cast<double>(index) / kTrigScale));
}

float wrap_degrees(float degrees) {
  float wrapped = std::fmod(degrees, 360.0f);
  if (wrapped >= 180.0f) wrapped -= 360.0f;
  if (wrapped < -180.0f) wrapped += 360.0f;
  return wrapped;
}

}  // namespace hz
