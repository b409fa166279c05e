// horizon-parity dump: a recording as text, connection by connection, each packet with its
// time, direction, state and name (and, with fields, what the protocol layer reads in it).
#pragma once

#include <string>

#include "tools/parity/recording.h"

namespace hz::parity {

std::string dump_recording(const RecordingContents& recording, bool fields);

}  // namespace hz::parity
