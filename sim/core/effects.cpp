#include "sim/core/effects.h"

namespace hz {

const char* log_level_name(LogLevel level) {
  switch (level) {
    case LogLevel::kInfo: return "INFO";
    case LogLevel::kWarn: return "WARN";
    case LogLevel::kError: return "ERROR";
    case LogLevel::kFatal: return "FATAL";
  }
  return "INFO";
}

}  // namespace hz
