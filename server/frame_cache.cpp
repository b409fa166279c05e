#include "server/frame_cache.h"

namespace hz {

namespace {
SharedBytes build_frame(const Bytes& body, int32_t threshold, FrameEncoder& encoder, std::string& error) {
  Bytes frame;
  if (Status s = encoder.append(body, threshold, frame); !s) {
    error = s.error();
    return nullptr;
  }
  return share(std::move(frame));
}
}  // namespace

SharedBytes FrameCache::frame(const SharedBytes& body, int32_t threshold, FrameEncoder& encoder, std::string& error) {
  if (body->size() < kMinBodyBytes) return build_frame(*body, threshold, encoder, error);
  const auto key = std::make_pair(body.get(), threshold);
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it != entries_.end() && it->second.body.lock() == body) return it->second.frame;
  }
  SharedBytes shared = build_frame(*body, threshold, encoder, error);  // outside the lock: compression is slow
  if (!shared) return nullptr;
  std::lock_guard lock(mutex_);
  entries_.insert_or_assign(key, Entry{body, shared});
  if (++inserted_since_sweep_ >= kSweepEvery) sweep();
  return shared;
}

void FrameCache::sweep() {
  inserted_since_sweep_ = 0;
  std::erase_if(entries_, [](const auto& entry) { return entry.second.body.expired(); });
}

size_t FrameCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace hz
