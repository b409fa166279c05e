#include "tools/parity/decisions.h"

#include <cmath>
#include <cstdio>

#include "sim/core/hash.h"
#include "sim/data/catalog.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/packets.h"
#include "sim/protocol/text.h"
#include "sim/world/chunk_packet.h"
#include "sim/world/section.h"

namespace hz::parity {
namespace {

std::string position(double x, double y, double z) {
  char buf[96];
  std::snprintf(buf, sizeof buf, "(%.3f, %.3f, %.3f)", x, y, z);
  return buf;
}

std::string chunk_name(int32_t x, int32_t z) { return "(" + std::to_string(x) + ", " + std::to_string(z) + ")"; }

std::string seconds_text(int64_t micros) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f s", static_cast<double>(micros) / 1e6);
  return buf;
}

ChunkPos chunk_of(double x, double z) {
  return ChunkPos{static_cast<int32_t>(std::floor(x)) >> 4, static_cast<int32_t>(std::floor(z)) >> 4};
}

// Reads one connection's packets in order and writes down each decision.
class Extractor {
 public:
  ConnectionDecisions run(const ObservedConnection& connection, std::optional<int64_t> server_until) {
    for (const ObservedPacket& p : connection.packets) {
      if (p.direction == Direction::kClientbound && server_until && p.micros > *server_until) continue;
      tick_ = p.tick;
      if (p.direction == Direction::kServerbound) client(p);
      else server(p);
    }
    tick_ = -1;
    settle_moves();
    if (connection.closed_micros && out_.player.size() && !kicked_) {
      // Who ended it: a server that closed without a reason packet decided so too.
      if (connection.close_reason.starts_with("upstream closed") || connection.close_reason.starts_with("server closed"))
        add(Category::kDisconnect, "disconnect", "closed by the server", *connection.closed_micros, connection.close_reason);
    }
    return std::move(out_);
  }

 private:
  struct Move {
    int64_t micros = 0;
    double x = 0, y = 0, z = 0;
    std::string outcome = "accepted";
    std::string context;
    int64_t tick = -1;  // Horizon's tick of the pull-back
  };

  void add(Category category, std::string key, std::string value, int64_t micros, std::string context,
           std::optional<ChunkPos> terrain = std::nullopt) {
    out_.decisions.push_back(
        Decision{category, std::move(key), std::move(value), micros, tick_, std::move(context), terrain});
  }

  void client(const ObservedPacket& p) {
    const int32_t id = p.id();
    if (p.state == ProtocolState::kLogin && id == packet::login_sb::LoginStart::kId) {
      if (auto l = decode_packet<packet::login_sb::LoginStart>(p.body)) out_.player = l->username;
    } else if (p.state != ProtocolState::kPlay) {
      return;
    } else if (id == packet::play_sb::Position::kId) {
      if (auto m = decode_packet<packet::play_sb::Position>(p.body))
        moves_.push_back(Move{p.micros, m->x, m->y, m->z, "accepted", "position " + position(m->x, m->y, m->z)});
    } else if (id == packet::play_sb::PositionLook::kId) {
      if (auto m = decode_packet<packet::play_sb::PositionLook>(p.body))
        moves_.push_back(Move{p.micros, m->x, m->y, m->z, "accepted", "position_look " + position(m->x, m->y, m->z)});
    } else if (id == packet::play_sb::TeleportConfirm::kId) {
      ++confirmations_;
      add(Category::kMovement, "teleport confirmation " + std::to_string(confirmations_), "answered", p.micros,
          "teleport_confirm at " + seconds_text(p.micros));
    }
  }

  void server(const ObservedPacket& p) {
    const int32_t id = p.id();
    switch (p.state) {
      case ProtocolState::kLogin:
        if (id == packet::login_cb::Disconnect::kId)
          if (auto d = decode_packet<packet::login_cb::Disconnect>(p.body)) kick(d->reason_json, p.micros, "login");
        return;
      case ProtocolState::kConfiguration:
        if (id == packet::config_cb::Disconnect::kId) {
          if (auto d = decode_packet<packet::config_cb::Disconnect>(p.body)) kick(nbt_text_to_json(d->reason), p.micros, "configuration");
        } else if (id == packet::config_cb::KeepAlive::kId) {
          keep_alive(p.micros, "configuration");
        }
        return;
      case ProtocolState::kPlay:
        play(p, id);
        return;
      default:
        return;
    }
  }

  void play(const ObservedPacket& p, int32_t id) {
    namespace cb = packet::play_cb;
    if (id == cb::Login::kId) {
      if (!login_micros_) login_micros_ = p.micros;
    } else if (id == cb::Position::kId) {
      if (auto t = decode_packet<cb::Position>(p.body)) teleport(*t, p.micros);
    } else if (id == cb::KickDisconnect::kId) {
      if (auto d = decode_packet<cb::KickDisconnect>(p.body)) kick(nbt_text_to_json(d->reason), p.micros, "play");
    } else if (id == cb::KeepAlive::kId) {
      keep_alive(p.micros, "play");
    } else if (id == cb::ChunkBatchStart::kId) {
      batch_chunks_ = 0;
    } else if (id == cb::ChunkBatchFinished::kId) {
      ++batches_;
      out_.batch_sizes.push_back(batch_chunks_);
    } else if (id == cb::MapChunk::kId) {
      if (auto c = decode_packet<cb::MapChunk>(p.body)) chunk(*c, p.micros);
    } else if (id == cb::UnloadChunk::kId) {
      if (auto u = decode_packet<cb::UnloadChunk>(p.body)) {
        const std::string name = chunk_name(u->x, u->z);
        add(Category::kChunks, "forget " + name + " #" + std::to_string(++forgets_[ChunkPos{u->x, u->z}]), "sent",
            p.micros, "unload_chunk " + name + " at " + seconds_text(p.micros));
      }
    } else if (id == cb::SpawnEntity::kId) {
      if (auto s = decode_packet<cb::SpawnEntity>(p.body)) spawn(*s, p.micros);
    } else if (id == cb::EntityDestroy::kId) {
      if (auto d = decode_packet<cb::EntityDestroy>(p.body)) {
        for (int32_t entity : d->entity_ids) {
          auto it = entities_.find(entity);
          if (it == entities_.end()) continue;
          add(Category::kEntities, it->second + " removed", "removed", p.micros, "entity_destroy at " + seconds_text(p.micros));
          entities_.erase(it);
        }
      }
    } else if (id == cb::SystemChat::kId) {
      if (auto m = decode_packet<cb::SystemChat>(p.body); m && !m->overlay)
        add(Category::kChat, "message " + std::to_string(++messages_), nbt_text_to_json(m->content), p.micros,
            "system_chat at " + seconds_text(p.micros));
    } else if (id == cb::BlockChange::kId) {
      if (auto b = decode_packet<cb::BlockChange>(p.body))
        block(b->location.x, b->location.y, b->location.z, b->type, p.micros, "block_change");
    } else if (id == cb::MultiBlockChange::kId) {
      // The same decisions as single changes: a server may send either for one change.
      if (auto m = decode_packet<cb::MultiBlockChange>(p.body)) {
        const int64_t section = m->chunk_coordinates;
        const int32_t sx = static_cast<int32_t>(section >> 42), sz = static_cast<int32_t>(section << 22 >> 42),
                      sy = static_cast<int32_t>(section << 44 >> 44);
        for (int64_t record : m->records) {
          const int32_t local = static_cast<int32_t>(record & 0xFFF);
          block(sx * 16 + (local >> 8), sy * 16 + (local & 15), sz * 16 + ((local >> 4) & 15),
                static_cast<int32_t>(record >> 12), p.micros, "multi_block_change");
        }
      }
    } else if (id == cb::AcknowledgePlayerDigging::kId) {
      if (auto a = decode_packet<cb::AcknowledgePlayerDigging>(p.body))
        add(Category::kBlocks, "acknowledgement of sequence " + std::to_string(a->sequence_id), "sent", p.micros,
            "acknowledge_player_digging at " + seconds_text(p.micros));
    }
  }

  void block(int32_t x, int32_t y, int32_t z, int32_t state, int64_t micros, const char* packet) {
    char where[64];
    std::snprintf(where, sizeof where, "(%d, %d, %d)", x, y, z);
    add(Category::kBlocks, std::string("block ") + where + " #" + std::to_string(++block_changes_[where]),
        "state " + std::to_string(state), micros, std::string(packet) + " at " + seconds_text(micros), ChunkPos{x >> 4, z >> 4});
  }

  // A teleport answers the last move the server had before it (or places the player on joining).
  void teleport(const packet::play_cb::Position& t, int64_t micros) {
    std::string target = position(t.x, t.y, t.z);
    if (t.flags != 0) target += " relative flags " + std::to_string(t.flags);
    const std::string context = "position " + target + " at " + seconds_text(micros);
    size_t before = 0;
    while (before < moves_.size() && moves_[before].micros <= micros) ++before;
    if (before == 0) {
      add(Category::kMovement, "placement " + std::to_string(++placements_), "at " + target, micros, context,
          chunk_of(t.x, t.z));
      return;
    }
    Move& m = moves_[before - 1];
    m.outcome = "pulled back to " + target;
    m.tick = tick_;
    m.context += " at " + seconds_text(m.micros) + "; " + context;
  }

  void kick(std::string reason, int64_t micros, const char* state) {
    kicked_ = true;
    add(Category::kDisconnect, "disconnect", reason, micros, std::string(state) + " disconnect at " + seconds_text(micros));
    size_t before = 0;
    while (before < moves_.size() && moves_[before].micros <= micros) ++before;
    if (before > 0 && moves_[before - 1].outcome == "accepted") moves_[before - 1].outcome = "kicked";
  }

  void keep_alive(int64_t micros, const char* state) {
    // When, in whole seconds since play began (the configuration ones since the connection's
    // first packet): the interval is the rule, the ids are each server's own.
    const int64_t since = micros - login_micros_.value_or(0);
    add(Category::kKeepAlive, std::string(state) + " keep-alive " + std::to_string(++keep_alives_),
        "after " + std::to_string(since / 1'000'000) + " s", micros, "keep_alive at " + seconds_text(micros));
  }

  void chunk(const packet::play_cb::MapChunk& c, int64_t micros) {
    ++batch_chunks_;
    const ChunkPos pos{c.x, c.z};
    if (auto blocks = chunk_blocks_fingerprint(c.body)) out_.chunk_blocks.emplace(pos, *blocks);
    const std::string name = chunk_name(c.x, c.z);
    add(Category::kChunks, "chunk " + name + " #" + std::to_string(++chunks_[pos]), "sent", micros,
        "map_chunk " + name + " in batch " + std::to_string(batches_ + 1) + " at " + seconds_text(micros), pos);
  }

  void spawn(const packet::play_cb::SpawnEntity& s, int64_t micros) {
    // Players keep their UUID across servers (offline mode); other entities are named by kind
    // and the order this client saw them in.
    static const int kPlayerType = entity_type_id("player").value_or(-1);
    std::string key = s.type == kPlayerType ? "player " + s.uuid.to_string()
                                            : "entity type " + std::to_string(s.type) + " #" +
                                                  std::to_string(++spawns_by_type_[s.type]);
    entities_[s.entity_id] = key;
    char block[64];
    std::snprintf(block, sizeof block, "(%d, %d, %d)", static_cast<int>(std::floor(s.x)),
                  static_cast<int>(std::floor(s.y)), static_cast<int>(std::floor(s.z)));
    // The position is context, not the answer: an entity that moves is shown where it is when it
    // comes into view, which is a matter of a tick's timing.
    add(Category::kEntities, key, "spawned", micros, std::string("spawn_entity at block ") + block + " at " + seconds_text(micros),
        chunk_of(s.x, s.z));
  }

  void settle_moves() {
    for (size_t i = 0; i < moves_.size(); ++i) {
      const Move& m = moves_[i];
      tick_ = m.tick;
      add(Category::kMovement, "move " + std::to_string(i + 1), m.outcome, m.micros, m.context, chunk_of(m.x, m.z));
    }
  }

  ConnectionDecisions out_;
  std::vector<Move> moves_;
  std::optional<int64_t> login_micros_;
  std::map<ChunkPos, int> chunks_, forgets_;
  std::map<int32_t, std::string> entities_;
  std::map<int32_t, int> spawns_by_type_;
  std::map<std::string, int> block_changes_;
  int batch_chunks_ = 0, batches_ = 0, placements_ = 0, confirmations_ = 0, keep_alives_ = 0, messages_ = 0;
  int64_t tick_ = -1;
  bool kicked_ = false;
};

}  // namespace

const char* category_name(Category category) {
  switch (category) {
    case Category::kMovement: return "movement";
    case Category::kChunks: return "chunks";
    case Category::kEntities: return "entities";
    case Category::kKeepAlive: return "keep_alive";
    case Category::kChat: return "chat";
    case Category::kDisconnect: return "disconnect";
    case Category::kBlocks: return "blocks";
  }
  return "?";
}

ConnectionDecisions extract_decisions(const ObservedConnection& connection, std::optional<int64_t> server_until) {
  return Extractor().run(connection, server_until);
}

std::optional<uint64_t> chunk_blocks_fingerprint(std::span<const uint8_t> body) {
  ByteReader in(body);
  std::vector<Section> sections;
  if (!read_chunk_sections(in, sections)) return std::nullopt;
  Hasher h;
  for (const Section& section : sections)
    for (int i = 0; i < 4096; ++i) h.u64(section.block(i));
  return h.digest();
}

}  // namespace hz::parity
