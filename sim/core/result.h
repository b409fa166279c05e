// Expected-style return values for decoders and parsers: a value or an error text, never an
// exception. `Status` is the value-less form.
#pragma once

#include "sim/core/check.h"
#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace hz {

// The reason an operation failed, in words fit for a log line or a disconnect reason.
struct Error {
  std::string text;
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit on purpose
  Result(Error error) : state_(std::in_place_index<1>, std::move(error)) {}  // NOLINT

  bool ok() const { return state_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    HZ_CHECK(ok());
    return std::get<0>(state_);
  }
  const T& value() const& {
    HZ_CHECK(ok());
    return std::get<0>(state_);
  }
  T&& value() && {
    HZ_CHECK(ok());
    return std::get<0>(std::move(state_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  const std::string& error() const {
    HZ_CHECK(!ok());
    return std::get<1>(state_).text;
  }
  // The failure, for passing it on from a function returning another Result type.
  Error take_error() && {
    HZ_CHECK(!ok());
    return std::get<1>(std::move(state_));
  }

 private:
  std::variant<T, Error> state_;
};

class [[nodiscard]] Status {
 public:
  Status() = default;
  Status(Error error) : error_(std::move(error.text)), failed_(true) {}  // NOLINT: implicit on purpose

  static Status success() { return Status(); }
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  const std::string& error() const {
    HZ_CHECK(failed_);
    return error_;
  }

 private:
  std::string error_;
  bool failed_ = false;
};

}  // namespace hz
