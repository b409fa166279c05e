// horizon-trace: reads Horizon's session traces. info, dump, verify (replay and compare), cut,
// slice, minimize (a diverging session's shortest reproducer) and export (a player's view as a
// ReplayMod recording).
#include <boost/program_options.hpp>
#include <iostream>

#include "replay/cli/trace_commands.h"
#include "server/memory_tuning.h"

namespace po = boost::program_options;

namespace {

constexpr const char* kUsage =
    "usage: horizon-trace <command> [options] FILE...\n"
    "commands:\n"
    "  info FILE...                     duration, ticks, connections, players, inputs and packets by type,\n"
    "                                   sizes, compression ratio\n"
    "  dump FILE [--inputs] [--bytes]   one JSON object per record; serverbound packets decoded\n"
    "  verify FILE...                   replay and compare every pass; exit 0 when identical, 1 on the\n"
    "                                   first divergence (earlier files of a rotated session are found\n"
    "                                   beside the given ones); --from-tick N starts at the last\n"
    "                                   snapshot taken at or before tick N; --jobs J replays the\n"
    "                                   stretches between snapshots J at a time\n"
    "  cut FILE --to-tick N --out FILE2 a valid shorter trace holding the passes up to tick N\n"
    "  slice FILE --from-tick A --to-tick B --out FILE2\n"
    "                                   a valid shorter trace starting at the last snapshot at or\n"
    "                                   before tick A and holding the passes up to tick B\n"
    "  minimize FILE... --out FILE2      for a session whose replay diverges: the shortest trace that\n"
    "                                   diverges at the same pass alike (that pass alone, after a\n"
    "                                   snapshot of the replay); exit 1 when nothing diverges\n"
    "  export FILE... --player NAME --out FILE.mcpr [--format mcpr]\n"
    "                                   replay the session and write what NAME's client received, from\n"
    "                                   its first login success on, as a ReplayMod recording (.mcpr),\n"
    "                                   timed and dated by the recorded clocks\n"
    "exit codes: 0 ok, 1 divergence (export: also no such player or output not written), 2 usage,\n"
    "3 unreadable trace\n";

std::vector<std::filesystem::path> paths(const po::variables_map& vm) {
  std::vector<std::filesystem::path> out;
  if (vm.count("files"))
    for (const std::string& f : vm["files"].as<std::vector<std::string>>()) out.emplace_back(f);
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  hz::keep_large_blocks_mapped();
  po::options_description options("options");
  options.add_options()("help", "show this help")("inputs", "dump: only the core's inputs and clock reads")(
      "bytes", "dump: hex of every BytesReceived")("to-tick", po::value<int64_t>(), "cut, slice: last tick to keep")(
      "from-tick", po::value<int64_t>(), "verify, slice: start at the last snapshot at or before this tick")(
      "jobs", po::value<unsigned>()->default_value(1),
      "verify: replay the stretches between snapshots this many at a time")(
      "out", po::value<std::string>(), "cut, slice, minimize, export: output file")(
      "player", po::value<std::string>(), "export: whose view (the name the player logged in with)")(
      "format", po::value<std::string>()->default_value("mcpr"), "export: mcpr (ReplayMod)");
  po::options_description hidden;
  hidden.add_options()("command", po::value<std::string>())("files", po::value<std::vector<std::string>>());
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("command", 1).add("files", -1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(all).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const std::exception& e) {
    std::cerr << "horizon-trace: " << e.what() << "\n" << kUsage;
    return hz::kTraceUsage;
  }
  if (vm.count("help") || !vm.count("command")) {
    (vm.count("help") ? std::cout : std::cerr) << kUsage << options;
    return vm.count("help") ? hz::kTraceOk : hz::kTraceUsage;
  }
  std::string command = vm["command"].as<std::string>();
  std::vector<std::filesystem::path> files = paths(vm);
  if (files.empty()) {
    std::cerr << "horizon-trace: " << command << " needs a trace file\n" << kUsage;
    return hz::kTraceUsage;
  }
  if (command == "info") return hz::trace_info(files, std::cout, std::cerr);
  if (command == "verify") {
    std::optional<int64_t> from_tick;
    if (vm.count("from-tick")) from_tick = vm["from-tick"].as<int64_t>();
    return hz::trace_verify(files, std::cout, std::cerr, from_tick, vm["jobs"].as<unsigned>());
  }
  if (command == "dump") {
    if (files.size() != 1) {
      std::cerr << "horizon-trace: dump takes one file\n";
      return hz::kTraceUsage;
    }
    hz::DumpOptions dump{vm.count("inputs") > 0, vm.count("bytes") > 0};
    return hz::trace_dump(files[0], dump, std::cout, std::cerr);
  }
  if (command == "cut") {
    if (files.size() != 1 || !vm.count("to-tick") || !vm.count("out")) {
      std::cerr << "horizon-trace: cut FILE --to-tick N --out FILE2\n";
      return hz::kTraceUsage;
    }
    return hz::trace_cut(files[0], vm["to-tick"].as<int64_t>(), vm["out"].as<std::string>(), std::cout, std::cerr);
  }
  if (command == "slice") {
    if (files.size() != 1 || !vm.count("from-tick") || !vm.count("to-tick") || !vm.count("out")) {
      std::cerr << "horizon-trace: slice FILE --from-tick A --to-tick B --out FILE2\n";
      return hz::kTraceUsage;
    }
    return hz::trace_slice(files[0], vm["from-tick"].as<int64_t>(), vm["to-tick"].as<int64_t>(),
                           vm["out"].as<std::string>(), std::cout, std::cerr);
  }
  if (command == "minimize") {
    if (files.empty() || !vm.count("out")) {
      std::cerr << "horizon-trace: minimize FILE... --out FILE2\n";
      return hz::kTraceUsage;
    }
    return hz::trace_minimize(files, vm["out"].as<std::string>(), std::cout, std::cerr);
  }
  if (command == "export") {
    hz::ExportOptions options;
    if (vm.count("player")) options.player = vm["player"].as<std::string>();
    if (vm.count("out")) options.out = vm["out"].as<std::string>();
    options.format = vm["format"].as<std::string>();
    return hz::trace_export(files, options, std::cout, std::cerr);
  }
  std::cerr << "horizon-trace: unknown command '" << command << "'\n" << kUsage;
  return hz::kTraceUsage;
}
