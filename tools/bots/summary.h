// The JSON summary of a run: options, fleet totals for the whole run and for the measurement
// window, one record per bot and the progress samples.
#pragma once

#include <string>

#include "tools/bots/fleet.h"

namespace hz::bots {

std::string summary_json(const Fleet& fleet);

}  // namespace hz::bots
