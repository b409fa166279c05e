// Item and entity type ids from items.json and entities.json, plus a check of version.json
// against the protocol constants: writes sim/data/generated/catalog.cpp.
'use strict';

const { banner, cppString, wrapList } = require('./cpp_emit');

// Entries indexed by id: ids must be dense from 0 (they are network ids).
function denseNames(list, what) {
  return list.map((entry, index) => {
    if (entry.id !== index) throw new Error(`${what} ${entry.name} has id ${entry.id}, expected ${index}`);
    return entry.name;
  });
}

function sortedTable(names) {
  return names.map((name, id) => ({ name, id })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function tableText(arrayName, names) {
  return `constexpr NamedId ${arrayName}[] = {\n` +
    wrapList(sortedTable(names).map((e) => `{${cppString(e.name)}, ${e.id}}`)) + ',\n};\n';
}

// Max stack sizes by item id (a plain array: ids are dense).
function stackSizeText(stackSizes) {
  return `constexpr uint8_t kItemStackSizes[] = {\n` + wrapList(stackSizes.map(String)) + ',\n};\n';
}

// Max damage (maxDurability) by item id; 0 for items that do not wear.
function maxDamageText(maxDamages) {
  return `constexpr uint16_t kItemMaxDamage[] = {\n` + wrapList(maxDamages.map(String)) + ',\n};\n';
}

function sourceText(version, items, entities, stackSizes, maxDamages) {
  return [
    banner('Item and entity type network ids for protocol 775, sorted by name for lookup by',
           'catalog.cpp; the protocol constants of catalog.h are checked against version.json.'),
    '#include "sim/data/catalog_tables.h"\n',
    'namespace hz::catalog_tables {\n',
    `static_assert(kProtocolVersion == ${version.version}, "catalog.h disagrees with minecraft-data");`,
    `static_assert(kVersionName == ${cppString(version.minecraftVersion)}, "catalog.h disagrees with minecraft-data");\n`,
    'namespace {\n',
    tableText('kItems', items),
    tableText('kEntityTypes', entities),
    stackSizeText(stackSizes),
    maxDamageText(maxDamages),
    '}  // namespace\n',
    'std::span<const NamedId> items_by_name() { return kItems; }',
    'std::span<const NamedId> entity_types_by_name() { return kEntityTypes; }',
    'std::span<const uint8_t> item_stack_sizes() { return kItemStackSizes; }',
    'std::span<const uint16_t> item_max_damages() { return kItemMaxDamage; }\n',
    '}  // namespace hz::catalog_tables',
  ].join('\n') + '\n';
}

function generateCatalog(source) {
  const items = denseNames(source.get('items'), 'item');
  const entities = denseNames(source.get('entities'), 'entity');
  const stackSizes = source.get('items').map((item) => item.stackSize);
  const maxDamages = source.get('items').map((item) => item.maxDurability || 0);
  return { 'sim/data/generated/catalog.cpp': sourceText(source.get('version'), items, entities, stackSizes, maxDamages) };
}

module.exports = { generateCatalog, denseNames };
