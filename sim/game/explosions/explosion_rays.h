// Which blocks an explosion breaks and how hard it hits an entity (docs/rules/explosions.md): the
// 16x16x16 ray cast of ServerExplosion and ExplosionDamageCalculator's damage, as pure functions.
#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/entities/entity.h"
#include "sim/game/movement/aabb.h"
#include "sim/protocol/wire.h"

namespace hz::explosion_rays {

// Rays start on the faces of a 16-cube of directions; each loses this much power per step.
inline constexpr int kRayGrid = 16;
inline constexpr float kStep = 0.3f;
inline constexpr float kPowerPerStep = 0.22500001f;

// A block's resistance to the ray: nothing for air with no fluid (the ray passes freely), else the
// larger of the block's and its fluid's blast resistance.
using Resistance = std::function<std::optional<float>(const BlockPos&)>;
// Whether a position is inside the world's build height (a ray stops where it leaves it).
using InWorld = std::function<bool(const BlockPos&)>;

// Every block position a ray reached with power left, sorted by (x, y, z). Draws one float from
// `random` per ray, in vanilla's ray order (x outermost, then y, then z).
std::vector<BlockPos> exploded_positions(const Vec3& center, float radius, Rng& random, const Resistance& resistance,
                                         const InWorld& in_world);

// Whether a straight line from `from` to `to` meets no block collider (ClipContext COLLIDER, no fluids).
using ClearLine = std::function<bool(const Vec3& from, const Vec3& to)>;

// ServerExplosion.getSeenPercent: the share of sample points on `box` (a grid of step
// 1 / (2 * size + 1) per axis, x and z offset to centre it) with a clear line to `center`.
float seen_percent(const Vec3& center, const Aabb& box, const ClearLine& clear);

// ExplosionDamageCalculator.getEntityDamageAmount: `distance` from the centre to the entity's
// position, `exposure` the share of its box the centre sees (0..1).
float entity_damage(float radius, double distance, float exposure);

// The knockback strength along the centre-to-eyes direction (before knockback resistance).
double knockback_power(float radius, double distance, float exposure);

}  // namespace hz::explosion_rays
