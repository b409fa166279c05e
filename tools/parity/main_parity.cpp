// horizon-parity: `record` puts a recording proxy in front of a server; `dump` prints a
// recording; `compare` replays its client side through Horizon. docs/parity.md has all three.
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "tools/parity/asio.h"
#include "tools/parity/compare_command.h"
#include "tools/parity/recording_dump.h"
#include "tools/parity/recording_proxy.h"

namespace {

constexpr const char* kUsage =
    "usage: horizon-parity record --listen PORT --upstream HOST:PORT --out FILE [--listen-host ADDRESS]\n"
    "       horizon-parity dump FILE [--fields]\n"
    "       horizon-parity compare FILE [--world DIR | --seed N] [--properties FILE] [--json OUT]\n"
    "                              [--report OUT.md] [--console LINE]...\n";

void log_line(const std::string& text) {
  auto now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  char stamp[16];
  std::strftime(stamp, sizeof stamp, "%H:%M:%S", std::localtime(&now));
  std::printf("[%s] %s\n", stamp, text.c_str());
  std::fflush(stdout);
}

bool parse_port(const std::string& text, uint16_t& port) {
  try {
    size_t used = 0;
    int value = std::stoi(text, &used);
    if (used != text.size() || value < 0 || value > 65535) return false;
    port = static_cast<uint16_t>(value);
    return true;
  } catch (...) {
    return false;
  }
}

int record(const std::vector<std::string>& args) {
  hz::parity::RecordingProxy::Options options;
  std::string out, upstream;
  bool have_listen = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i + 1 >= args.size()) {
      std::fprintf(stderr, "horizon-parity: %s needs a value\n%s", a.c_str(), kUsage);
      return 2;
    }
    const std::string& v = args[++i];
    if (a == "--listen") {
      if (!parse_port(v, options.listen_port)) {
        std::fprintf(stderr, "horizon-parity: bad port %s\n", v.c_str());
        return 2;
      }
      have_listen = true;
    } else if (a == "--listen-host") {
      options.listen_host = v;
    } else if (a == "--upstream") {
      upstream = v;
    } else if (a == "--out") {
      out = v;
    } else {
      std::fprintf(stderr, "horizon-parity: unknown option %s\n%s", a.c_str(), kUsage);
      return 2;
    }
  }
  size_t colon = upstream.rfind(':');
  if (!have_listen || out.empty() || colon == std::string::npos ||
      !parse_port(upstream.substr(colon + 1), options.upstream_port)) {
    std::fprintf(stderr, "%s", kUsage);
    return 2;
  }
  options.upstream_host = upstream.substr(0, colon);
  hz::parity::RecordingHeader header;
  header.upstream = upstream;
  header.listen = options.listen_host + ":" + std::to_string(options.listen_port);
  header.wall_clock_millis =
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
  hz::parity::RecordingFile file(out, header);
  if (file.error()) {
    std::fprintf(stderr, "horizon-parity: %s\n", file.error()->c_str());
    return 1;
  }
  boost::asio::io_context io(1);
  hz::parity::RecordingProxy proxy(io, options, file, log_line);
  if (auto err = proxy.start()) {
    std::fprintf(stderr, "horizon-parity: %s\n", err->c_str());
    return 1;
  }
  boost::asio::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](boost::system::error_code, int) {
    log_line("Stopping");
    proxy.stop();
  });
  log_line("Recording " + upstream + " on " + options.listen_host + ":" + std::to_string(proxy.bound_port()) +
           " into " + out);
  io.run();
  file.close();
  if (file.error()) {
    std::fprintf(stderr, "horizon-parity: %s\n", file.error()->c_str());
    return 1;
  }
  log_line("Recording written to " + out);
  return 0;
}

int dump(const std::vector<std::string>& args) {
  std::string path;
  bool fields = false;
  for (const std::string& a : args) {
    if (a == "--fields") fields = true;
    else if (path.empty()) path = a;
    else {
      std::fprintf(stderr, "%s", kUsage);
      return 2;
    }
  }
  if (path.empty()) {
    std::fprintf(stderr, "%s", kUsage);
    return 2;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "horizon-parity: cannot read %s\n", path.c_str());
    return 1;
  }
  hz::Bytes bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  auto contents = hz::parity::read_recording(bytes);
  std::cout << hz::parity::dump_recording(contents, fields);
  // A truncated last frame is what a killed proxy leaves: the events before it stand.
  return contents.damage && !contents.damage->tolerated() ? 1 : 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    std::fprintf(args.empty() ? stderr : stdout, "%s", kUsage);
    return args.empty() ? 2 : 0;
  }
  std::string command = args[0];
  args.erase(args.begin());
  if (command == "record") return record(args);
  if (command == "dump") return dump(args);
  if (command == "compare") return hz::parity::compare_command(args);
  std::fprintf(stderr, "horizon-parity: unknown command %s\n%s", command.c_str(), kUsage);
  return 2;
}
