#include "sim/world/anvil/world_layout.h"

#include <charconv>

namespace hz::anvil {
namespace {

bool safe_path_part(std::string_view part) {
  if (part.empty() || part == "." || part == "..") return false;
  for (char c : part) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
    if (!ok) return false;
  }
  return true;
}

bool parse_int(std::string_view text, int32_t& out) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

std::string dimension_folder(std::string_view dimension) {
  std::string_view ns = "minecraft";
  std::string_view path = dimension;
  if (const auto colon = dimension.find(':'); colon != std::string_view::npos) {
    ns = dimension.substr(0, colon);
    path = dimension.substr(colon + 1);
  }
  if (!safe_path_part(ns)) return {};
  // Identifier paths may hold '/', each part a folder (custom dimensions like ns:a/b).
  std::string out = "dimensions/" + std::string(ns);
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = std::min(path.find('/', start), path.size());
    const std::string_view part = path.substr(start, slash - start);
    if (!safe_path_part(part)) return {};
    out += "/" + std::string(part);
    start = slash + 1;
  }
  return out;
}

std::string_view store_folder_name(ChunkStore store) {
  switch (store) {
    case ChunkStore::kRegion: return "region";
    case ChunkStore::kEntities: return "entities";
    case ChunkStore::kPoi: return "poi";
  }
  return "region";
}

std::string store_folder(std::string_view dimension, ChunkStore store) {
  const std::string folder = dimension_folder(dimension);
  if (folder.empty()) return {};
  return folder + "/" + std::string(store_folder_name(store));
}

std::string region_file_name(RegionPos pos) {
  return "r." + std::to_string(pos.x) + "." + std::to_string(pos.z) + ".mca";
}

std::string external_file_name(ChunkPos pos) {
  return "c." + std::to_string(pos.x) + "." + std::to_string(pos.z) + ".mcc";
}

bool parse_region_file_name(std::string_view name, RegionPos& pos) {
  if (!name.starts_with("r.") || !name.ends_with(".mca")) return false;
  const std::string_view middle = name.substr(2, name.size() - 6);
  const size_t dot = middle.find('.');
  if (dot == std::string_view::npos) return false;
  return parse_int(middle.substr(0, dot), pos.x) && parse_int(middle.substr(dot + 1), pos.z);
}

}  // namespace hz::anvil
