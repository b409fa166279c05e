// Whether an item or an entity type is in a tag (tags.h's registries), for the few rules that ask
// once per action or once at start (a sword's sweep, a mob kind's fall damage).
#pragma once

#include <cstdint>
#include <string_view>

namespace hz {

// Asking for a tag the server does not send is a bug, as for block tags.
bool item_in_tag(int32_t item, std::string_view tag);
bool entity_type_in_tag(int32_t entity_type, std::string_view tag);

}  // namespace hz
