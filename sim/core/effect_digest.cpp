#include "sim/core/effect_digest.h"

namespace hz {

uint64_t DigestingSink::body_hash(const SharedBytes& body) {
  if (body->size() < kCachedBodyBytes) return hash_bytes(*body);
  SeenBody& seen = seen_[body.get()];
  if (seen.body.lock() != body) seen = SeenBody{body, hash_bytes(*body)};
  return seen.hash;
}

void DigestingSink::forget_expired_bodies() {
  std::erase_if(seen_, [](const auto& entry) { return entry.second.body.expired(); });
}

void DigestingSink::emit(Effect effect) {
  if (!digesting_) {
    next_.emit(std::move(effect));
    return;
  }
  if (auto* send = std::get_if<SendPacket>(&effect)) {
    Hasher& h = outbound_[send->conn];
    h.u64(send->body->size());
    h.u64(body_hash(send->body));
  } else if (auto* c = std::get_if<EnableCompression>(&effect)) {
    other_.u64(1), other_.u64(c->conn), other_.i64(c->threshold);
  } else if (auto* c = std::get_if<CloseConnection>(&effect)) {
    other_.u64(2), other_.u64(c->conn), other_.str(c->reason);
  } else if (auto* l = std::get_if<LogLine>(&effect)) {
    other_.u64(3), other_.u64(static_cast<uint64_t>(l->level)), other_.str(l->text);
  } else if (std::holds_alternative<StopRequested>(effect)) {
    other_.u64(4);
  } else if (auto* j = std::get_if<SubmitJob>(&effect)) {
    other_.u64(5), other_.u64(j->job), other_.u64(j->kind), other_.bytes(j->request);
  } else if (auto* w = std::get_if<StorageWrite>(&effect)) {
    other_.u64(6), other_.str(w->path), other_.bytes(w->bytes);
    if (w->folder != StorageFolder::kWorld) other_.u64(static_cast<uint64_t>(w->folder));
  } else if (auto* r = std::get_if<RconReply>(&effect)) {
    other_.u64(7), other_.u64(r->request), other_.str(r->output);
  } else if (auto* f = std::get_if<FinishEncryption>(&effect)) {
    other_.u64(8), other_.u64(f->conn), other_.str(f->username), other_.bytes(f->encrypted_secret);
    other_.bytes(f->encrypted_token), other_.bytes(f->verify_token), other_.str(f->address);
  }
  next_.emit(std::move(effect));
}

IterationDigest DigestingSink::take() {
  IterationDigest d;
  for (auto& [conn, h] : outbound_) d.outbound[conn] = h.digest();
  d.other_effects = other_.digest();
  outbound_.clear();
  other_ = Hasher();
  if (++passes_since_sweep_ >= kSweepInterval) {
    passes_since_sweep_ = 0;
    forget_expired_bodies();
  }
  return d;
}

}  // namespace hz
