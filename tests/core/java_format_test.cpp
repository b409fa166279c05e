#include "sim/core/java_format.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace hz {
namespace {

// Expected strings are what Java 21's String.format(Locale.ROOT, ...) and Float.toString print.
TEST(JavaFormat, FixedRoundsHalfUpOnShortestDigits) {
  EXPECT_EQ(java_fixed(0.05, 1), "0.1");
  EXPECT_EQ(java_fixed(0.15, 1), "0.2");  // C printf: 0.1
  EXPECT_EQ(java_fixed(0.25, 1), "0.3");  // C printf: 0.2 (half-even)
  EXPECT_EQ(java_fixed(0.35, 1), "0.4");  // C printf: 0.3
  EXPECT_EQ(java_fixed(0.125, 2), "0.13");
  EXPECT_EQ(java_fixed(2.675, 2), "2.68");  // C printf: 2.67
  EXPECT_EQ(java_fixed(1e-7, 1), "0.0");
  EXPECT_EQ(java_fixed(12345.65, 1), "12345.7");
  EXPECT_EQ(java_fixed(-0.0, 1), "-0.0");
  EXPECT_EQ(java_fixed(0.0, 1), "0.0");
  EXPECT_EQ(java_fixed(9.96, 1), "10.0");
  EXPECT_EQ(java_fixed(99.95, 1), "100.0");
  EXPECT_EQ(java_fixed(-1.25, 1), "-1.3");
  EXPECT_EQ(java_fixed(50.0, 1), "50.0");
  EXPECT_EQ(java_fixed(1e20, 1), "100000000000000000000.0");
  EXPECT_EQ(java_fixed(0.5, 0), "1");
  EXPECT_EQ(java_fixed(123.456, 6), "123.456000");
}

TEST(JavaFormat, FloatArgumentsAreWidenedFirst) {
  EXPECT_EQ(java_fixed(0.15f, 1), "0.2");   // 0.15000000596046448
  EXPECT_EQ(java_fixed(0.05f, 1), "0.1");   // 0.05000000074505806
  EXPECT_EQ(java_fixed(2.25f, 1), "2.3");
  EXPECT_EQ(java_fixed(20.0f, 1), "20.0");
  EXPECT_EQ(java_fixed(static_cast<float>(12345678) / 1.0e6f, 1), "12.3");
}

TEST(JavaFormat, FloatToStringMatchesJava) {
  EXPECT_EQ(java_float_to_string(1.0f), "1.0");
  EXPECT_EQ(java_float_to_string(10000.0f), "10000.0");
  EXPECT_EQ(java_float_to_string(0.5f), "0.5");
  EXPECT_EQ(java_float_to_string(0.1f), "0.1");
  EXPECT_EQ(java_float_to_string(1.0e7f), "1.0E7");
  EXPECT_EQ(java_float_to_string(1.0e-4f), "1.0E-4");
  EXPECT_EQ(java_float_to_string(0.001f), "0.001");
  EXPECT_EQ(java_float_to_string(-2.5f), "-2.5");
  EXPECT_EQ(java_float_to_string(123456.7f), "123456.7");
  EXPECT_EQ(java_float_to_string(std::nanf("")), "NaN");
  EXPECT_EQ(java_double_to_string(1e21), "1.0E21");
  EXPECT_EQ(java_double_to_string(-0.0), "-0.0");
}

TEST(JavaFormat, CastsSaturateAndMapNanToZero) {
  EXPECT_EQ(java_d2i(std::nan("")), 0);
  EXPECT_EQ(java_d2i(1e20), std::numeric_limits<int32_t>::max());
  EXPECT_EQ(java_d2i(-1e20), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(java_d2i(-2.7), -2);
  EXPECT_EQ(java_floor(-2.5), -3);
  EXPECT_EQ(java_floor(-0.0), 0);
  EXPECT_EQ(java_floor(3.0), 3);
  EXPECT_EQ(java_d2l(std::numeric_limits<double>::infinity()), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(java_round_f(2.5f), 3);
  EXPECT_EQ(java_round_f(-2.5f), -2);
  EXPECT_EQ(java_round_f(0.49999997f), 0);
}

}  // namespace
}  // namespace hz
