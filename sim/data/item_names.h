// English item names (en_us) by item id, as commands' texts show them: vanilla's hover name of a
// stack without components. Generated into sim/data/generated/item_names.cpp by tools/datagen.
#pragma once

#include <string_view>

namespace hz {

// "Stone" for stone; empty for an unknown id.
std::string_view item_english_name(int id);

}  // namespace hz
