// Item tags (the `minecraft:item` registry of tags.h): whether an item is in a tag, for the few
// rules that ask once per action (a sword's sweep).
#pragma once

#include <cstdint>
#include <string_view>

namespace hz {

// Asking for a tag the server does not send is a bug, as for block tags.
bool item_in_tag(int32_t item, std::string_view tag);

}  // namespace hz
