// Number formatting the horizon-trace commands share: a value with a fixed number of decimals,
// as the reports print speeds, ratios and sizes.
#pragma once

#include <cstdio>
#include <string>

namespace hz {

inline std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace hz
