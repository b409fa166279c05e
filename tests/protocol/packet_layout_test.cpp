// Packet layouts checked against bytes and sizes observed from real clients (the protocol
// spec's capture), and decoding failures that must name the packet and field.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "sim/protocol/packets.h"
#include "sim/protocol/text.h"
#include "tests/protocol/bytes_of.h"

namespace hz {
namespace {

using namespace hz::packet;

using testing::bytes_of;

Bytes concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

Bytes text_bytes(std::string_view s) { return Bytes(s.begin(), s.end()); }

Uuid sample_uuid() { return Uuid{0x3f0ca0c89f163b87ull, 0x92fbb626b9a1bb99ull}; }

Bytes sample_uuid_bytes() {
  return bytes_of({0x3f, 0x0c, 0xa0, 0xc8, 0x9f, 0x16, 0x3b, 0x87, 0x92, 0xfb, 0xb6, 0x26, 0xb9, 0xa1, 0xbb, 0x99});
}

template <class P>
std::string decode_error(const Bytes& body) {
  auto r = decode_packet<P>(body);
  return r.ok() ? std::string() : r.error();
}

// --- observed bytes and sizes -----------------------------------------------------------------

TEST(PacketLayout, SetCompressionAndLoginSuccessMatchTheCapture) {
  EXPECT_EQ(encode_packet(login_cb::Compress{256}), bytes_of({0x03, 0x80, 0x02}));
  login_cb::Success success;
  success.uuid = sample_uuid();
  success.username = "Probe";
  EXPECT_EQ(encode_packet(success),
            concat({bytes_of({0x02}), sample_uuid_bytes(), bytes_of({0x05}), text_bytes("Probe"), bytes_of({0x00})}));
}

TEST(PacketLayout, JoinSequenceSizesMatchTheCapture) {
  // Sizes of id + fields seen from mineflayer's join (protocol spec, section 8).
  EXPECT_EQ(encode_packet(play_cb::Login{}).size(), 70u);
  EXPECT_EQ(encode_packet(play_cb::Abilities{}).size(), 10u);
  play_cb::Position position;
  position.teleport_id = 1;
  EXPECT_EQ(encode_packet(position).size(), 62u);
  EXPECT_EQ(encode_packet(play_cb::SpawnPosition{}).size(), 37u);
  play_cb::GameStateChange event{play_cb::GameStateChange::kLevelChunksLoadStart, 0};
  EXPECT_EQ(encode_packet(event), bytes_of({0x26, 13, 0, 0, 0, 0}));
  EXPECT_EQ(encode_packet(play_cb::UpdateViewPosition{}).size(), 3u);
  EXPECT_EQ(encode_packet(play_cb::ChunkBatchStart{}).size(), 1u);
  EXPECT_EQ(encode_packet(play_cb::ChunkBatchFinished{25}).size(), 2u);
  EXPECT_EQ(encode_packet(play_cb::UpdateHealth{}).size(), 10u);
  EXPECT_EQ(encode_packet(play_cb::KeepAlive{}).size(), 9u);
  EXPECT_EQ(encode_packet(config_sb::Settings{}).size(), 15u);
  EXPECT_EQ(encode_packet(config_sb::SelectKnownPacks{}).size(), 2u);
}

TEST(PacketLayout, NewPlayerInfoEntryIs29Bytes) {
  play_cb::PlayerInfo info;
  info.actions = play_cb::PlayerInfo::kAddPlayer | play_cb::PlayerInfo::kUpdateGameMode |
                 play_cb::PlayerInfo::kUpdateListed | play_cb::PlayerInfo::kUpdateLatency;
  play_cb::PlayerInfoEntry entry;
  entry.uuid = sample_uuid();
  entry.add = play_cb::PlayerInfoAdd{"Probe", {}};
  entry.game_mode = 1;
  entry.listed = true;
  entry.latency = 0;
  info.entries.push_back(entry);
  Bytes expected = concat({bytes_of({0x46, 0x1D, 0x01}), sample_uuid_bytes(), bytes_of({0x05}), text_bytes("Probe"),
                           bytes_of({0x00, 0x01, 0x01, 0x00})});
  EXPECT_EQ(encode_packet(info), expected);
  EXPECT_EQ(expected.size(), 29u);
  auto back = decode_packet<play_cb::PlayerInfo>(expected);
  ASSERT_TRUE(back.ok()) << back.error();
  ASSERT_EQ(back->entries.size(), 1u);
  EXPECT_EQ(back->entries[0].add->name, "Probe");
  EXPECT_FALSE(back->entries[0].display_name.has_value());
  EXPECT_EQ(back->entries[0].game_mode, 1);
}

TEST(PacketLayout, PlayerInfoWritesOnlyTheFieldsOfItsActions) {
  play_cb::PlayerInfo info;
  info.actions = play_cb::PlayerInfo::kUpdateListOrder | play_cb::PlayerInfo::kUpdateHat;
  play_cb::PlayerInfoEntry entry;
  entry.uuid = sample_uuid();
  entry.game_mode = 3;  // not announced by the actions: not written
  entry.list_order = 300;
  entry.show_hat = true;
  info.entries.push_back(entry);
  EXPECT_EQ(encode_packet(info),
            concat({bytes_of({0x46, 0xC0, 0x01}), sample_uuid_bytes(), bytes_of({0xAC, 0x02, 0x01})}));
}

TEST(PacketLayout, UnloadChunkWritesZBeforeX) {
  EXPECT_EQ(encode_packet(play_cb::UnloadChunk{1, 2}), bytes_of({0x25, 0, 0, 0, 2, 0, 0, 0, 1}));
}

TEST(PacketLayout, MapChunkCarriesItsBodyVerbatim) {
  play_cb::MapChunk chunk{-1, 3, bytes_of({0xAA, 0xBB})};
  EXPECT_EQ(encode_packet(chunk), bytes_of({0x2D, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 3, 0xAA, 0xBB}));
}

TEST(PacketLayout, SystemChatIsNbtTextAndOverlayFlag) {
  play_cb::SystemChat chat{to_nbt(TextComponent::plain("hi")), false};
  EXPECT_EQ(encode_packet(chat), bytes_of({0x79, 0x08, 0x00, 0x02, 'h', 'i', 0x00}));
}

// --- LpVec3 -------------------------------------------------------------------------------------

TEST(LpVec3, ZeroAndTinyVectorsAreOneByte) {
  EXPECT_EQ(encode_packet(play_cb::SpawnEntity{}).size(), 1u + 1 + 16 + 1 + 24 + 1 + 3 + 1);
  LpVec3 tiny = LpVec3::from(1e-5, -2e-5, 0);
  EXPECT_EQ(tiny, LpVec3{});
  EXPECT_EQ(LpVec3::from(std::nan(""), 0, 0), LpVec3{});
}

Bytes lp_bytes(const LpVec3& v) {
  play_cb::SpawnEntity e;
  e.velocity = v;
  Bytes body = encode_packet(e);
  size_t start = 1 + 1 + 16 + 1 + 24;  // id, entity id, uuid, type, x y z
  return Bytes(body.begin() + static_cast<ptrdiff_t>(start), body.end() - 4);  // minus angles, data
}

TEST(LpVec3, QuantisesLikeVanilla) {
  // Expected bytes worked out by hand from vanilla's LpVec3.write.
  LpVec3 falling = LpVec3::from(0, -0.0784, 0);
  EXPECT_EQ(falling.scale, 1);
  EXPECT_EQ(falling.qy, 15099);
  EXPECT_EQ(lp_bytes(falling), bytes_of({0xF9, 0xFF, 0x7F, 0xFE, 0xEB, 0xED}));
  LpVec3 fast = LpVec3::from(10, 0, 0);
  EXPECT_EQ(lp_bytes(fast), bytes_of({0xF6, 0xFF, 0x7F, 0xFE, 0xFF, 0xFF, 0x02}));
  EXPECT_DOUBLE_EQ(fast.x(), 10.0);
  EXPECT_DOUBLE_EQ(fast.y(), 0.0);
  LpVec3 mixed = LpVec3::from(0.5, -3.2, 1000.25);
  EXPECT_EQ(lp_bytes(mixed), bytes_of({0x3D, 0x00, 0xFF, 0xE4, 0xFF, 0x2E, 0xFA, 0x01}));
  EXPECT_NEAR(mixed.z(), 1000.25, 1001.0 / 16383);
}

// --- decoding failures ----------------------------------------------------------------------

Bytes handshake_body(int32_t intent) {
  ByteWriter w;
  w.varint(packet_id::handshake_sb::set_protocol);
  w.varint(775);
  w.string("localhost");
  w.u16(25565);
  w.varint(intent);
  return w.take();
}

TEST(PacketDecode, HandshakeIntentOutsideOneToThreeIsAnError) {
  EXPECT_TRUE(decode_packet<handshake_sb::SetProtocol>(handshake_body(2)).ok());
  EXPECT_TRUE(decode_packet<handshake_sb::SetProtocol>(handshake_body(3)).ok());
  std::string e = decode_error<handshake_sb::SetProtocol>(handshake_body(4));
  EXPECT_NE(e.find("set_protocol"), std::string::npos) << e;
  EXPECT_NE(e.find("field intent"), std::string::npos) << e;
  EXPECT_FALSE(decode_error<handshake_sb::SetProtocol>(handshake_body(0)).empty());
}

Bytes login_start_body(const std::string& name) {
  ByteWriter w;
  w.varint(packet_id::login_sb::login_start);
  w.string(name);
  w.uuid(Uuid{});
  return w.take();
}

TEST(PacketDecode, PlayerNameOfSixteenCharactersAndNoMore) {
  EXPECT_TRUE(decode_packet<login_sb::LoginStart>(login_start_body(std::string(16, 'a'))).ok());
  std::string e = decode_error<login_sb::LoginStart>(login_start_body(std::string(17, 'a')));
  EXPECT_NE(e.find("login_start"), std::string::npos) << e;
  EXPECT_NE(e.find("field username"), std::string::npos) << e;
  std::string euro16;
  for (int i = 0; i < 16; ++i) euro16 += "\xE2\x82\xAC";
  EXPECT_TRUE(decode_packet<login_sb::LoginStart>(login_start_body(euro16)).ok());
  EXPECT_FALSE(decode_packet<login_sb::LoginStart>(login_start_body(euro16 + "a")).ok());
}

TEST(PacketDecode, TrailingBytesAreAnError) {
  std::string e = decode_error<status_sb::PingStart>(bytes_of({0x00, 0x01}));
  EXPECT_NE(e.find("1 byte left over"), std::string::npos) << e;
  EXPECT_NE(e.find("ping_start"), std::string::npos) << e;
}

TEST(PacketDecode, WrongIdIsAnError) {
  EXPECT_FALSE(decode_packet<status_sb::Ping>(bytes_of({0x00, 0, 0, 0, 0, 0, 0, 0, 0})).ok());
}

Bytes custom_payload_body(const std::string& channel, size_t data_size) {
  ByteWriter w;
  w.varint(packet_id::play_sb::custom_payload);
  w.string(channel);
  w.raw(Bytes(data_size, 0x42));
  return w.take();
}

TEST(PacketDecode, IdentifiersAreValidated) {
  EXPECT_TRUE(decode_packet<play_sb::CustomPayload>(custom_payload_body("minecraft:brand", 3)).ok());
  EXPECT_TRUE(decode_packet<play_sb::CustomPayload>(custom_payload_body("brand", 3)).ok());
  std::string e = decode_error<play_sb::CustomPayload>(custom_payload_body("Minecraft:Brand", 3));
  EXPECT_NE(e.find("invalid identifier"), std::string::npos) << e;
}

TEST(PacketDecode, ServerboundCustomPayloadIsCappedAt32767Bytes) {
  EXPECT_TRUE(decode_packet<play_sb::CustomPayload>(custom_payload_body("a:b", 32767)).ok());
  EXPECT_FALSE(decode_packet<play_sb::CustomPayload>(custom_payload_body("a:b", 32768)).ok());
}

TEST(PacketDecode, ArrayLimitsAndHugeCounts) {
  ByteWriter packs;
  packs.varint(packet_id::config_sb::select_known_packs);
  packs.varint(65);
  for (int i = 0; i < 65; ++i) {
    packs.string("minecraft");
    packs.string("core");
    packs.string("26.1");
  }
  std::string e = decode_error<config_sb::SelectKnownPacks>(packs.take());
  EXPECT_NE(e.find("more than 64"), std::string::npos) << e;

  // 2^31-1 entity ids claimed in a 6-byte body: refused before anything is allocated.
  std::string huge = decode_error<play_cb::EntityDestroy>(bytes_of({0x4D, 0xFF, 0xFF, 0xFF, 0xFF, 0x07}));
  EXPECT_NE(huge.find("field entity_ids"), std::string::npos) << huge;
}

TEST(PacketDecode, NbtErrorsNameTheField) {
  std::string e = decode_error<play_cb::SystemChat>(bytes_of({0x79, 0x0D, 0x00}));
  EXPECT_NE(e.find("field content"), std::string::npos) << e;
  EXPECT_NE(e.find("NBT"), std::string::npos) << e;
}

TEST(PacketDecode, NestedFieldPathsInErrors) {
  ByteWriter w;
  w.varint(packet_id::login_cb::success);
  w.uuid(Uuid{});
  w.string("Probe");
  w.varint(1);                           // one property
  w.string(std::string(65, 'n'));        // name over 64 chars
  std::string e = decode_error<login_cb::Success>(w.take());
  EXPECT_NE(e.find("field properties[0].name"), std::string::npos) << e;
}

TEST(PacketDecode, ClientInformationEnumsAreRangeChecked) {
  config_sb::Settings settings;
  settings.info.main_hand = 2;  // no such hand
  std::string e = decode_error<config_sb::Settings>(encode_packet(settings));
  EXPECT_NE(e.find("field main_hand"), std::string::npos) << e;
}

TEST(PacketDecode, OptionalNbtMarksAbsentRegistryData) {
  config_cb::RegistryData data;
  data.registry = "minecraft:dimension_type";
  data.entries.push_back({"minecraft:overworld", std::nullopt});
  Bytes body = encode_packet(data);
  auto back = decode_packet<config_cb::RegistryData>(body);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_FALSE(back->entries[0].data.has_value());
  EXPECT_EQ(body.back(), 0x00);  // the optional's "absent" byte
}

}  // namespace
}  // namespace hz
