#include "server/rcon/rcon_listener.h"

#include <array>
#include <deque>

#include "server/rcon/rcon_protocol.h"
#include "server/thread_name.h"

namespace hz {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {
constexpr const char* kRconThread = "RCON Listener";
}  // namespace

// One connected client: reads packets, answers them in order, and waits for a command's output
// before reading the next packet (vanilla's client thread blocks on the command the same way).
class RconListener::Client : public std::enable_shared_from_this<RconListener::Client> {
 public:
  Client(RconListener& owner, tcp::socket socket)
      : owner_(owner),
        io_(owner.io_),
        socket_(std::move(socket)),
        session_(owner.password_),
        name_("RCON Client " + peer()) {}

  void start() {
    owner_.logger_.log(kRconThread, LogLevel::kInfo, "Thread " + name_ + " started");
    read_more();
  }
  void close() {
    if (closed_) return;
    closed_ = true;
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    owner_.logger_.log(kRconThread, LogLevel::kInfo, "Thread " + name_ + " shutting down");
    owner_.clients_.erase(this);  // may destroy this: nothing after it
  }

 private:
  std::string peer() const {
    boost::system::error_code ec;
    auto endpoint = socket_.remote_endpoint(ec);
    return ec ? "/?" : "/" + endpoint.address().to_string();
  }

  void read_more() {
    auto self = shared_from_this();
    socket_.async_read_some(asio::buffer(buffer_), [this, self](const boost::system::error_code& ec, size_t n) {
      if (closed_) return;
      if (ec) return close();
      reader_.feed(std::span<const uint8_t>(buffer_.data(), n));
      handle_packets();
    });
  }

  void handle_packets() {
    while (!closed_) {
      auto next = reader_.next();
      if (!next) return close();
      if (!*next) return read_more();
      rcon::Reply reply = session_.handle(**next);
      for (Bytes& answer : reply.answers) write(std::move(answer));
      if (reply.command) return run(*reply.command, reply.request_id);
    }
  }

  void run(const std::string& command, int32_t request_id) {
    auto self = shared_from_this();
    owner_.runner_(command, [this, self, request_id, weak_io = io_](std::string output) {
      auto io = weak_io.lock();
      if (!io) return;  // the listener is gone: nobody is left to answer
      asio::post(*io, [this, self, request_id, output = std::move(output)] {
        if (closed_) return;
        for (Bytes& packet : rcon::command_response(request_id, output)) write(std::move(packet));
        handle_packets();
      });
    });
  }

  void write(Bytes bytes) {
    outbox_.push_back(std::move(bytes));
    if (outbox_.size() == 1) write_front();
  }
  void write_front() {
    auto self = shared_from_this();
    asio::async_write(socket_, asio::buffer(outbox_.front()), [this, self](const boost::system::error_code& ec, size_t) {
      if (closed_) return;
      if (ec) return close();
      outbox_.pop_front();
      if (!outbox_.empty()) write_front();
    });
  }

  RconListener& owner_;
  // Weak: handlers queued in the context own their Client, so a strong pointer back would be a
  // cycle that keeps both alive after the listener is destroyed.
  std::weak_ptr<asio::io_context> io_;
  tcp::socket socket_;
  rcon::Session session_;
  rcon::PacketReader reader_;
  std::array<uint8_t, rcon::kMaxPacketBytes> buffer_{};
  std::deque<Bytes> outbox_;
  std::string name_;
  bool closed_ = false;
};

RconListener::RconListener(std::string password, CommandRunner runner, Logger& logger)
    : password_(std::move(password)), runner_(std::move(runner)), logger_(logger), acceptor_(*io_) {}

RconListener::~RconListener() { stop(); }

std::optional<std::string> RconListener::listen(const std::string& ip, int port) {
  boost::system::error_code ec;
  auto address = ip.empty() ? asio::ip::address(asio::ip::address_v6::any()) : asio::ip::make_address(ip, ec);
  if (ec) return "invalid server-ip '" + ip + "': " + ec.message();
  tcp::endpoint endpoint(address, static_cast<uint16_t>(port));
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec && address.is_v6()) acceptor_.set_option(asio::ip::v6_only(false), ec);
  if (!ec) acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return ec.message();
  bound_port_ = acceptor_.local_endpoint().port();
  bind_ip_ = ip.empty() ? "0.0.0.0" : ip;
  return std::nullopt;
}

void RconListener::start() {
  logger_.log(kRconThread, LogLevel::kInfo, "RCON running on " + bind_ip_ + ":" + std::to_string(bound_port_));
  accept_next();
  thread_ = std::thread([this] {
    name_this_thread(kRconThread);
    io_->run();
  });
}

void RconListener::stop() {
  if (!thread_.joinable()) return;
  asio::post(*io_, [this] {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
    while (!clients_.empty()) clients_.begin()->second->close();
    io_->stop();
  });
  thread_.join();
}

void RconListener::accept_next() {
  acceptor_.async_accept([this](const boost::system::error_code& ec, tcp::socket socket) {
    if (ec) {
      if (acceptor_.is_open()) accept_next();
      return;
    }
    auto client = std::make_shared<Client>(*this, std::move(socket));
    clients_.emplace(client.get(), client);
    client->start();
    accept_next();
  });
}

}  // namespace hz
