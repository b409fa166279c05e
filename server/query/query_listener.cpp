#include "server/query/query_listener.h"

#include <chrono>

#include "server/thread_name.h"

namespace hz {

namespace asio = boost::asio;
using asio::ip::udp;

namespace {

constexpr const char* kQueryThread = "Query Listener";

// Vanilla's socket timeout: expired challenges are pruned at least this often when idle.
constexpr auto kIdleCheck = std::chrono::milliseconds(500);

std::string endpoint_key(const udp::endpoint& endpoint) {
  auto ip = endpoint.address();
  if (ip.is_v6() && ip.to_v6().is_v4_mapped()) ip = asio::ip::make_address_v4(asio::ip::v4_mapped, ip.to_v6());
  return ip.to_string() + ":" + std::to_string(endpoint.port());
}

}  // namespace

QueryListener::QueryListener(const StatusBoard& board, Logger& logger)
    : board_(board),
      logger_(logger),
      socket_(io_),
      prune_timer_(io_),
      challenges_(now_millis()),
      tokens_(std::random_device{}()) {}

QueryListener::~QueryListener() { stop(); }

int64_t QueryListener::now_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

std::optional<std::string> QueryListener::listen(const std::string& ip, int port) {
  boost::system::error_code ec;
  auto address = ip.empty() ? asio::ip::address(asio::ip::address_v6::any()) : asio::ip::make_address(ip, ec);
  if (ec) return "invalid server-ip '" + ip + "': " + ec.message();
  udp::endpoint endpoint(address, static_cast<uint16_t>(port));
  socket_.open(endpoint.protocol(), ec);
  if (!ec && address.is_v6()) socket_.set_option(asio::ip::v6_only(false), ec);
  if (!ec) socket_.bind(endpoint, ec);
  if (ec) return ec.message();
  bound_port_ = socket_.local_endpoint().port();
  bind_ip_ = ip;
  if (!ip.empty()) {
    host_ip_ = ip;
  } else {
    // Vanilla answers with InetAddress.getLocalHost(): this host name's address.
    asio::ip::udp::resolver resolver(io_);
    auto results = resolver.resolve(udp::v4(), asio::ip::host_name(), "", ec);
    if (!ec && !results.empty()) host_ip_ = results.begin()->endpoint().address().to_string();
    else logger_.log(kQueryThread, LogLevel::kWarn, "Unable to determine local host IP, please set server-ip in server.properties");
  }
  return std::nullopt;
}

void QueryListener::start() {
  logger_.log(kQueryThread, LogLevel::kInfo,
              "Query running on " + (bind_ip_.empty() ? std::string("0.0.0.0") : bind_ip_) + ":" +
                  std::to_string(bound_port_));
  receive_next();
  prune_later();
  thread_ = std::thread([this] {
    name_this_thread(kQueryThread);
    io_.run();
  });
}

void QueryListener::stop() {
  if (!thread_.joinable()) return;
  io_.stop();
  thread_.join();
  boost::system::error_code ignored;
  socket_.close(ignored);
}

void QueryListener::prune_later() {
  prune_timer_.expires_after(kIdleCheck);
  prune_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec) return;
    challenges_.prune(now_millis());
    prune_later();
  });
}

void QueryListener::receive_next() {
  socket_.async_receive_from(asio::buffer(buffer_), sender_, [this](boost::system::error_code ec, size_t n) {
    if (ec == asio::error::operation_aborted) return;
    // Other errors (an ICMP port-unreachable reported on the socket) concern one datagram only.
    if (!ec) handle(n);
    receive_next();
  });
}

query::QueryStatus QueryListener::query_status() const {
  StatusSnapshot snapshot = board_.read();
  query::QueryStatus status;
  status.motd = std::move(snapshot.motd);
  status.version = std::move(snapshot.version);
  status.level_name = std::move(snapshot.level_name);
  status.players = static_cast<int>(snapshot.players.size());
  status.max_players = snapshot.max_players;
  status.port = snapshot.port;
  status.host_ip = host_ip_;
  status.player_names = std::move(snapshot.players);
  return status;
}

void QueryListener::handle(size_t length) {
  int64_t now = now_millis();
  challenges_.prune(now);
  auto request = query::parse_request(std::span<const uint8_t>(buffer_.data(), length));
  if (!request) return;  // vanilla drops what it does not understand, without an answer
  std::string sender = endpoint_key(sender_);
  Bytes answer;
  if (request->kind == query::RequestKind::kHandshake) {
    int32_t token = std::uniform_int_distribution<int32_t>(0, query::kTokenBound - 1)(tokens_);
    if (!challenges_.issue(sender, request->session, token, now)) return;
    answer = query::handshake_answer(request->session, token);
  } else {
    // The answer carries the session id of the handshake, as vanilla's does.
    auto session = challenges_.check(sender, request->token);
    if (!session) return;
    query::QueryStatus status = query_status();
    answer = request->kind == query::RequestKind::kFullStat ? query::full_stat_answer(*session, status)
                                                             : query::basic_stat_answer(*session, status);
  }
  boost::system::error_code ignored;  // a lost answer is the client's to retry
  socket_.send_to(asio::buffer(answer), sender_, 0, ignored);
}

}  // namespace hz
