#include "server/server_folder_files.h"

#include "server/files.h"
#include "sim/core/properties.h"
#include "sim/core/server_files.h"
#include "sim/game/access/access_lists.h"

namespace hz {

namespace {

std::span<const uint8_t> bytes_of(const std::string& text) {
  return std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size());
}

Status merge_properties(const ServerFolder& where, const StorageWrite& write, const std::string& date_comment) {
  std::map<std::string, std::string> pairs =
      parse_properties_text(read_text_file(where.properties_file).value_or(""));
  for (auto& [key, value] : parse_properties_text(std::string(write.bytes.begin(), write.bytes.end())))
    pairs[key] = value;
  const std::string out = "#Minecraft server properties\n#" + date_comment + "\n" + write_properties_text(pairs);
  if (auto err = write_file_atomically(where.properties_file, bytes_of(out), false)) return Error{*err};
  return Status::success();
}

}  // namespace

Status write_server_folder_file(const ServerFolder& where, const StorageWrite& write, const std::string& date_comment) {
  if (write.path == kServerPropertiesFile) return merge_properties(where, write, date_comment);
  if (!is_plain_file_name(write.path)) return Error{"refusing to write " + write.path + ": not a file of the server folder"};
  if (auto err = write_file_atomically(where.folder / write.path, write.bytes, write.sync)) return Error{*err};
  return Status::success();
}

Bytes read_server_folder_file(const ServerFolder& where, const Bytes& request) {
  const std::string name(request.begin(), request.end());
  std::optional<std::string> text;
  if (is_plain_file_name(name)) text = read_text_file(where.folder / name);
  return encode_server_file_result(text);
}

}  // namespace hz
