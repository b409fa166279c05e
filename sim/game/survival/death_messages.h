// The English text of the death messages Horizon sends as translatable components, for the log
// (vanilla logs the rendered message; the client renders its own language).
#pragma once

#include <string>
#include <string_view>

namespace hz {

// "death.attack.fall" with "Steve" -> "Steve hit the ground too hard"; an unknown key is logged
// as the key with the name. `killer` is the attacker's English name for messages that have one
// ("death.attack.mob": "Steve was slain by Zombie").
std::string english_death_message(std::string_view key, const std::string& name, std::string_view killer = {});

}  // namespace hz
