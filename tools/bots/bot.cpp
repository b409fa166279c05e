// A bot's connection: connecting, framing, reading and writing, dispatching packet bodies by
// state, and the per-tick move.
#include "tools/bots/bot.h"

#include <cmath>

#include "sim/protocol/packets.h"

namespace hz::bots {

namespace asio = boost::asio;
using asio::ip::tcp;

const char* phase_name(Phase p) {
  switch (p) {
    case Phase::kWaiting: return "waiting";
    case Phase::kConnecting: return "connecting";
    case Phase::kLogin: return "login";
    case Phase::kConfiguration: return "configuration";
    case Phase::kPlay: return "play";
    case Phase::kClosed: return "closed";
  }
  return "?";
}

Bot::Bot(asio::io_context& io, BotContext& context, int index)
    : socket_(io), context_(context), index_(index), name_(bot_name(context.options, index)) {}

double Bot::seconds_since_start() const {
  return std::chrono::duration<double>(Clock::now() - context_.start).count();
}

int64_t Bot::now_ns() const {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
}

void Bot::connect() {
  phase_ = Phase::kConnecting;
  socket_.async_connect(context_.server, [this](const boost::system::error_code& ec) {
    if (phase_ == Phase::kClosed) return;
    if (ec) return close("cannot connect: " + ec.message());
    boost::system::error_code ignored;
    socket_.set_option(tcp::no_delay(true), ignored);
    start_login();
    read_more();
  });
}

void Bot::close(const std::string& reason) {
  if (phase_ == Phase::kClosed) return;
  phase_ = Phase::kClosed;
  close_reason_ = reason;
  boost::system::error_code ignored;
  socket_.shutdown(tcp::socket::shutdown_both, ignored);
  socket_.close(ignored);
}

void Bot::flush() {
  if (writing_ || pending_.empty() || phase_ == Phase::kClosed) return;
  std::swap(pending_, in_flight_);
  pending_.clear();
  writing_ = true;
  asio::async_write(socket_, asio::buffer(in_flight_), [this](const boost::system::error_code& ec, size_t) {
    writing_ = false;
    in_flight_.clear();
    if (phase_ == Phase::kClosed) return;
    if (ec) return close("write failed: " + ec.message());
    flush();
  });
}

void Bot::read_more() {
  socket_.async_read_some(asio::buffer(read_buffer_), [this](const boost::system::error_code& ec, size_t n) {
    if (phase_ == Phase::kClosed) return;
    if (ec == asio::error::eof) return close("the server closed the connection");
    if (ec) return close("read failed: " + ec.message());
    on_bytes(std::span<const uint8_t>(read_buffer_.data(), n));
    if (phase_ != Phase::kClosed) read_more();
  });
}

void Bot::on_bytes(std::span<const uint8_t> bytes) {
  decoder_.feed(bytes);
  while (phase_ != Phase::kClosed) {
    auto next = decoder_.next();
    if (!next) return close("bad frame from the server: " + next.error());
    if (!next->has_value()) return;
    on_body(**next);
  }
}

void Bot::on_body(std::span<const uint8_t> body) {
  Result<Dispatched> outcome = Error{"packet in an unexpected phase"};
  switch (phase_) {
    case Phase::kLogin: outcome = on_login_body(body); break;
    case Phase::kConfiguration: outcome = on_config_body(body); break;
    case Phase::kPlay: outcome = on_play_body(body); break;
    default: break;
  }
  if (!outcome) close(std::string("cannot read a ") + phase_name(phase_) + " packet: " + outcome.error());
}

bool Bot::stands_in_held_chunk() const {
  int32_t cx = static_cast<int32_t>(std::floor(position_.x)) >> 4;
  int32_t cz = static_cast<int32_t>(std::floor(position_.z)) >> 4;
  return held_.holds(cx, cz);
}

void Bot::tick() {
  if (phase_ != Phase::kPlay || !flight_) return;
  // The vanilla client does not move while the chunk it stands in has not arrived.
  if (!stands_in_held_chunk()) {
    ++ticks_waiting_;
    return;
  }
  if (build_) return build_tick();
  FlightStep step = flight_->step(position_);
  position_ = step.position;
  if (step.turned) {
    yaw_ = step.yaw;
    send(packet::play_sb::PositionLook{position_.x, position_.y, position_.z, yaw_, pitch_, 0});
  } else {
    send(packet::play_sb::Position{position_.x, position_.y, position_.z, 0});
  }
  ++counters_.moves;
}

}  // namespace hz::bots
