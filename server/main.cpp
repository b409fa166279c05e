// horizon-server: the live dedicated server. Parses the command line and runs the shell.
#include <boost/program_options.hpp>
#include <iostream>

#include "server/live_server.h"
#include "server/memory_tuning.h"

namespace po = boost::program_options;

int main(int argc, char** argv) {
  hz::keep_large_blocks_mapped();
  po::options_description desc("horizon-server options");
  desc.add_options()("help", "show this help")("port", po::value<int>(), "listen port (overrides server-port)")(
      "world", po::value<std::string>(), "world folder name (overrides level-name)")(
      "universe", po::value<std::string>()->default_value("."), "working folder for server files")(
      "properties", po::value<std::string>(), "server.properties path (default: <universe>/server.properties)")(
      "record", po::value<bool>()->implicit_value(true), "record a trace (overrides horizon-record-trace)")(
      "nogui", "accepted for compatibility with vanilla's launcher scripts");
  po::variables_map vm;
  try {
    po::store(po::parse_command_line(argc, argv, desc), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "horizon-server: " << e.what() << "\n" << desc;
    return 2;
  }
  if (vm.count("help")) {
    std::cout << desc;
    return 0;
  }
  hz::LaunchOptions options;
  options.folder = vm["universe"].as<std::string>();
  if (vm.count("properties")) options.properties_file = vm["properties"].as<std::string>();
  if (vm.count("port")) options.port = vm["port"].as<int>();
  if (vm.count("world")) options.world = vm["world"].as<std::string>();
  if (vm.count("record")) options.record_trace = vm["record"].as<bool>();
  return hz::run_live_server(options);
}
