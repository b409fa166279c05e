// Text components as the server sends them: plain or translatable text with colour and italics,
// written as NBT (configuration and play) or JSON (login disconnect and status).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/protocol/nbt.h"

namespace hz {

struct ChatText {
  std::string text;                // used when `translate` is empty
  std::string translate;           // translation key, e.g. "multiplayer.player.joined"
  std::vector<ChatText> with;      // arguments of a translation
  std::string color;               // "", "red", "yellow", "gray"
  bool italic = false;

  static ChatText plain(std::string text, std::string color = "") {
    ChatText t;
    t.text = std::move(text);
    t.color = std::move(color);
    return t;
  }
  static ChatText translated(std::string key, std::vector<ChatText> args = {}, std::string color = "") {
    ChatText t;
    t.translate = std::move(key);
    t.with = std::move(args);
    t.color = std::move(color);
    return t;
  }

  nbt::Tag to_nbt() const;
  std::string to_json() const;
};

}  // namespace hz
