// Vanilla's small Mth helpers that several systems share, in one place so each computes exactly
// as vanilla's does (the float and double forms round differently and both are used).
#pragma once

namespace hz {

// Mth.lerp: start + delta * (end - start), in the precision of the arguments.
inline double lerp(double delta, double start, double end) { return start + delta * (end - start); }
inline float lerp(float delta, float start, float end) { return start + delta * (end - start); }

// Mth.DEG_TO_RAD as vanilla computes it in float.
inline constexpr float kDegreesToRadians = static_cast<float>(3.141592653589793) / 180.0f;

// Mth.sin / Mth.cos: vanilla's 65536-entry table of float sines.
float table_sin(double radians);
float table_cos(double radians);

// Mth.wrapDegrees for floats: into [-180, 180).
float wrap_degrees(float degrees);

}  // namespace hz
