// Block tags (the `minecraft:block` registry of tags.h) as membership tables by block id, built
// once on first use: rules ask "is this block in tag T" in per-state tables and inner loops.
#pragma once

#include <string_view>
#include <vector>

#include "sim/data/blocks.h"

namespace hz {

// Members of a block tag ("minecraft:doors") by block id. Asking for a tag the server does not
// send is a bug (a misspelt name would otherwise read as an empty tag).
const std::vector<bool>& block_tag_members(std::string_view tag);
bool block_in_tag(BlockId block, std::string_view tag);

}  // namespace hz
