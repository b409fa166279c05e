#include "sim/protocol/fields.h"

#include <algorithm>
#include <cmath>

namespace hz {
namespace {

constexpr double kLpMaxValue = 1.7179869183E10;
constexpr double kLpMinValue = 3.051944088384301E-5;

// Java's Math.round(double) for the values LpVec3 packs: nearest, ties upwards.
int64_t java_round(double v) {
  double f = std::floor(v);
  return static_cast<int64_t>(v - f >= 0.5 ? f + 1.0 : f);
}

double sanitize(double v) { return std::isnan(v) ? 0.0 : std::clamp(v, -kLpMaxValue, kLpMaxValue); }

uint16_t pack(double v) { return static_cast<uint16_t>(java_round((v * 0.5 + 0.5) * 32766.0) & 0x7FFF); }

bool valid_namespace_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

}  // namespace

Angle Angle::from_degrees(float degrees) {
  return Angle{static_cast<uint8_t>(static_cast<int32_t>(std::floor(degrees * 256.0f / 360.0f)))};
}

LpVec3 LpVec3::from(double x, double y, double z) {
  x = sanitize(x);
  y = sanitize(y);
  z = sanitize(z);
  double longest = std::max(std::fabs(x), std::max(std::fabs(y), std::fabs(z)));
  if (longest < kLpMinValue) return LpVec3{};
  LpVec3 v;
  v.scale = static_cast<int64_t>(std::ceil(longest));
  auto s = static_cast<double>(v.scale);
  v.qx = pack(x / s);
  v.qy = pack(y / s);
  v.qz = pack(z / s);
  return v;
}

double LpVec3::unpack(uint16_t q) const {
  double unit = std::min(static_cast<double>(q & 0x7FFF), static_cast<double>(kMaxQuantum)) * 2.0 / 32766.0 - 1.0;
  return unit * static_cast<double>(scale);
}

bool is_valid_identifier(std::string_view s) {
  size_t colon = s.find(':');
  std::string_view ns = colon == std::string_view::npos ? std::string_view() : s.substr(0, colon);
  std::string_view path = colon == std::string_view::npos ? s : s.substr(colon + 1);
  if (!std::all_of(ns.begin(), ns.end(), valid_namespace_char)) return false;
  return std::all_of(path.begin(), path.end(), [](char c) { return valid_namespace_char(c) || c == '/'; });
}

}  // namespace hz
