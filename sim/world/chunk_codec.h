// A compact byte form of a column, its light and feature plans for passing generation jobs and
// their results across threads (and into traces). Decoders check everything and never crash.
#pragma once

#include "sim/protocol/wire.h"
#include "sim/world/chunk_column.h"
#include "sim/world/generation_stages.h"
#include "sim/world/light_engine.h"

namespace hz {

// Position, status, the 24 sections in protocol form and, when present, light and feature plan.
void write_column(ByteWriter& out, const ChunkColumn& column);
bool read_column(ByteReader& in, ChunkColumn& column);

void write_light(ByteWriter& out, const ColumnLight& light);
bool read_light(ByteReader& in, ColumnLight& light);

void write_plan(ByteWriter& out, const FeaturePlan& plan);
bool read_plan(ByteReader& in, FeaturePlan& plan);

void write_blocks(ByteWriter& out, const ColumnBlocks& blocks);
bool read_blocks(ByteReader& in, ColumnBlocks& blocks);

}  // namespace hz
