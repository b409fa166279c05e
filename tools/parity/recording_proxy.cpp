#include "tools/parity/recording_proxy.h"

#include <array>

#include "sim/protocol/framing.h"
#include "sim/protocol/wire.h"
#include "tools/parity/frame_follower.h"

namespace hz::parity {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

// What the client reads when the upstream server is in online mode: a login disconnect.
constexpr const char* kEncryptedRefusal =
    "horizon-parity records offline-mode servers only: the server asked for encryption "
    "(online-mode=true). Set online-mode=false on the server to record it.";

std::string address_of(const tcp::socket& s) {
  boost::system::error_code ec;
  auto ep = s.remote_endpoint(ec);
  if (ec) return "?";
  return ep.address().to_string() + ":" + std::to_string(ep.port());
}

}  // namespace

// One client and its upstream connection. Bytes go through unchanged: each side reads a chunk,
// follows and records it, writes it to the other side, and reads again only once it is written
// (so a slow reader slows its writer, as without the proxy). A side that ends shuts down the
// other's sending half; once both have ended (or after kLingerAfterEnd) the sockets close.
class ProxySession : public std::enable_shared_from_this<ProxySession> {
 public:
  static constexpr std::chrono::seconds kLingerAfterEnd{5};

  ProxySession(RecordingProxy& proxy, tcp::socket client, uint64_t conn)
      : proxy_(proxy), client_(std::move(client)), upstream_(client_.get_executor()), linger_(client_.get_executor()),
        conn_(conn) {}

  void start(const std::vector<tcp::endpoint>& upstream) {
    client_address_ = address_of(client_);
    record(ConnectionOpenedEvent{client_address_});
    auto self = shared_from_this();
    asio::async_connect(upstream_, upstream, [self](boost::system::error_code ec, const tcp::endpoint&) {
      if (self->closed_) return;  // the proxy stopped meanwhile
      if (ec) {
        self->proxy_.log("connection " + std::to_string(self->conn_) + ": cannot reach upstream " +
                         self->proxy_.upstream_name() + ": " + ec.message());
        self->finish("upstream unreachable: " + ec.message());
        return;
      }
      boost::system::error_code ignored;
      self->upstream_.set_option(tcp::no_delay(true), ignored);
      self->client_.set_option(tcp::no_delay(true), ignored);
      self->read(Direction::kServerbound);
      self->read(Direction::kClientbound);
    });
  }

  // The proxy is stopping.
  void abort() { finish("proxy stopped"); }

 private:
  struct Pipe {
    std::array<uint8_t, 64 * 1024> buffer{};
    bool ended = false;
  };
  tcp::socket& from(Direction d) { return d == Direction::kServerbound ? client_ : upstream_; }
  tcp::socket& to(Direction d) { return d == Direction::kServerbound ? upstream_ : client_; }
  Pipe& pipe(Direction d) { return d == Direction::kServerbound ? up_ : down_; }

  void record(EventBody body) { proxy_.record(Event{conn_, proxy_.micros_now(), std::move(body)}); }

  void read(Direction d) {
    if (closed_) return;
    auto self = shared_from_this();
    Pipe& p = pipe(d);
    from(d).async_read_some(asio::buffer(p.buffer), [self, d](boost::system::error_code ec, size_t n) {
      if (self->closed_) return;
      if (self->refusing_) {
        // Whatever the client still sends is read and dropped until it leaves, so that its kernel
        // does not discard the refusal on a reset.
        if (d == Direction::kServerbound) {
          if (ec) self->finish(self->reason_);
          else self->read(d);
        }
        return;
      }
      if (ec) {
        self->ended(d, ec);
        return;
      }
      self->carry(d, std::span<const uint8_t>(self->pipe(d).buffer.data(), n));
    });
  }

  void carry(Direction d, std::span<const uint8_t> bytes) {
    bool framed_before = !follower_.error();
    auto packets = follower_.feed(d, bytes);
    for (auto& p : packets) record(PacketEvent{p.direction, p.state, std::move(p.body)});
    if (follower_.error()) {
      if (framed_before)
        proxy_.log("connection " + std::to_string(conn_) + ": cannot follow the stream: " + *follower_.error() +
                   "; later bytes are recorded unframed");
      else
        record(UnframedBytesEvent{d, Bytes(bytes.begin(), bytes.end())});
    }
    if (follower_.encryption_requested()) {
      refuse_encryption();
      return;
    }
    auto self = shared_from_this();
    asio::async_write(to(d), asio::buffer(bytes.data(), bytes.size()), [self, d](boost::system::error_code ec, size_t) {
      if (self->closed_) return;
      if (self->refusing_) {  // the client's side goes back to draining (see read)
        if (d == Direction::kServerbound) self->read(d);
        return;
      }
      if (ec) {
        self->finish(std::string(d == Direction::kServerbound ? "upstream" : "client") + " write failed: " +
                     ec.message());
        return;
      }
      self->read(d);
    });
  }

  // The client gets a login disconnect in place of the encryption request; both sides close.
  void refuse_encryption() {
    proxy_.log("connection " + std::to_string(conn_) + " from " + client_address_ + ": upstream " +
               proxy_.upstream_name() + " asked for encryption (online-mode=true); refused: " + kEncryptedRefusal);
    ByteWriter body;
    body.varint(packet_id::login_cb::disconnect);
    std::string json = "{\"text\":\"";
    for (const char* c = kEncryptedRefusal; *c; ++c) json += *c == '"' ? std::string("\\\"") : std::string(1, *c);
    json += "\"}";
    body.string(json);
    auto frame = encode_frame(body.bytes(), follower_.compression_threshold());
    refusal_ = frame.ok() ? std::move(*frame) : Bytes{};
    refusing_ = true;
    reason_ = "refused: upstream asked for encryption (online-mode server)";
    boost::system::error_code ignored;
    upstream_.close(ignored);
    auto self = shared_from_this();
    asio::async_write(client_, asio::buffer(refusal_), [self](boost::system::error_code, size_t) {
      boost::system::error_code ignored2;
      self->client_.shutdown(tcp::socket::shutdown_send, ignored2);
      self->finish_later(self->reason_);
    });
  }

  void ended(Direction d, const boost::system::error_code& ec) {
    Pipe& p = pipe(d);
    if (p.ended) return;
    p.ended = true;
    std::string who = d == Direction::kServerbound ? "client" : "upstream";
    std::string how = ec == asio::error::eof ? who + " closed" : who + " read failed: " + ec.message();
    if (reason_.empty()) reason_ = how;
    if (ec != asio::error::eof) {
      finish(reason_);
      return;
    }
    boost::system::error_code ignored;
    to(d).shutdown(tcp::socket::shutdown_send, ignored);
    if (up_.ended && down_.ended) finish(reason_);
    else finish_later(reason_);
  }

  // Gives the other side a moment to end by itself (its last bytes still flow), then closes.
  void finish_later(const std::string& reason) {
    if (lingering_) return;
    lingering_ = true;
    auto self = shared_from_this();
    linger_.expires_after(kLingerAfterEnd);
    linger_.async_wait([self, reason](boost::system::error_code ec) {
      if (!ec) self->finish(reason);
    });
  }

  // Records why the connection ended: the first reason found (a side that ended, a refusal),
  // else `reason`.
  void finish(const std::string& reason) {
    if (closed_) return;
    closed_ = true;
    record(ConnectionClosedEvent{reason_.empty() ? reason : reason_});
    boost::system::error_code ignored;
    client_.close(ignored);
    upstream_.close(ignored);
    linger_.cancel();
  }

  RecordingProxy& proxy_;
  tcp::socket client_;
  tcp::socket upstream_;
  asio::steady_timer linger_;
  uint64_t conn_;
  std::string client_address_;
  FrameFollower follower_;
  Pipe up_, down_;
  Bytes refusal_;
  std::string reason_;
  bool lingering_ = false;
  bool refusing_ = false;  // the client is being told the upstream is online-mode
  bool closed_ = false;
};

RecordingProxy::RecordingProxy(asio::io_context& io, Options options, RecordingFile& file, Log log)
    : io_(io), options_(std::move(options)), file_(file), log_(std::move(log)), acceptor_(io), flush_timer_(io) {}

RecordingProxy::~RecordingProxy() = default;

int64_t RecordingProxy::micros_now() const {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - started_).count();
}

std::optional<std::string> RecordingProxy::start() {
  boost::system::error_code ec;
  tcp::resolver resolver(io_);
  auto found = resolver.resolve(options_.upstream_host, std::to_string(options_.upstream_port), ec);
  if (ec || found.empty()) return "cannot resolve upstream " + options_.upstream_host + ": " + ec.message();
  for (const auto& entry : found) upstream_.push_back(entry.endpoint());
  upstream_name_ = options_.upstream_host + ":" + std::to_string(options_.upstream_port);
  auto address = asio::ip::make_address(options_.listen_host, ec);
  if (ec) return "bad listen address " + options_.listen_host + ": " + ec.message();
  tcp::endpoint endpoint(address, options_.listen_port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return "cannot listen on " + options_.listen_host + ":" + std::to_string(options_.listen_port) + ": " + ec.message();
  bound_port_ = acceptor_.local_endpoint().port();
  started_ = std::chrono::steady_clock::now();
  accept_next();
  schedule_flush();
  return std::nullopt;
}

void RecordingProxy::accept_next() {
  acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
    if (stopped_) return;
    if (!ec) {
      auto session = std::make_shared<ProxySession>(*this, std::move(socket), next_conn_++);
      std::erase_if(sessions_, [](const std::weak_ptr<ProxySession>& s) { return s.expired(); });
      sessions_.push_back(session);
      session->start(upstream_);
    } else if (ec == asio::error::operation_aborted) {
      return;
    }
    accept_next();
  });
}

void RecordingProxy::schedule_flush() {
  flush_timer_.expires_after(std::chrono::seconds(1));
  flush_timer_.async_wait([this](boost::system::error_code ec) {
    if (ec || stopped_) return;
    file_.flush();
    schedule_flush();
  });
}

void RecordingProxy::stop() {
  if (stopped_) return;
  stopped_ = true;
  boost::system::error_code ignored;
  acceptor_.close(ignored);
  flush_timer_.cancel();
  for (auto& weak : sessions_)
    if (auto s = weak.lock()) s->abort();
  sessions_.clear();
  file_.flush();
}

}  // namespace hz::parity
