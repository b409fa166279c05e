// One request = one Request object walking resolve, connect, (TLS handshake), write, read on the
// client's io_context; a single deadline covers the whole walk.
#include "server/auth/session_client.h"

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>

#include "server/auth/session_server.h"
#include "server/thread_name.h"

namespace hz::auth {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

class Request : public std::enable_shared_from_this<Request> {
 public:
  Request(asio::io_context& io, asio::ssl::context* tls, ConnId conn, HttpUrl url,
          std::function<void(SessionAnswer)>& deliver)
      : resolver_(io), deadline_(io), conn_(conn), url_(std::move(url)), deliver_(deliver) {
    if (url_.tls) tls_stream_.emplace(io, *tls);
    else plain_.emplace(io);
  }

  void start() {
    deadline_.expires_after(SessionClient::kTimeout);
    deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->fail();  // time is up: closing the socket ends the pending operation
    });
    request_.method(http::verb::get);
    request_.target(url_.target);
    request_.version(11);
    request_.set(http::field::host, url_.host);
    request_.set(http::field::user_agent, "Horizon");
    request_.set(http::field::connection, "close");
    resolver_.async_resolve(url_.host, url_.port, [self = shared_from_this()](beast::error_code ec, auto results) {
      if (ec) return self->fail();
      self->connect(results);
    });
  }

 private:
  tcp::socket& socket() { return tls_stream_ ? tls_stream_->next_layer() : *plain_; }

  void connect(const tcp::resolver::results_type& results) {
    asio::async_connect(socket(), results, [self = shared_from_this()](beast::error_code ec, const auto&) {
      if (ec) return self->fail();
      if (!self->tls_stream_) return self->write();
      // SNI and the certificate's name checked against the host we asked for.
      if (!SSL_set_tlsext_host_name(self->tls_stream_->native_handle(), self->url_.host.c_str())) return self->fail();
      self->tls_stream_->set_verify_callback(asio::ssl::host_name_verification(self->url_.host));
      self->tls_stream_->async_handshake(asio::ssl::stream_base::client, [self](beast::error_code ec2) {
        if (ec2) return self->fail();
        self->write();
      });
    });
  }

  void write() {
    auto done = [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->fail();
      self->read();
    };
    if (tls_stream_) http::async_write(*tls_stream_, request_, done);
    else http::async_write(*plain_, request_, done);
  }

  void read() {
    auto done = [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return self->fail();
      self->finish(read_has_joined(self->conn_, static_cast<int>(self->response_.result_int()), self->response_.body()));
    };
    parser_.body_limit(1 << 20);
    if (tls_stream_) http::async_read(*tls_stream_, buffer_, parser_, done);
    else http::async_read(*plain_, buffer_, parser_, done);
  }

  void fail() {
    SessionAnswer a;
    a.conn = conn_;
    a.outcome = SessionOutcome::kUnreachable;
    finish(std::move(a));
  }

  void finish(SessionAnswer answer) {
    if (done_) return;
    done_ = true;
    deadline_.cancel();
    beast::error_code ignored;
    socket().close(ignored);
    deliver_(std::move(answer));
  }

  tcp::resolver resolver_;
  asio::steady_timer deadline_;
  std::optional<beast::ssl_stream<tcp::socket>> tls_stream_;
  std::optional<tcp::socket> plain_;
  ConnId conn_;
  HttpUrl url_;
  std::function<void(SessionAnswer)>& deliver_;
  http::request<http::empty_body> request_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
  http::response<http::string_body>& response_ = parser_.get();
  bool done_ = false;
};

}  // namespace

SessionClient::SessionClient(std::function<void(SessionAnswer)> deliver)
    : deliver_(std::move(deliver)), work_(asio::make_work_guard(io_)) {
  tls_ = std::make_unique<asio::ssl::context>(asio::ssl::context::tls_client);
  tls_->set_default_verify_paths();
  tls_->set_verify_mode(asio::ssl::verify_peer);
  thread_ = std::thread([this] {
    name_this_thread("User Authenticator");
    io_.run();
  });
}

SessionClient::~SessionClient() {
  work_.reset();
  io_.stop();
  if (thread_.joinable()) thread_.join();
}

void SessionClient::ask(ConnId conn, std::string url) {
  asio::post(io_, [this, conn, url = std::move(url)] {
    auto parsed = parse_http_url(url);
    if (!parsed) {
      SessionAnswer a;
      a.conn = conn;
      a.outcome = SessionOutcome::kUnreachable;
      return deliver_(std::move(a));
    }
    std::make_shared<Request>(io_, tls_.get(), conn, std::move(*parsed), deliver_)->start();
  });
}

}  // namespace hz::auth
