#include "server/network.h"
#include "server/thread_name.h"

#include <deque>

#include "server/auth/cfb8_cipher.h"
#include "server/metrics/inbound_frame_counter.h"
#include "sim/protocol/framing.h"

namespace hz {

namespace asio = boost::asio;
using asio::ip::tcp;

// One client socket. Lives on the network thread; all its work runs in its strand.
class ClientSocket : public std::enable_shared_from_this<ClientSocket> {
 public:
  // A client that stops reading is dropped once this much is waiting to be written.
  static constexpr size_t kMaxQueuedBytes = 64u << 20;
  // How long a closing connection is drained before it is closed regardless.
  static constexpr std::chrono::seconds kLinger{2};

  ClientSocket(Network& network, tcp::socket socket, ConnId id)
      : network_(network), socket_(std::move(socket)), strand_(asio::make_strand(network.io_)), id_(id) {}

  void start() { read_next(); }

  // Server thread: `n` of this connection's bytes have been handled by the core.
  void release(size_t n) {
    size_t before = unprocessed_.fetch_sub(n);
    if (before >= Network::kMaxUnprocessedBytes && before - n < Network::kMaxUnprocessedBytes)
      asio::post(strand_, [self = shared_from_this()] { self->resume_reading(); });
  }

  // Online mode: every byte after this point is AES-128-CFB8 in both directions. Posted to the
  // strand, so it falls between the deliveries the server thread handed over before and after.
  void start_encryption(Bytes secret) {
    asio::post(strand_, [self = shared_from_this(), secret = std::move(secret)] {
      auto enc = auth::Cfb8Cipher::create(auth::Cfb8Cipher::Direction::kEncrypt, secret);
      auto dec = auth::Cfb8Cipher::create(auth::Cfb8Cipher::Direction::kDecrypt, secret);
      if (!enc || !dec) return self->shutdown();  // the shell checked the size: not reached
      self->encrypt_.emplace(std::move(*enc));
      self->decrypt_.emplace(std::move(*dec));
    });
  }

  // Frames a batch on the network thread (compression costs CPU: keep it off the server thread).
  void deliver(std::vector<Effect> batch) {
    asio::post(strand_, [self = shared_from_this(), batch = std::move(batch)]() mutable {
      self->frame_and_write(batch);
    });
  }

 private:
  void read_next() {
    socket_.async_read_some(asio::buffer(read_buffer_),
                            asio::bind_executor(strand_, [self = shared_from_this()](auto ec, size_t n) {
                              if (ec) return self->closed();
                              if (self->decrypt_) self->decrypt_->apply(std::span<uint8_t>(self->read_buffer_.data(), n));
                              self->count_received(n);
                              if (self->draining_) return self->read_next();  // the core is done with it
                              size_t waiting = self->unprocessed_.fetch_add(n) + n;
                              self->network_.inbox_.push(
                                  BytesReceived{self->id_, Bytes(self->read_buffer_.begin(), self->read_buffer_.begin() + n)});
                              if (waiting >= Network::kMaxUnprocessedBytes) {
                                self->reading_paused_ = true;
                                return;
                              }
                              self->read_next();
                            }));
  }

  void resume_reading() {
    if (!reading_paused_ || closed_) return;
    if (unprocessed_.load() >= Network::kMaxUnprocessedBytes) return;
    reading_paused_ = false;
    read_next();
  }

  void count_received(size_t n) {
    TrafficCounters& traffic = network_.traffic_;
    TrafficCounters::add(traffic.bytes_received, n);
    TrafficCounters::add(traffic.packets_received,
                         frames_in_.feed(std::span<const uint8_t>(read_buffer_.data(), n)));
  }

  void frame_and_write(std::vector<Effect>& batch) {
    if (closed_) return;
    for (Effect& e : batch) {
      if (auto* send = std::get_if<SendPacket>(&e)) {
        std::string error;
        SharedBytes frame = network_.frames_.frame(send->body, threshold_, encoder_, error);
        if (!frame) {  // a bug in the core: it built a packet no client may receive
          network_.logger_.log("Netty Epoll Server IO", LogLevel::kError,
                               "Not sending a packet to connection " + std::to_string(id_) + ": " + error);
          continue;
        }
        if (encrypt_) {  // frames may be shared with other connections: encrypt a copy
          Bytes sealed(*frame);
          encrypt_->apply(sealed);
          frame = share(std::move(sealed));
        }
        queued_bytes_ += frame->size();
        pending_.push_back(std::move(frame));
        TrafficCounters::add(network_.traffic_.packets_sent, 1);
      } else if (auto* c = std::get_if<EnableCompression>(&e)) {
        threshold_ = c->threshold;
      } else if (std::holds_alternative<CloseConnection>(e)) {
        close_after_flush_ = true;
      }
    }
    if (queued_bytes_ > kMaxQueuedBytes) {
      network_.logger_.log("Netty Epoll Server IO", LogLevel::kWarn,
                           "Dropping connection " + std::to_string(id_) + ": client is not reading");
      return shutdown();
    }
    write_next();
  }

  void write_next() {
    if (writing_) return;
    if (pending_.empty()) {
      if (close_after_flush_) close_gracefully();
      return;
    }
    writing_ = true;
    in_flight_.clear();
    in_flight_.swap(pending_);
    std::vector<asio::const_buffer> buffers;
    buffers.reserve(in_flight_.size());
    for (const SharedBytes& b : in_flight_) buffers.emplace_back(asio::buffer(*b));
    asio::async_write(socket_, buffers, asio::bind_executor(strand_, [self = shared_from_this()](auto ec, size_t n) {
                        self->writing_ = false;
                        self->queued_bytes_ -= std::min(self->queued_bytes_, n);
                        TrafficCounters::add(self->network_.traffic_.bytes_sent, n);
                        if (ec) return self->closed();
                        self->write_next();
                      }));
  }

  // After the last packet (a disconnect reason) is written: end our side, then read and discard
  // until the client closes or kLinger passes. Closing with unread bytes in the kernel's buffer
  // would send a reset, and a reset makes the client's kernel drop the reason unread.
  void close_gracefully() {
    if (draining_ || closed_) return;
    draining_ = true;
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_send, ignored);
    linger_.expires_after(kLinger);
    linger_.async_wait(asio::bind_executor(strand_, [self = shared_from_this()](auto ec) {
      if (!ec) self->shutdown();
    }));
    if (reading_paused_) {
      reading_paused_ = false;
      read_next();
    }
  }

  void shutdown() {
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    closed();
  }

  // Reports the close to the core exactly once, whichever side closed first.
  void closed() {
    if (closed_) return;
    closed_ = true;
    linger_.cancel();
    boost::system::error_code ignored;
    socket_.close(ignored);
    network_.inbox_.push(ConnectionClosed{id_});
    std::lock_guard lock(network_.connections_mutex_);
    network_.connections_.erase(id_);
  }

  Network& network_;
  tcp::socket socket_;
  asio::strand<asio::io_context::executor_type> strand_;
  ConnId id_;
  std::array<uint8_t, 64 * 1024> read_buffer_{};
  std::atomic<size_t> unprocessed_{0};  // read and handed to the inbox, not yet handled by the core
  bool reading_paused_ = false;
  bool draining_ = false;  // closing: what the client still sends is read and dropped
  asio::steady_timer linger_{strand_};
  InboundFrameCounter frames_in_;
  std::deque<SharedBytes> pending_;
  std::deque<SharedBytes> in_flight_;
  size_t queued_bytes_ = 0;
  FrameEncoder encoder_;
  int threshold_ = -1;
  std::optional<auth::Cfb8Cipher> encrypt_;
  std::optional<auth::Cfb8Cipher> decrypt_;
  bool writing_ = false;
  bool close_after_flush_ = false;
  bool closed_ = false;
};

Network::Network(Inbox& inbox, Logger& logger) : inbox_(inbox), logger_(logger), acceptor_(io_) {}

Network::~Network() { stop(); }

std::optional<std::string> Network::listen(const std::string& ip, int port) {
  boost::system::error_code ec;
  auto address = ip.empty() ? asio::ip::address(asio::ip::address_v6::any()) : asio::ip::make_address(ip, ec);
  if (ec) return "invalid server-ip '" + ip + "': " + ec.message();
  tcp::endpoint endpoint(address, static_cast<uint16_t>(port));
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec && address.is_v6()) acceptor_.set_option(asio::ip::v6_only(false), ec);
  if (!ec) acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return "**** FAILED TO BIND TO PORT! " + ec.message();
  bound_port_ = acceptor_.local_endpoint().port();
  return std::nullopt;
}

void Network::start() {
  accept_next();
  thread_ = std::thread([this] {
    name_this_thread("Network");
    io_.run();
  });
}

void Network::stop() {
  if (!thread_.joinable()) return;
  asio::post(io_, [this] {
    boost::system::error_code ignored;
    acceptor_.close(ignored);
  });
  io_.stop();
  thread_.join();
}

void Network::accept_next() {
  acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
    if (ec) {
      if (ec != asio::error::operation_aborted) accept_next();
      return;
    }
    boost::system::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    auto remote = socket.remote_endpoint(ignored);
    ConnId id = next_id_++;
    TrafficCounters::add(traffic_.connections_accepted, 1);
    auto conn = std::make_shared<ClientSocket>(*this, std::move(socket), id);
    {
      std::lock_guard lock(connections_mutex_);
      connections_[id] = conn;
    }
    auto ip = remote.address();
    if (ip.is_v6() && ip.to_v6().is_v4_mapped()) ip = asio::ip::make_address_v4(asio::ip::v4_mapped, ip.to_v6());
    std::string address = ip.to_string() + ":" + std::to_string(remote.port());
    inbox_.push(ConnectionOpened{id, address});
    conn->start();
    accept_next();
  });
}

std::map<ConnId, size_t> Network::received_bytes(const std::vector<Input>& inputs) {
  std::map<ConnId, size_t> out;
  for (const Input& input : inputs)
    if (auto* bytes = std::get_if<BytesReceived>(&input)) out[bytes->conn] += bytes->bytes.size();
  return out;
}

void Network::release(const std::map<ConnId, size_t>& handled_bytes) {
  std::lock_guard lock(connections_mutex_);
  for (const auto& [conn, n] : handled_bytes) {
    auto it = connections_.find(conn);
    if (it != connections_.end()) it->second->release(n);
  }
}

void Network::start_encryption(ConnId conn, Bytes shared_secret) {
  std::lock_guard lock(connections_mutex_);
  auto it = connections_.find(conn);
  if (it != connections_.end()) it->second->start_encryption(std::move(shared_secret));
}

size_t Network::connection_count() {
  std::lock_guard lock(connections_mutex_);
  return connections_.size();
}

void Network::deliver(std::vector<Effect>& connection_effects) {
  std::map<ConnId, std::vector<Effect>> per_connection;
  for (Effect& e : connection_effects) {
    ConnId conn = std::visit(
        [](const auto& x) -> ConnId {
          if constexpr (requires { x.conn; }) return x.conn;
          else return 0;
        },
        e);
    per_connection[conn].push_back(std::move(e));
  }
  std::lock_guard lock(connections_mutex_);
  for (auto& [conn, batch] : per_connection) {
    auto it = connections_.find(conn);
    if (it != connections_.end()) it->second->deliver(std::move(batch));
  }
}

}  // namespace hz
