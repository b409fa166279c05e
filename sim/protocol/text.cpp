#include "sim/protocol/text.h"

#include <string_view>

#include "sim/protocol/json_writer.h"

namespace hz {
namespace {

bool is_style_flag(std::string_view key) {
  return key == "bold" || key == "italic" || key == "underlined" || key == "strikethrough" || key == "obfuscated";
}

nbt::Tag compound_form(const TextComponent& c);

bool all_bare(const std::vector<TextComponent>& items) {
  for (const auto& item : items) {
    if (!item.is_bare()) return false;
  }
  return true;
}

// NBT list of components; all compounds if any of them needs one.
nbt::Tag component_list(const std::vector<TextComponent>& items) {
  bool strings = all_bare(items);
  nbt::List list;
  for (const auto& item : items) list.items.push_back(strings ? nbt::Tag(item.text) : compound_form(item));
  return nbt::Tag(std::move(list));
}

nbt::Tag compound_form(const TextComponent& c) {
  nbt::Compound out;
  if (c.translate.empty()) {
    out.put("text", nbt::Tag(c.text));
  } else {
    out.put("translate", nbt::Tag(c.translate));
    if (!c.with.empty()) out.put("with", component_list(c.with));
  }
  if (!c.color.empty()) out.put("color", nbt::Tag(c.color));
  if (c.bold) out.put("bold", nbt::Tag(static_cast<int8_t>(*c.bold)));
  if (c.italic) out.put("italic", nbt::Tag(static_cast<int8_t>(*c.italic)));
  if (!c.extra.empty()) out.put("extra", component_list(c.extra));
  return nbt::Tag(std::move(out));
}

void write_json(JsonWriter& w, const TextComponent& c, bool as_object);

// Same list rule as the NBT form, so both forms describe the same tree.
void write_json_list(JsonWriter& w, const std::vector<TextComponent>& items) {
  bool objects = !all_bare(items);
  w.begin_array();
  for (const auto& item : items) write_json(w, item, objects);
  w.end_array();
}

void write_json(JsonWriter& w, const TextComponent& c, bool as_object) {
  if (!as_object && c.is_bare()) {
    w.string(c.text);
    return;
  }
  w.begin_object();
  if (c.translate.empty()) {
    w.key("text").string(c.text);
  } else {
    w.key("translate").string(c.translate);
    if (!c.with.empty()) write_json_list(w.key("with"), c.with);
  }
  if (!c.color.empty()) w.key("color").string(c.color);
  if (c.bold) w.key("bold").boolean(*c.bold);
  if (c.italic) w.key("italic").boolean(*c.italic);
  if (!c.extra.empty()) write_json_list(w.key("extra"), c.extra);
  w.end_object();
}

void write_nbt_json(JsonWriter& w, const nbt::Tag& tag, bool style_flag);

template <class Array>
void write_number_array(JsonWriter& w, const Array& values) {
  w.begin_array();
  for (auto x : values) w.number(int64_t{x});
  w.end_array();
}

void write_nbt_compound_json(JsonWriter& w, const nbt::Compound& c) {
  // {"": x} is how vanilla wraps a non-compound item of a mixed list.
  if (c.size() == 1 && c.entries()[0].first.empty()) {
    write_nbt_json(w, c.entries()[0].second, false);
    return;
  }
  w.begin_object();
  for (const auto& [key, value] : c) {
    w.key(key);
    write_nbt_json(w, value, is_style_flag(key));
  }
  w.end_object();
}

void write_nbt_json(JsonWriter& w, const nbt::Tag& tag, bool style_flag) {
  struct Visitor {
    JsonWriter& w;
    bool style_flag;
    void operator()(std::monostate) { w.string(""); }
    void operator()(int8_t v) {
      if (style_flag) {
        w.boolean(v != 0);
      } else {
        w.number(int64_t{v});
      }
    }
    void operator()(int16_t v) { w.number(int64_t{v}); }
    void operator()(int32_t v) { w.number(int64_t{v}); }
    void operator()(int64_t v) { w.number(v); }
    void operator()(float v) { w.number(v); }
    void operator()(double v) { w.number(v); }
    void operator()(const std::string& v) { w.string(v); }
    void operator()(const nbt::List& v) {
      w.begin_array();
      for (const auto& item : v.items) write_nbt_json(w, item, false);
      w.end_array();
    }
    void operator()(const nbt::Compound& v) { write_nbt_compound_json(w, v); }
    void operator()(const nbt::ByteArray& v) { write_number_array(w, v); }
    void operator()(const nbt::IntArray& v) { write_number_array(w, v); }
    void operator()(const nbt::LongArray& v) { write_number_array(w, v); }
  };
  std::visit(Visitor{w, style_flag}, tag.value());
}

void append_plain(std::string& out, const TextComponent& c) {
  if (c.translate.empty()) {
    out += c.text;
  } else {
    out += c.translate;
    if (!c.with.empty()) {
      out += "[";
      for (size_t i = 0; i < c.with.size(); ++i) {
        if (i != 0) out += ", ";
        append_plain(out, c.with[i]);
      }
      out += "]";
    }
  }
  for (const auto& sibling : c.extra) append_plain(out, sibling);
}

}  // namespace

TextComponent TextComponent::plain(std::string text) {
  TextComponent c;
  c.text = std::move(text);
  return c;
}

TextComponent TextComponent::translatable(std::string key, std::vector<TextComponent> args) {
  TextComponent c;
  c.translate = std::move(key);
  c.with = std::move(args);
  return c;
}

bool TextComponent::is_bare() const {
  return translate.empty() && color.empty() && !bold && !italic && extra.empty();
}

nbt::Tag to_nbt(const TextComponent& c) { return c.is_bare() ? nbt::Tag(c.text) : compound_form(c); }

std::string to_json(const TextComponent& c) {
  JsonWriter w;
  write_json(w, c, false);
  return w.take();
}

std::string to_plain(const TextComponent& c) {
  std::string out;
  append_plain(out, c);
  return out;
}

std::string nbt_text_to_json(const nbt::Tag& tag) {
  JsonWriter w;
  write_nbt_json(w, tag, false);
  return w.take();
}

}  // namespace hz
