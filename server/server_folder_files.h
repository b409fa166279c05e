// The server folder's own small files as the core asks for them: list files written whole
// (ops.json, whitelist.json, the ban lists), keys merged into server.properties, and a file read
// back as a JobCompleted result (whitelist reload).
#pragma once

#include <filesystem>
#include <string>

#include "sim/core/effects.h"
#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz {

struct ServerFolder {
  std::filesystem::path folder;           // --universe
  std::filesystem::path properties_file;  // server.properties, or --properties
};

// Carries out a StorageWrite with StorageFolder::kServer. A write to server.properties holds only
// the keys to change, which are merged into the file as it is now; `date_comment` heads the file.
Status write_server_folder_file(const ServerFolder& where, const StorageWrite& write, const std::string& date_comment);

// The result bytes of a kServerFileReadJobKind job: whether the file exists, and its bytes.
Bytes read_server_folder_file(const ServerFolder& where, const Bytes& request);

}  // namespace hz
