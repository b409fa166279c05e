// English item names (the en_us text of an item's translation key, as vanilla's hover name reads
// without components), by item id: writes sim/data/generated/item_names.cpp.
'use strict';

const { banner, cppString, wrapList } = require('./cpp_emit');
const { denseNames } = require('./catalog');

// Item.getDescriptionId: "item.minecraft.<name>", or the block's key for items that only exist
// as a block's item (the language file has no item key for those).
function englishName(language, name) {
  const text = language[`item.minecraft.${name}`] ?? language[`block.minecraft.${name}`];
  if (text === undefined) throw new Error(`item ${name} has no en_us name`);
  return text;
}

function generateItemNames(source) {
  const language = source.get('language');
  const names = denseNames(source.get('items'), 'item').map((name) => englishName(language, name));
  const text = [
    banner('English item names by item id for commands\' texts ("Gave 1 [Stone] to Alice"),',
           'from the en_us language file; declared in sim/data/item_names.h.'),
    '#include "sim/data/item_names.h"\n',
    '#include <iterator>\n',
    'namespace hz {\n',
    'namespace {\n',
    'constexpr std::string_view kItemNames[] = {',
    wrapList(names.map(cppString)) + ',',
    '};\n',
    '}  // namespace\n',
    'std::string_view item_english_name(int id) {',
    '  if (id < 0 || id >= static_cast<int>(std::size(kItemNames))) return {};',
    '  return kItemNames[id];',
    '}\n',
    '}  // namespace hz',
  ].join('\n') + '\n';
  return { 'sim/data/generated/item_names.cpp': text };
}

module.exports = { generateItemNames };
