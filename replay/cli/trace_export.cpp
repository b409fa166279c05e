// horizon-trace export: one player's view of a recorded session as a ReplayMod recording.
#include <algorithm>
#include <fstream>
#include <optional>
#include <ostream>

#include "replay/cli/trace_commands.h"
#include "replay/export/player_view.h"
#include "replay/export/replaymod_export.h"

namespace hz {
namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

// Writes the whole file or says why not.
Status write_file(const std::filesystem::path& path, const Bytes& bytes) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (!file) return Error{"cannot create " + path.string()};
  file.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  file.close();
  if (!file) return Error{"cannot write " + path.string()};
  return {};
}

// Why the output path cannot be written, found before the replay rather than after it.
std::optional<std::string> output_problem(const std::filesystem::path& out) {
  std::error_code ec;
  std::filesystem::path folder = out.parent_path().empty() ? std::filesystem::path(".") : out.parent_path();
  if (!std::filesystem::is_directory(folder, ec)) return "no folder " + folder.string() + " for " + out.string();
  if (std::filesystem::is_directory(out, ec)) return out.string() + " is a folder";
  return std::nullopt;
}

// Replays the session into `view`; an exit code when the trace is unreadable or diverges.
std::optional<int> replay_into(PlayerView& view, const std::vector<std::filesystem::path>& files,
                               std::optional<TraceHeader>& first_header, std::ostream& out, std::ostream& err) {
  ChainVerifier verifier(&view);
  auto replayed = replay_session(files, verifier, nullptr);
  if (!replayed) {
    err << "horizon-trace: " << replayed.error() << "\n";
    return kTraceUnreadable;
  }
  for (const std::string& note : replayed->notes) out << "note: " << note << "\n";
  if (replayed->outcome == VerifyResult::Outcome::kUnreadable) {
    err << "horizon-trace: cannot export: " << replayed->problem << "\n";
    return kTraceUnreadable;
  }
  if (replayed->outcome == VerifyResult::Outcome::kDiverged) {
    err << "horizon-trace: cannot export: the trace does not replay identically (horizon-trace verify shows where)\n"
        << "in " << replayed->divergence_file << ":\n"
        << format_divergence(*replayed->divergence);
    return kTraceFailed;
  }
  first_header = verifier.first_header();
  return std::nullopt;
}

}  // namespace

int trace_export(const std::vector<std::filesystem::path>& files, const ExportOptions& options, std::ostream& out,
                 std::ostream& err) {
  if (options.format != "mcpr") {
    err << "horizon-trace: unknown export format '" << options.format << "' (known: mcpr)\n";
    return kTraceUsage;
  }
  if (options.player.empty() || options.out.empty()) {
    err << "horizon-trace: export FILE... --player NAME --out FILE.mcpr\n";
    return kTraceUsage;
  }
  if (auto problem = output_problem(options.out)) {
    err << "horizon-trace: cannot export: " << *problem << "\n";
    return kTraceFailed;
  }
  PlayerView view(options.player);
  std::optional<TraceHeader> first_header;
  if (auto failed = replay_into(view, files, first_header, out, err)) return *failed;
  if (!view.found()) {
    err << "horizon-trace: cannot export: " << options.player << " never logged in during this session (logins: "
        << joined(view.logins()) << ")\n";
    return kTraceFailed;
  }
  auto recording = export_replaymod(*first_header, view);
  Status written = recording ? write_file(options.out, *recording) : Status(Error{recording.error()});
  if (!written.ok()) {
    err << "horizon-trace: cannot export: " << written.error() << "\n";
    return kTraceFailed;
  }
  size_t logins = std::count(view.logins().begin(), view.logins().end(), options.player);
  if (logins > 1) out << "note: " << options.player << " logged in " << logins << " times; exported the first\n";
  out << "exported " << view.packets().size() << " packets sent to " << options.player << " (connection "
      << *view.connection() << ") to " << options.out.string() << "\n";
  return kTraceOk;
}

}  // namespace hz
