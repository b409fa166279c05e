// Other static ids from minecraft-data 3.117.0: items, entity types, and the protocol version.
#pragma once

#include <optional>
#include <string_view>

namespace hz {

inline constexpr int kProtocolVersion = 775;
inline constexpr std::string_view kVersionName = "26.1";
inline constexpr int kDataVersion = 4790;  // chunk and level.dat DataVersion written (26.1.2)

std::optional<int> item_id(std::string_view name);         // "stone" or "minecraft:stone"
std::string_view item_name(int id);                        // "stone"; empty for an unknown id
int item_count();
int item_max_stack_size(int id);                            // 1, 16 or 64 (99 max); 0 for an unknown id
int item_max_damage(int id);                                // durability; 0 when it does not wear or is unknown
std::optional<int> entity_type_id(std::string_view name);  // "player" -> 155

}  // namespace hz
