#include "sim/game/chat_text.h"

#include "sim/protocol/json_writer.h"

namespace hz {

nbt::Tag ChatText::to_nbt() const {
  bool plain = translate.empty() && color.empty() && !italic;
  if (plain) return nbt::Tag(text);  // a bare String tag is a plain text component
  nbt::Compound c;
  if (translate.empty()) {
    c.put("text", nbt::Tag(text));
  } else {
    c.put("translate", nbt::Tag(translate));
    if (!with.empty()) {
      nbt::List args;
      for (const ChatText& arg : with) args.items.push_back(arg.to_nbt());
      c.put("with", nbt::Tag(std::move(args)));
    }
  }
  if (!color.empty()) c.put("color", nbt::Tag(color));
  if (italic) c.put("italic", nbt::Tag(int8_t{1}));
  return nbt::Tag(std::move(c));
}

namespace {
void write_json(JsonWriter& w, const ChatText& t) {
  w.begin_object();
  if (t.translate.empty()) {
    w.key("text").string(t.text);
  } else {
    w.key("translate").string(t.translate);
    if (!t.with.empty()) {
      w.key("with").begin_array();
      for (const ChatText& arg : t.with) write_json(w, arg);
      w.end_array();
    }
  }
  if (!t.color.empty()) w.key("color").string(t.color);
  if (t.italic) w.key("italic").boolean(true);
  w.end_object();
}
}  // namespace

std::string ChatText::to_json() const {
  JsonWriter w;
  write_json(w, *this);
  return w.take();
}

}  // namespace hz
