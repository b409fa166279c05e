#include "server/metrics/metrics_listener.h"

#include <chrono>
#include <memory>

#include "server/metrics/http_answer.h"
#include "server/thread_name.h"

namespace hz {

namespace asio = boost::asio;
using asio::ip::tcp;

namespace {

// A scraper that connects and says nothing is dropped after this long.
constexpr auto kRequestTimeout = std::chrono::seconds(10);

// One scrape: read the head, write the answer, close.
class MetricsExchange : public std::enable_shared_from_this<MetricsExchange> {
 public:
  MetricsExchange(tcp::socket socket, const std::function<std::string()>& body)
      : socket_(std::move(socket)), timer_(socket_.get_executor()), head_(kMaxHttpHeadBytes), body_(body) {}

  void start() {
    timer_.expires_after(kRequestTimeout);
    timer_.async_wait([self = shared_from_this()](boost::system::error_code ec) {
      if (!ec) self->close();
    });
    asio::async_read_until(socket_, head_, "\r\n\r\n",
                           [self = shared_from_this()](boost::system::error_code ec, size_t) {
                             if (ec && ec != asio::error::not_found) return self->close();
                             // not_found: the head outgrew the limit; answered 400 below.
                             std::string head = ec ? std::string() : self->head_text();
                             self->write(http_answer(head, self->body_));
                           });
  }

 private:
  std::string head_text() {
    auto data = head_.data();
    return std::string(asio::buffers_begin(data), asio::buffers_end(data));
  }

  void write(std::string answer) {
    answer_ = std::move(answer);
    asio::async_write(socket_, asio::buffer(answer_), [self = shared_from_this()](boost::system::error_code, size_t) {
      self->close();
    });
  }

  void close() {
    boost::system::error_code ignored;
    timer_.cancel(ignored);
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
  }

  tcp::socket socket_;
  asio::steady_timer timer_;
  asio::streambuf head_;
  const std::function<std::string()>& body_;
  std::string answer_;
};

}  // namespace

MetricsListener::MetricsListener(std::function<std::string()> metrics_body, Logger& logger)
    : metrics_body_(std::move(metrics_body)), logger_(logger), acceptor_(io_) {}

MetricsListener::~MetricsListener() { stop(); }

std::optional<std::string> MetricsListener::listen(const std::string& ip, int port) {
  boost::system::error_code ec;
  auto address = asio::ip::make_address(ip, ec);
  if (ec) return "invalid address '" + ip + "': " + ec.message();
  tcp::endpoint endpoint(address, static_cast<uint16_t>(port));
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(tcp::acceptor::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) return ec.message();
  bound_port_ = acceptor_.local_endpoint().port();
  return std::nullopt;
}

void MetricsListener::start() {
  logger_.log("Metrics", LogLevel::kInfo,
              "Serving metrics on http://" + acceptor_.local_endpoint().address().to_string() + ":" +
                  std::to_string(bound_port_) + "/metrics");
  accept_next();
  thread_ = std::thread([this] {
    name_this_thread("Metrics");
    io_.run();
  });
}

void MetricsListener::stop() {
  if (!thread_.joinable()) return;
  io_.stop();
  thread_.join();
  boost::system::error_code ignored;
  acceptor_.close(ignored);
}

void MetricsListener::accept_next() {
  acceptor_.async_accept([this](boost::system::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) std::make_shared<MetricsExchange>(std::move(socket), metrics_body_)->start();
    accept_next();
  });
}

}  // namespace hz
