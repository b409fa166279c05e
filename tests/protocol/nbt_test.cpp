#include "sim/protocol/nbt.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/protocol/mutf8.h"
#include "tests/protocol/bytes_of.h"
#include "tests/protocol/random_values.h"

namespace hz {
namespace {

using nbt::Compound;
using nbt::List;
using nbt::Tag;

using testing::bytes_of;

void append(Bytes& b, std::string_view s) { b.insert(b.end(), s.begin(), s.end()); }

// --- modified UTF-8 ---------------------------------------------------------------------------

TEST(ModifiedUtf8, NulAndSupplementaryCharactersUseJavasForms) {
  Bytes out;
  append_modified_utf8(std::string("a\0b", 3), out);
  EXPECT_EQ(out, bytes_of({'a', 0xC0, 0x80, 'b'}));
  out.clear();
  append_modified_utf8("\xF0\x9F\x98\x80", out);  // U+1F600 as the surrogates D83D DE00
  EXPECT_EQ(out, bytes_of({0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80}));
  EXPECT_EQ(modified_utf8_size("\xF0\x9F\x98\x80"), 6u);
}

TEST(ModifiedUtf8, DecodesWhatJavaAcceptsAndCountsUtf16Units) {
  size_t units = 0;
  auto s = decode_modified_utf8(bytes_of({0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 0xC0, 0x80, 0x00}), &units);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(*s, std::string("\xF0\x9F\x98\x80\0\0", 6));
  EXPECT_EQ(units, 4u);  // two surrogates, C0 80 and a raw 00 (Java reads both as U+0000)
}

TEST(ModifiedUtf8, AsciiComesOutAsItWentIn) {
  size_t units = 99;
  auto s = decode_modified_utf8(bytes_of({'m', 'c', ':', 0x00, 0x7F, 's'}), &units);
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.value(), std::string("mc:\0\x7Fs", 6));  // a raw zero byte is U+0000, as Java reads it
  EXPECT_EQ(units, 6u);
  ASSERT_TRUE(decode_modified_utf8(bytes_of({}), &units).ok());
  EXPECT_EQ(units, 0u);
}

TEST(ModifiedUtf8, RejectsMalformedInput) {
  EXPECT_FALSE(decode_modified_utf8(bytes_of({0x80})).ok());              // lone continuation byte
  EXPECT_FALSE(decode_modified_utf8(bytes_of({0xF0, 0x9F, 0x98, 0x80})).ok());  // 4-byte form
  EXPECT_FALSE(decode_modified_utf8(bytes_of({0xE2, 0x82})).ok());        // cut short
  EXPECT_FALSE(decode_modified_utf8(bytes_of({0xC3, 0x41})).ok());        // bad continuation
}

TEST(ModifiedUtf8, LoneSurrogatesSurviveARoundTrip) {
  auto s = decode_modified_utf8(bytes_of({0xED, 0xA0, 0xBD, 'x'}));
  ASSERT_TRUE(s.ok());
  Bytes again;
  append_modified_utf8(*s, again);
  EXPECT_EQ(again, bytes_of({0xED, 0xA0, 0xBD, 'x'}));
}

RC_GTEST_PROP(ModifiedUtf8, RoundTripsEveryValidString, ()) {
  std::string s = testing::random_utf8(200, 200);
  Bytes encoded;
  append_modified_utf8(s, encoded);
  RC_ASSERT(encoded.size() == modified_utf8_size(s));
  size_t units = 0;
  auto back = decode_modified_utf8(encoded, &units);
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == s);
  RC_ASSERT(units == utf16_length(s));
}

// --- encoding -----------------------------------------------------------------------------------

TEST(Nbt, FileFormMatchesTheClassicHelloWorldExample) {
  Compound root;
  root.put("name", Tag("Bananrama"));
  Bytes expected = bytes_of({0x0A, 0x00, 0x0B});
  append(expected, "hello world");
  append(expected, std::string_view("\x08\x00\x04", 3));
  append(expected, "name");
  append(expected, std::string_view("\x00\x09", 2));
  append(expected, "Bananrama");
  expected.push_back(0x00);
  EXPECT_EQ(nbt::file_bytes("hello world", Tag(root)), expected);
  auto back = nbt::read_file(expected);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(back->name, "hello world");
  EXPECT_EQ(back->tag, Tag(root));
}

TEST(Nbt, NetworkFormHasNoRootName) {
  Compound root;
  root.put("a", Tag(int8_t{1}));
  EXPECT_EQ(nbt::network_bytes(Tag(root)), bytes_of({0x0A, 0x01, 0x00, 0x01, 'a', 0x01, 0x00}));
  EXPECT_EQ(nbt::network_bytes(Tag("hi")), bytes_of({0x08, 0x00, 0x02, 'h', 'i'}));
  EXPECT_EQ(nbt::network_bytes(Tag()), bytes_of({0x00}));
}

TEST(Nbt, LoneEndByteReadsAsNoTag) {
  auto t = nbt::read_network(bytes_of({0x00}));
  ASSERT_TRUE(t.ok());
  EXPECT_TRUE(t->is_end());
}

TEST(Nbt, CompoundsKeepInsertionOrderAndReplaceInPlace) {
  Compound c;
  c.put("z", Tag(int32_t{1})).put("a", Tag(int32_t{2})).put("z", Tag(int32_t{3}));
  ASSERT_EQ(c.size(), 2u);
  EXPECT_EQ(c.entries()[0].first, "z");
  EXPECT_EQ(c.entries()[0].second, Tag(int32_t{3}));
  EXPECT_EQ(nbt::to_string(Tag(c)), "{z:3,a:2}");
}

TEST(Nbt, EmptyListIsWrittenWithEndType) {
  EXPECT_EQ(nbt::network_bytes(Tag(List{})), bytes_of({0x09, 0x00, 0, 0, 0, 0}));
}

TEST(Nbt, MixedListIsWrittenAsWrappedCompounds) {
  List mixed;
  mixed.items = {Tag(int8_t{1}), Tag("x")};
  Bytes expected = bytes_of({0x09, 0x0A, 0, 0, 0, 2,          // list of 2 compounds
                             0x01, 0x00, 0x00, 0x01, 0x00,  // {"": 1b}
                             0x08, 0x00, 0x00, 0x00, 0x01, 'x', 0x00});  // {"": "x"}
  EXPECT_EQ(nbt::network_bytes(Tag(mixed)), expected);
  auto back = nbt::read_network(expected);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, Tag(mixed));
}

TEST(Nbt, FloatsCompareByBits) {
  EXPECT_NE(Tag(0.0f), Tag(-0.0f));
  float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_EQ(Tag(nan), Tag(nan));
  EXPECT_NE(Tag(1.0f), Tag(1.0));
}

TEST(Nbt, ToStringIsCompactSnbt) {
  Compound c;
  c.put("b", Tag(int8_t{1}));
  c.put("s", Tag(int16_t{-2}));
  c.put("l", Tag(int64_t{3}));
  c.put("f", Tag(0.5f));
  c.put("d", Tag(0.25));
  c.put("str", Tag("a\"b"));
  c.put("odd key", Tag(nbt::IntArray{1, 2}));
  c.put("ba", Tag(nbt::ByteArray{-1}));
  c.put("la", Tag(nbt::LongArray{7}));
  List l;
  l.items = {Tag(int32_t{1}), Tag(int32_t{2})};
  c.put("list", Tag(l));
  EXPECT_EQ(nbt::to_string(Tag(c)),
            "{b:1b,s:-2s,l:3L,f:0.5f,d:0.25d,str:\"a\\\"b\",\"odd key\":[I;1,2],ba:[B;-1b],la:[L;7L],list:[1,2]}");
}

TEST(Nbt, OverlongStringIsWrittenEmptyAsVanillaDoes) {
  std::string huge(70000, 'x');
  Bytes b = nbt::network_bytes(Tag(huge));
  EXPECT_EQ(b, bytes_of({0x08, 0x00, 0x00}));
}

RC_GTEST_PROP(Nbt, NetworkFormRoundTrips, ()) {
  Tag tag = testing::random_tag(4);
  Bytes b = nbt::network_bytes(tag);
  auto back = nbt::read_network(b);
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == tag);
}

RC_GTEST_PROP(Nbt, FileFormRoundTrips, ()) {
  Compound root = testing::random_compound(4);
  std::string name = testing::random_utf8(20);
  auto back = nbt::read_file(nbt::file_bytes(name, Tag(root)));
  RC_ASSERT(back.ok());
  RC_ASSERT(back->name == name);
  RC_ASSERT(back->tag == Tag(root));
}

RC_GTEST_PROP(Nbt, TruncatedInputFailsCleanly, ()) {
  Bytes b = nbt::network_bytes(testing::random_tag(3));
  size_t cut = *rc::gen::inRange<size_t>(0, b.size());
  auto back = nbt::read_network(std::span<const uint8_t>(b.data(), cut));
  RC_ASSERT(!back.ok());
}

// --- limits ---------------------------------------------------------------------------------

// `levels` nested compounds: {a:{a:{...}}}.
Bytes nested_compounds(int levels) {
  Bytes b = {0x0A};
  for (int i = 1; i < levels; ++i) append(b, std::string_view("\x0A\x00\x01\x61", 4));
  b.insert(b.end(), static_cast<size_t>(levels), 0x00);
  return b;
}

// `levels` nested lists: [[[...]]].
Bytes nested_lists(int levels) {
  Bytes b = {0x09};
  for (int i = 1; i < levels; ++i) {
    b.push_back(0x09);
    append(b, std::string_view("\x00\x00\x00\x01", 4));
  }
  append(b, std::string_view("\x00\x00\x00\x00\x00", 5));
  return b;
}

TEST(NbtLimits, DepthOf512IsAllowedAnd513IsNot) {
  EXPECT_TRUE(nbt::read_network(nested_compounds(512)).ok());
  auto deep = nbt::read_network(nested_compounds(513));
  ASSERT_FALSE(deep.ok());
  EXPECT_NE(deep.error().find("depth > 512"), std::string::npos) << deep.error();
  EXPECT_TRUE(nbt::read_network(nested_lists(512)).ok());
  EXPECT_FALSE(nbt::read_network(nested_lists(513)).ok());
}

Bytes byte_array_tag(int32_t length) {
  Bytes b = {0x07, static_cast<uint8_t>(length >> 24), static_cast<uint8_t>(length >> 16),
             static_cast<uint8_t>(length >> 8), static_cast<uint8_t>(length)};
  if (length > 0) b.resize(b.size() + static_cast<size_t>(length), 0x5A);
  return b;
}

TEST(NbtLimits, QuotaChargesLikeVanillasAccounter) {
  // A byte array costs 24 + its length; the network quota is 2,097,152.
  EXPECT_TRUE(nbt::read_network(byte_array_tag(2097152 - 24)).ok());
  auto over = nbt::read_network(byte_array_tag(2097152 - 23));
  ASSERT_FALSE(over.ok());
  EXPECT_NE(over.error().find("too big"), std::string::npos) << over.error();
  // Files have no quota.
  EXPECT_TRUE(nbt::read_network(byte_array_tag(2097152 - 23), nbt::kFileLimits).ok());
}

TEST(NbtLimits, QuotaCountsKeysEntriesAndStrings) {
  // {"k": "vv"} costs 48 (compound) + 28 + 2*1 (key) + 36 + 2*2 (string) + 36 (entry) = 154.
  Bytes b = bytes_of({0x0A, 0x08, 0x00, 0x01, 'k', 0x00, 0x02, 'v', 'v', 0x00});
  EXPECT_TRUE(nbt::read_network(b, nbt::Limits{154, 512}).ok());
  EXPECT_FALSE(nbt::read_network(b, nbt::Limits{153, 512}).ok());
}

TEST(NbtLimits, NegativeLengthsAreRejected) {
  EXPECT_FALSE(nbt::read_network(bytes_of({0x07, 0xFF, 0xFF, 0xFF, 0xFF})).ok());  // byte array
  EXPECT_FALSE(nbt::read_network(bytes_of({0x0B, 0xFF, 0xFF, 0xFF, 0xFF})).ok());  // int array
  EXPECT_FALSE(nbt::read_network(bytes_of({0x0C, 0x80, 0x00, 0x00, 0x00})).ok());  // long array
  auto list = nbt::read_network(bytes_of({0x09, 0x01, 0xFF, 0xFF, 0xFF, 0xFF}));
  ASSERT_FALSE(list.ok());
  EXPECT_NE(list.error().find("negative"), std::string::npos) << list.error();
}

TEST(NbtLimits, HugeCountsFailBeforeAllocating) {
  // 2^31-1 elements claimed with nothing behind them; even without a quota this must fail at once.
  for (uint8_t type : {0x01, 0x03, 0x09, 0x0A}) {
    Bytes list = bytes_of({0x09, type, 0x7F, 0xFF, 0xFF, 0xFF, 0x00});
    EXPECT_FALSE(nbt::read_network(list).ok());
    EXPECT_FALSE(nbt::read_network(list, nbt::kFileLimits).ok());
  }
  EXPECT_FALSE(nbt::read_network(bytes_of({0x0C, 0x7F, 0xFF, 0xFF, 0xFF}), nbt::kFileLimits).ok());
  EXPECT_FALSE(nbt::read_network(bytes_of({0x07, 0x7F, 0xFF, 0xFF, 0xFF}), nbt::kFileLimits).ok());
}

TEST(NbtLimits, MalformedStructuresAreRejected) {
  EXPECT_FALSE(nbt::read_network(bytes_of({0x0D})).ok());                             // no such type
  EXPECT_FALSE(nbt::read_network(bytes_of({0x0A, 0x0D, 0x00, 0x01, 'a', 0x00})).ok());  // bad entry type
  EXPECT_FALSE(nbt::read_network(bytes_of({0x09, 0x00, 0x00, 0x00, 0x00, 0x01})).ok());  // End list, 1 item
  EXPECT_FALSE(nbt::read_network(bytes_of({0x01, 0x05, 0x00})).ok());                // trailing byte
  EXPECT_FALSE(nbt::read_network(bytes_of({0x0A, 0x01, 0x00, 0x01, 'a', 0x01})).ok());  // no End
  EXPECT_FALSE(nbt::read_file(bytes_of({0x01, 0x00, 0x00, 0x05})).ok());              // root not compound
  EXPECT_FALSE(nbt::read_file(bytes_of({0x00})).ok());
}

TEST(NbtLimits, FailureMarksThePacketReaderFailed) {
  Bytes b = bytes_of({0x0D, 0x01});
  ByteReader in(b);
  EXPECT_FALSE(nbt::read_network(in).ok());
  EXPECT_FALSE(in.ok());
}

}  // namespace
}  // namespace hz
