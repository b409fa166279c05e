#include "sim/core/java_format.h"

#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>

namespace hz {

namespace {

// Shortest round-trip digits of |value| and its decimal exponent: value = 0.d1d2d3... x 10^exp10.
struct Decimal {
  std::string digits;  // no leading zeros, at least one digit ("0" for zero)
  int point = 0;       // digits[0] is at 10^(point-1)
};

Decimal shortest_decimal(double magnitude) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, magnitude, std::chars_format::scientific);
  std::string s(buf, res.ptr);
  size_t e = s.find('e');
  std::string mant = s.substr(0, e);
  int exp = std::stoi(s.substr(e + 1));
  Decimal d;
  for (char c : mant)
    if (c != '.') d.digits.push_back(c);
  d.point = exp + 1;
  if (magnitude == 0) {
    d.digits = "0";
    d.point = 1;
  }
  return d;
}

// Rounds the digit string HALF_UP so that `places` digits remain after the decimal point.
std::string fixed_from_decimal(Decimal d, int places) {
  int keep = d.point + places;  // how many leading digits survive
  if (keep < 0) return places > 0 ? "0." + std::string(places, '0') : "0";
  std::string kept = d.digits.substr(0, std::min<size_t>(keep, d.digits.size()));
  bool round_up = static_cast<size_t>(keep) < d.digits.size() && d.digits[keep] >= '5';
  kept.resize(keep, '0');
  if (round_up) {
    int i = keep - 1;
    while (i >= 0 && kept[i] == '9') kept[i--] = '0';
    if (i >= 0) {
      ++kept[i];
    } else {
      kept.insert(kept.begin(), '1');
      ++d.point;
    }
  }
  // Now kept has point + places digits (point may be <= 0).
  std::string int_part, frac_part;
  if (d.point > 0) {
    int_part = kept.substr(0, d.point);
    frac_part = kept.substr(d.point);
  } else {
    int_part = "0";
    frac_part = std::string(-d.point, '0') + kept;
    frac_part.resize(places, '0');
  }
  size_t nz = int_part.find_first_not_of('0');
  int_part = nz == std::string::npos ? "0" : int_part.substr(nz);
  return places > 0 ? int_part + "." + frac_part : int_part;
}

}  // namespace

std::string java_fixed(double value, int places) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  std::string body = fixed_from_decimal(shortest_decimal(std::fabs(value)), places);
  return std::signbit(value) ? "-" + body : body;
}

namespace {

// Java's Double/Float.toString layout from shortest digits: plain for 1e-3 <= |x| < 1e7, else
// computerized scientific "d.dddE[-]n"; always at least one digit after the point.
std::string java_to_string(double magnitude_value, bool negative, const Decimal& d) {
  std::string out = negative ? "-" : "";
  if (magnitude_value >= 1e-3 && magnitude_value < 1e7) {
    if (d.point <= 0) {
      out += "0." + std::string(-d.point, '0') + d.digits;
    } else if (static_cast<size_t>(d.point) >= d.digits.size()) {
      out += d.digits + std::string(d.point - d.digits.size(), '0') + ".0";
    } else {
      out += d.digits.substr(0, d.point) + "." + d.digits.substr(d.point);
    }
    return out;
  }
  out += d.digits.substr(0, 1) + "." + (d.digits.size() > 1 ? d.digits.substr(1) : "0");
  out += "E" + std::to_string(d.point - 1);
  return out;
}

}  // namespace

std::string java_double_to_string(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  double m = std::fabs(value);
  return java_to_string(m, value < 0, shortest_decimal(m));
}

std::string java_float_to_string(float value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0) return std::signbit(value) ? "-0.0" : "0.0";
  float m = std::fabs(value);
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, m, std::chars_format::scientific);
  std::string s(buf, res.ptr);
  size_t e = s.find('e');
  Decimal d;
  for (char c : s.substr(0, e))
    if (c != '.') d.digits.push_back(c);
  d.point = std::stoi(s.substr(e + 1)) + 1;
  return java_to_string(static_cast<double>(m), value < 0, d);
}

int64_t java_d2l(double value) {
  if (std::isnan(value)) return 0;
  if (value >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
  if (value <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(value);
}

int32_t java_round_f(float value) {
  if (std::isnan(value)) return 0;
  return java_d2i(std::floor(static_cast<double>(value) + 0.5));
}

}  // namespace hz
