// Packet ids per protocol state and direction from protocol.json: writes sim/data/packet_ids.h
// (named constants) and sim/data/generated/packet_names.cpp (id -> name lookup).
'use strict';

const { banner, cppString, wrapList, checkIdentifier } = require('./cpp_emit');

// [C++ state enumerator, minecraft-data state key, name for state_name(), namespace prefix]
const STATES = [
  ['kHandshake', 'handshaking', 'handshake', 'handshake'],
  ['kStatus', 'status', 'status', 'status'],
  ['kLogin', 'login', 'login', 'login'],
  ['kConfiguration', 'configuration', 'configuration', 'config'],
  ['kPlay', 'play', 'play', 'play'],
];
const DIRECTIONS = [
  ['kClientbound', 'toClient', 'cb'],
  ['kServerbound', 'toServer', 'sb'],
];

// The legacy server-list ping is an unframed 0xFE byte sent before any handshake, not a packet
// of the framed protocol, so it gets no id here (the network layer recognises it by itself).
const UNFRAMED = new Set(['handshaking/toServer/legacy_server_list_ping']);

function packetMappings(protocol, stateKey, dirKey) {
  const container = protocol[stateKey][dirKey].types.packet;
  const nameField = container[1].find((field) => field.name === 'name');
  return nameField.type[1].mappings;
}

// Names indexed by id; ids must be dense from 0 so a lookup is an array index.
function namesById(protocol, stateKey, dirKey) {
  const names = [];
  for (const [hexId, name] of Object.entries(packetMappings(protocol, stateKey, dirKey))) {
    if (UNFRAMED.has(`${stateKey}/${dirKey}/${name}`)) continue;
    const id = parseInt(hexId, 16);
    if (names[id] !== undefined) throw new Error(`duplicate packet id ${hexId} in ${stateKey} ${dirKey}`);
    names[id] = checkIdentifier(name);
  }
  for (let id = 0; id < names.length; id++) {
    if (names[id] === undefined) throw new Error(`packet id gap at ${id} in ${stateKey} ${dirKey}`);
  }
  return names;
}

function collectTables(protocol) {
  const tables = [];
  for (const [stateEnum, stateKey, stateName, prefix] of STATES) {
    for (const [dirEnum, dirKey, suffix] of DIRECTIONS) {
      tables.push({ stateEnum, stateName, dirEnum, ns: `${prefix}_${suffix}`,
                    names: namesById(protocol, stateKey, dirKey) });
    }
  }
  return tables;
}

function hex(id) {
  return '0x' + id.toString(16).padStart(2, '0');
}

function headerText(tables) {
  const out = [banner('Packet ids of protocol 775 (Minecraft 26.1) per state and direction, named as in',
                      'minecraft-data; packet_name() maps an id back to its name for logs and errors.')];
  out.push('#pragma once\n\n#include <cstdint>\n#include <string_view>\n\nnamespace hz {\n');
  out.push('enum class ProtocolState : uint8_t { kHandshake, kStatus, kLogin, kConfiguration, kPlay };');
  out.push('enum class Direction : uint8_t { kServerbound, kClientbound };\n');
  out.push('namespace packet_id {');
  for (const table of tables) {
    if (table.names.length === 0) continue;
    out.push(`namespace ${table.ns} {`);
    table.names.forEach((name, id) => out.push(`inline constexpr int32_t ${name} = ${hex(id)};`));
    out.push(`}  // namespace ${table.ns}`);
  }
  out.push('}  // namespace packet_id\n');
  out.push('// Name of a packet id in a state and direction (minecraft-data name), or "" when unknown.');
  out.push('std::string_view packet_name(ProtocolState, Direction, int32_t id);');
  out.push('// Number of packet ids in a state and direction; valid ids are 0 .. count-1.');
  out.push('int32_t packet_count(ProtocolState, Direction);');
  out.push('// "handshake", "status", "login", "configuration" or "play".');
  out.push('const char* state_name(ProtocolState);\n');
  out.push('}  // namespace hz');
  return out.join('\n') + '\n';
}

function tableArrayName(table) {
  return 'k' + table.ns.split('_').map((w) => w[0].toUpperCase() + w.slice(1)).join('') + 'Names';
}

function sourceText(tables) {
  const out = [banner('Packet names per protocol state and direction, indexed by packet id, for',
                      'packet_name() and packet_count() declared in sim/data/packet_ids.h.')];
  out.push('#include <span>\n\n#include "sim/data/packet_ids.h"\n\nnamespace hz {\nnamespace {\n');
  for (const table of tables) {
    if (table.names.length === 0) continue;
    out.push(`constexpr std::string_view ${tableArrayName(table)}[] = {`);
    out.push(wrapList(table.names.map(cppString), '    ') + ',\n};');
  }
  out.push('\nstd::span<const std::string_view> names_of(ProtocolState state, Direction direction) {');
  out.push('  const bool serverbound = direction == Direction::kServerbound;');
  out.push('  switch (state) {');
  for (const [stateEnum] of STATES) {
    const pick = (dirEnum) => {
      const table = tables.find((t) => t.stateEnum === stateEnum && t.dirEnum === dirEnum);
      const array = table.names.length === 0 ? '' : tableArrayName(table);
      return `std::span<const std::string_view>(${array})`;
    };
    out.push(`    case ProtocolState::${stateEnum}:`);
    out.push(`      return serverbound ? ${pick('kServerbound')}`);
    out.push(`                         : ${pick('kClientbound')};`);
  }
  out.push('  }\n  return {};\n}\n\n}  // namespace\n');
  out.push('std::string_view packet_name(ProtocolState state, Direction direction, int32_t id) {');
  out.push('  const auto names = names_of(state, direction);');
  out.push('  if (id < 0 || static_cast<size_t>(id) >= names.size()) return {};');
  out.push('  return names[static_cast<size_t>(id)];\n}\n');
  out.push('int32_t packet_count(ProtocolState state, Direction direction) {');
  out.push('  return static_cast<int32_t>(names_of(state, direction).size());\n}\n');
  out.push('const char* state_name(ProtocolState state) {\n  switch (state) {');
  for (const [stateEnum, , stateName] of STATES) {
    out.push(`    case ProtocolState::${stateEnum}:\n      return ${cppString(stateName)};`);
  }
  out.push('  }\n  return "unknown";\n}\n\n}  // namespace hz');
  return out.join('\n') + '\n';
}

function generatePackets(source) {
  const tables = collectTables(source.get('protocol'));
  return {
    'sim/data/packet_ids.h': headerText(tables),
    'sim/data/generated/packet_names.cpp': sourceText(tables),
  };
}

module.exports = { generatePackets };
