#include "sim/protocol/text.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "tests/protocol/random_values.h"

namespace hz {
namespace {

TEST(Text, BareTextIsAStringInBothForms) {
  TextComponent c = TextComponent::plain("Hello \"you\"");
  EXPECT_EQ(to_nbt(c), nbt::Tag("Hello \"you\""));
  EXPECT_EQ(to_json(c), R"("Hello \"you\"")");
}

TEST(Text, TranslatableWithArgumentsAndStyle) {
  TextComponent c = TextComponent::translatable("multiplayer.disconnect.incompatible", {TextComponent::plain("26.1")})
                        .colored("red")
                        .with_italic(false);
  EXPECT_EQ(to_json(c),
            R"({"translate":"multiplayer.disconnect.incompatible","with":["26.1"],"color":"red","italic":false})");
  EXPECT_EQ(nbt::to_string(to_nbt(c)),
            R"({translate:"multiplayer.disconnect.incompatible",with:["26.1"],color:"red",italic:0b})");
}

TEST(Text, MixedListsUseCompoundsThroughout) {
  TextComponent c = TextComponent::translatable(
      "chat.type.text", {TextComponent::plain("Bot1"), TextComponent::plain("hi").colored("yellow")});
  EXPECT_EQ(nbt::to_string(to_nbt(c)), R"({translate:"chat.type.text",with:[{text:"Bot1"},{text:"hi",color:"yellow"}]})");
  EXPECT_EQ(to_json(c), R"({"translate":"chat.type.text","with":[{"text":"Bot1"},{"text":"hi","color":"yellow"}]})");
}

TEST(Text, ExtraSiblingsAndBold) {
  TextComponent c = TextComponent::plain("<Bot1> ").with_bold(true).append(TextComponent::plain("hello"));
  EXPECT_EQ(to_json(c), R"({"text":"<Bot1> ","bold":true,"extra":["hello"]})");
  EXPECT_EQ(to_plain(c), "<Bot1> hello");
}

TEST(Text, NbtTextToJsonUnwrapsWrappersAndMapsStyleFlags) {
  nbt::Compound wrapper;
  wrapper.put("", nbt::Tag("x"));
  nbt::List mixed;
  mixed.items = {nbt::Tag(wrapper), nbt::Tag(nbt::Compound().put("text", nbt::Tag("y")))};
  nbt::Compound root;
  root.put("text", nbt::Tag(""));
  root.put("underlined", nbt::Tag(int8_t{1}));
  root.put("extra", nbt::Tag(mixed));
  EXPECT_EQ(nbt_text_to_json(nbt::Tag(root)), R"({"text":"","underlined":true,"extra":["x",{"text":"y"}]})");
}

TextComponent random_component(int depth) {
  TextComponent c;
  if (*rc::gen::arbitrary<bool>()) {
    c.text = testing::random_utf8(10);
  } else {
    c.translate = testing::random_utf8(10);
    if (depth > 0) {
      int n = *rc::gen::inRange(0, 3);
      for (int i = 0; i < n; ++i) c.with.push_back(random_component(depth - 1));
    }
  }
  if (*rc::gen::arbitrary<bool>()) c.color = *rc::gen::element<std::string>("red", "#00ff00");
  if (*rc::gen::arbitrary<bool>()) c.italic = *rc::gen::arbitrary<bool>();
  if (*rc::gen::arbitrary<bool>()) c.bold = *rc::gen::arbitrary<bool>();
  if (depth > 0) {
    int n = *rc::gen::inRange(0, 3);
    for (int i = 0; i < n; ++i) c.extra.push_back(random_component(depth - 1));
  }
  return c;
}

RC_GTEST_PROP(Text, NbtAndJsonFormsDescribeTheSameTree, ()) {
  TextComponent c = random_component(2);
  RC_ASSERT(nbt_text_to_json(to_nbt(c)) == to_json(c));
}

RC_GTEST_PROP(Text, NbtFormSurvivesTheWire, ()) {
  TextComponent c = random_component(2);
  auto back = nbt::read_network(nbt::network_bytes(to_nbt(c)));
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == to_nbt(c));
}

}  // namespace
}  // namespace hz
