// The sound_event registry by network id from sounds.json: writes sim/data/sound_ids.h (one
// constant per sound) and sim/data/generated/sound_names.cpp (names back from ids).
'use strict';

const { banner, cppString, wrapList, checkIdentifier } = require('./cpp_emit');

// minecraft-data numbers the sounds from 1 in registration order; the registry (and so the
// network) numbers them from 0: entity.allay.ambient_with_item is protocol id 0 in vanilla's
// registry report. The ids must be dense, or the shift would not hold.
function registryNames(sounds) {
  const sorted = [...sounds].sort((a, b) => a.id - b.id);
  sorted.forEach((sound, index) => {
    if (sound.id !== index + 1) throw new Error(`sounds.json ids are not dense at ${sound.name} (${sound.id})`);
  });
  return sorted.map((sound) => sound.name);
}

function constantName(name) {
  return checkIdentifier(name.replace(/\./g, '_'));
}

function headerText(names) {
  const out = [banner('Sound event ids of protocol 775 (the sound_event registry, numbered from 0), one',
                      'constant per sound named after it with dots as underscores; sound_name() maps back.')];
  out.push('#pragma once\n\n#include <cstdint>\n#include <string_view>\n\nnamespace hz {\n');
  out.push('namespace sound {');
  const seen = new Set();
  names.forEach((name, id) => {
    const constant = constantName(name);
    if (seen.has(constant)) throw new Error(`two sounds map to the constant ${constant}`);
    seen.add(constant);
    out.push(`inline constexpr int32_t ${constant} = ${id};`);
  });
  out.push('}  // namespace sound\n');
  out.push('// The registry name of a sound id without its namespace ("entity.cow.ambient"), or "".');
  out.push('std::string_view sound_name(int32_t id);');
  out.push('// Number of sound events; valid ids are 0 .. count-1.');
  out.push('int32_t sound_count();\n');
  out.push('}  // namespace hz');
  return out.join('\n') + '\n';
}

function sourceText(names) {
  const out = [banner('Sound event names by network id, for sound_name() and sound_count() declared',
                      'in sim/data/sound_ids.h.')];
  out.push('#include <iterator>\n\n#include "sim/data/sound_ids.h"\n\nnamespace hz {\nnamespace {\n');
  out.push('constexpr std::string_view kSoundNames[] = {');
  out.push(wrapList(names.map(cppString)) + ',\n};\n\n}  // namespace\n');
  out.push('std::string_view sound_name(int32_t id) {');
  out.push('  if (id < 0 || id >= sound_count()) return {};');
  out.push('  return kSoundNames[id];\n}\n');
  out.push('int32_t sound_count() { return static_cast<int32_t>(std::size(kSoundNames)); }\n');
  out.push('}  // namespace hz');
  return out.join('\n') + '\n';
}

function generateSounds(source) {
  const names = registryNames(source.get('sounds'));
  return {
    'sim/data/sound_ids.h': headerText(names),
    'sim/data/generated/sound_names.cpp': sourceText(names),
  };
}

module.exports = { generateSounds };
