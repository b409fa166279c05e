// horizon-bots: starts the fleet against one server and writes the JSON summary at the end.
#include <cstdio>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "tools/bots/asio.h"
#include "tools/bots/fleet.h"
#include "tools/bots/options.h"
#include "tools/bots/summary.h"

namespace {

using hz::bots::BotContext;
using hz::bots::Options;

bool resolve(const Options& o, boost::asio::io_context& io, boost::asio::ip::tcp::endpoint& out) {
  boost::system::error_code ec;
  boost::asio::ip::tcp::resolver resolver(io);
  auto results = resolver.resolve(o.host, std::to_string(o.port), ec);
  if (ec || results.empty()) {
    std::fprintf(stderr, "horizon-bots: cannot resolve %s:%u: %s\n", o.host.c_str(), o.port, ec.message().c_str());
    return false;
  }
  out = results.begin()->endpoint();
  return true;
}

bool write_summary(const Options& o, const std::string& json) {
  if (o.json_path.empty()) {
    std::cout << json << '\n';
    return true;
  }
  std::ofstream file(o.json_path, std::ios::binary | std::ios::trunc);
  file << json << '\n';
  if (!file) {
    std::fprintf(stderr, "horizon-bots: cannot write %s\n", o.json_path.c_str());
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  auto parsed = hz::bots::parse_options(std::vector<std::string>(argv + 1, argv + argc));
  if (!parsed) {
    std::fprintf(stderr, "horizon-bots: %s (see --help)\n", parsed.error().c_str());
    return 2;
  }
  if (parsed->help_requested) {
    std::cout << parsed->help_text;
    return 0;
  }
  const Options& options = parsed->options;
  boost::asio::io_context io(1);
  BotContext context{options, {}, {}, hz::bots::Clock::now()};
  if (!resolve(options, io, context.server)) return 1;
  context.start = hz::bots::Clock::now();
  hz::bots::Fleet fleet(io, context);
  fleet.run();
  return write_summary(options, hz::bots::summary_json(fleet)) ? 0 : 1;
}
