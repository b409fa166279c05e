// Chat text components: plain or translatable text with colour and style, written as NBT (the
// configuration and play states) or as JSON (login disconnect and the status response).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/protocol/nbt.h"

namespace hz {

struct TextComponent {
  std::string text;       // literal text; ignored when `translate` is set
  std::string translate;  // translation key, e.g. "multiplayer.disconnect.incompatible"
  std::vector<TextComponent> with;  // arguments of a translation
  std::string color;      // "" inherits; a name ("yellow") or "#rrggbb"
  std::optional<bool> bold;
  std::optional<bool> italic;
  std::vector<TextComponent> extra;  // appended siblings

  static TextComponent plain(std::string text);
  static TextComponent translatable(std::string key, std::vector<TextComponent> args = {});
  TextComponent& colored(std::string c) {
    color = std::move(c);
    return *this;
  }
  TextComponent& with_italic(bool on) {
    italic = on;
    return *this;
  }
  TextComponent& with_bold(bool on) {
    bold = on;
    return *this;
  }
  TextComponent& append(TextComponent sibling) {
    extra.push_back(std::move(sibling));
    return *this;
  }

  // Plain text without style or siblings: written as a bare string in both forms.
  bool is_bare() const;
  bool operator==(const TextComponent&) const = default;
};

// NBT form: a String tag for bare text, else a compound (text or translate + with, color,
// bold, italic, extra). Lists are kept homogeneous: when any item needs a compound, all are.
nbt::Tag to_nbt(const TextComponent& c);
// JSON form: a string for bare text, else an object with the same keys.
std::string to_json(const TextComponent& c);
// The text as a player reads it, without style (translations show the key and arguments).
std::string to_plain(const TextComponent& c);

// JSON of a text component held as NBT: strings, compounds and lists map over directly, and the
// style flags (bold, italic, underlined, strikethrough, obfuscated) become true/false.
std::string nbt_text_to_json(const nbt::Tag& tag);

}  // namespace hz
