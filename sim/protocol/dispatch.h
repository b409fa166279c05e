// Dispatch tables per (state, direction): decode a packet body's id, then hand the typed packet
// to a handler, skip a known-but-unhandled packet, or report an unknown id or a decode error.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "sim/data/packet_ids.h"
#include "sim/protocol/codec.h"
#include "sim/core/result.h"

namespace hz {

// The packets declared for one state and direction.
template <ProtocolState S, Direction D, Packet... Ps>
struct PacketSet {
  static constexpr ProtocolState kState = S;
  static constexpr Direction kDirection = D;
  static_assert(((Ps::kState == S && Ps::kDirection == D) && ...), "a packet in the wrong set");
  static constexpr size_t kSize = sizeof...(Ps);

  // Whether the ids are distinct (checked by the tests for every set).
  static constexpr bool ids_unique() {
    constexpr int32_t ids[] = {Ps::kId..., -1};
    for (size_t i = 0; i < sizeof...(Ps); ++i) {
      for (size_t j = i + 1; j < sizeof...(Ps); ++j) {
        if (ids[i] == ids[j]) return false;
      }
    }
    return true;
  }
};

enum class Dispatched {
  kHandled,  // decoded and passed to the handler
  kSkipped,  // a valid id of this state that the handler does not take; the body was not decoded
};

namespace dispatch_detail {

template <Packet P, class Handler>
Result<Dispatched> decode_and_call(ByteReader& in, Handler& handler) {
  if constexpr (std::is_invocable_v<Handler&, P&&>) {
    auto packet = decode_packet_fields<P>(in);
    if (!packet) return std::move(packet).take_error();
    handler(std::move(packet).value());
    return Dispatched::kHandled;
  } else {
    return Dispatched::kSkipped;
  }
}

}  // namespace dispatch_detail

// Decodes `body` (VarInt id + fields) and calls handler(P&&) for the declared packet P with that
// id, if the handler accepts a P. Ids that the state knows but the handler does not take are
// skipped undecoded (the frame already says where the packet ends).
template <ProtocolState S, Direction D, Packet... Ps, class Handler>
Result<Dispatched> dispatch(PacketSet<S, D, Ps...>, std::span<const uint8_t> body, Handler&& handler) {
  ByteReader in(body);
  int32_t id = in.varint();
  if (!in.ok()) return Error{"packet has no valid id"};
  std::optional<Result<Dispatched>> outcome;
  static_cast<void>(
      ((id == Ps::kId ? (outcome.emplace(dispatch_detail::decode_and_call<Ps>(in, handler)), true) : false) ||
       ...));
  if (outcome) return std::move(*outcome);
  if (!packet_name(S, D, id).empty()) return Dispatched::kSkipped;
  return Error{"unknown packet id " + std::to_string(id) + " in state " + state_name(S) + " (" +
               direction_name(D) + ")"};
}

// A packet body of this set as JSON, for dumps. Known ids without a declaration are described
// by name and size only.
template <ProtocolState S, Direction D, Packet... Ps>
Result<std::string> describe_body(PacketSet<S, D, Ps...> set, std::span<const uint8_t> body) {
  std::string json;
  auto outcome = dispatch(set, body, [&](const auto& packet) { json = packet_to_json(packet); });
  if (!outcome) return std::move(outcome).take_error();
  if (*outcome == Dispatched::kSkipped) {
    ByteReader in(body);
    int32_t id = in.varint();
    JsonWriter w;
    w.begin_object().key("packet").string(packet_name(S, D, id)).key("state").string(state_name(S));
    w.key("direction").string(direction_name(D)).key("id").number(int64_t{id});
    w.key("undeclared_bytes").number(static_cast<int64_t>(in.remaining())).end_object();
    json = w.take();
  }
  return json;
}

// The fields that differ between two packet bodies of this set: for the first divergence a
// replay reports. Different packets differ in the pseudo-field "packet"; bodies that cannot be
// described field by field are compared as bytes.
template <ProtocolState S, Direction D, Packet... Ps>
Result<std::vector<FieldDiff>> diff_bodies(PacketSet<S, D, Ps...> set, std::span<const uint8_t> a,
                                           std::span<const uint8_t> b) {
  struct Flat {
    std::string name;
    std::vector<FieldValue> fields;
  };
  auto flatten_body = [&](std::span<const uint8_t> body) -> Result<Flat> {
    Flat flat;
    auto outcome = dispatch(set, body, [&](const auto& packet) {
      flat.name = std::string(std::remove_cvref_t<decltype(packet)>::kName);
      flat.fields = flatten(packet);
    });
    if (!outcome) return std::move(outcome).take_error();
    if (*outcome == Dispatched::kSkipped) {
      ByteReader in(body);
      flat.name = std::string(packet_name(S, D, in.varint()));
      flat.fields.push_back({"(bytes)", field_json_bytes(body)});
    }
    return flat;
  };
  auto fa = flatten_body(a);
  if (!fa) return std::move(fa).take_error();
  auto fb = flatten_body(b);
  if (!fb) return std::move(fb).take_error();
  if (fa->name != fb->name) return std::vector<FieldDiff>{{"packet", fa->name, fb->name}};
  return diff_flattened(fa->fields, fb->fields);
}

}  // namespace hz
