// A bot's way into the game: handshake and offline login, then configuration answered like the
// vanilla client (brand and client information first, an empty known-packs reply, keep-alives
// and pings echoed, finish acknowledged).
#include <string>

#include "sim/protocol/nbt.h"
#include "sim/protocol/offline_uuid.h"
#include "sim/protocol/packets.h"
#include "tools/bots/bot.h"

namespace hz::bots {

namespace {

constexpr int32_t kProtocolVersion = 775;

Bytes brand_payload() {
  ByteWriter w;
  w.string("vanilla");
  return w.take();
}

}  // namespace

struct Bot::LoginHandler {
  Bot& bot;

  void operator()(packet::login_cb::Compress&& c) {
    // Both directions switch with the next frame.
    bot.decoder_.set_compression_threshold(c.threshold);
    bot.compression_threshold_ = c.threshold;
  }
  void operator()(packet::login_cb::Success&&) {
    bot.send(packet::login_sb::LoginAcknowledged{});
    bot.start_configuration();
  }
  void operator()(packet::login_cb::Disconnect&& d) { bot.close("refused at login: " + d.reason_json); }
  void operator()(packet::login_cb::EncryptionBegin&&) {
    bot.close("the server asks for encryption (online mode); bots log in offline only");
  }
  void operator()(packet::login_cb::LoginPluginRequest&& r) {
    bot.send(packet::login_sb::LoginPluginResponse{r.message_id, std::nullopt});
  }
  void operator()(packet::login_cb::CookieRequest&& r) {
    bot.send(packet::login_sb::CookieResponse{r.key, std::nullopt});
  }
};

struct Bot::ConfigHandler {
  Bot& bot;

  void operator()(packet::config_cb::SelectKnownPacks&&) {
    // Like minecraft-protocol: claim no packs, so the server sends every registry's data.
    bot.send(packet::config_sb::SelectKnownPacks{});
  }
  void operator()(packet::config_cb::KeepAlive&& k) { bot.send(packet::config_sb::KeepAlive{k.id}); }
  void operator()(packet::config_cb::Ping&& p) { bot.send(packet::config_sb::Pong{p.id}); }
  void operator()(packet::config_cb::CookieRequest&& r) {
    bot.send(packet::config_sb::CookieResponse{r.key, std::nullopt});
  }
  void operator()(packet::config_cb::Disconnect&& d) {
    bot.close("disconnected during configuration: " + nbt::to_string(d.reason));
  }
  void operator()(packet::config_cb::FinishConfiguration&&) {
    bot.send(packet::config_sb::FinishConfiguration{});
    bot.enter_play();
  }
};

Result<Dispatched> Bot::on_login_body(std::span<const uint8_t> body) {
  return dispatch(packet::LoginClientbound{}, body, LoginHandler{*this});
}

Result<Dispatched> Bot::on_config_body(std::span<const uint8_t> body) {
  return dispatch(packet::ConfigClientbound{}, body, ConfigHandler{*this});
}

void Bot::start_login() {
  phase_ = Phase::kLogin;
  packet::handshake_sb::SetProtocol hello;
  hello.protocol_version = kProtocolVersion;
  hello.server_host = context_.options.host;
  hello.server_port = context_.options.port;
  hello.intent = packet::handshake_sb::kIntentLogin;
  send(hello);
  send(packet::login_sb::LoginStart{name_, offline_player_uuid(name_)});
}

void Bot::start_configuration() {
  phase_ = Phase::kConfiguration;
  send(packet::config_sb::CustomPayload{"minecraft:brand", brand_payload()});
  packet::config_sb::Settings settings;
  settings.info.view_distance = static_cast<int8_t>(context_.options.view_distance);
  settings.info.skin_parts = 0x7F;
  send(settings);
}

}  // namespace hz::bots
