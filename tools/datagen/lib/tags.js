// Tags for the Update Tags packet: evaluates the rules of tag_rules/ over the registries' entries,
// checks every tag the registry data refers to exists, writes sim/data/generated/tags.cpp.
'use strict';

const { banner, cppString, wrapList } = require('./cpp_emit');
const { evaluateTags } = require('./tag_dsl');
const { loadRegistries } = require('./registries');
const { collectFieldStrings } = require('./nbt');
const blockRules = require('./tag_rules/block');
const itemRules = require('./tag_rules/item');
const entityRules = require('./tag_rules/entity_type');
const fluidRules = require('./tag_rules/fluid');
const dynamicRules = require('./tag_rules/dynamic');
const unnumbered = require('./tag_rules/unnumbered');

// The registries vanilla sends tags for, in its order.
const TAG_REGISTRIES = [
  'block', 'item', 'fluid', 'entity_type', 'game_event', 'point_of_interest_type', 'potion', 'worldgen/biome',
  'enchantment', 'damage_type', 'banner_pattern', 'painting_variant', 'instrument', 'dialog', 'timeline',
].map((name) => `minecraft:${name}`);

// Which tag registry a '#tag' string in registry data belongs to, by the field holding it.
const REFERENCE_FIELDS = {
  'minecraft:dimension_type': { infiniburn: 'minecraft:block', timelines: 'minecraft:timeline' },
  'minecraft:enchantment': {
    supported_items: 'minecraft:item', primary_items: 'minecraft:item', items: 'minecraft:item',
    exclusive_set: 'minecraft:enchantment', blocks: 'minecraft:block', immune_blocks: 'minecraft:block',
    type: 'minecraft:entity_type',
  },
  'minecraft:dialog': { dialogs: 'minecraft:dialog' },
};

const bare = (name) => {
  if (!name.startsWith('minecraft:')) throw new Error(`unexpected namespace in ${name}`);
  return name.slice('minecraft:'.length);
};

function byName(list) {
  return new Map(list.map((record) => [record.name, record]));
}

// Entries (name without namespace, minecraft-data record) in network id order, per registry.
function registryEntries(source, registries) {
  const records = (list) => list.map((record, id) => {
    if (record.id !== id) throw new Error(`${record.name}: id ${record.id} is not its index ${id}`);
    return { name: record.name, record };
  });
  const entries = {
    'minecraft:block': records(source.get('blocks')),
    'minecraft:item': records(source.get('items')),
    'minecraft:entity_type': records(source.get('entities')),
    'minecraft:fluid': fluidRules.FLUIDS.map((name) => ({ name, record: {} })),
  };
  for (const registry of Object.keys(unnumbered)) entries[registry] = [];
  const extra = { 'minecraft:worldgen/biome': byName(source.get('biomes')),
                  'minecraft:enchantment': byName(source.get('enchantments')) };
  for (const registry of registries) {
    if (!(registry.name in dynamicRules)) continue;
    entries[registry.name] = registry.entries.map((entry) => {
      const name = bare(entry.name);
      return { name, record: (extra[registry.name] && extra[registry.name].get(name)) || {} };
    });
  }
  return entries;
}

function rulesFor(registry) {
  const fixed = { 'minecraft:block': blockRules, 'minecraft:item': itemRules, 'minecraft:entity_type': entityRules,
                  'minecraft:fluid': fluidRules };
  if (fixed[registry]) return fixed[registry];
  if (dynamicRules[registry]) return dynamicRules[registry];
  return { tags: {}, EMPTY: unnumbered[registry] };
}

function evaluateAll(source, registries) {
  const entries = registryEntries(source, registries);
  const results = new Map();
  const others = {
    tag(registry, tag) {
      const found = results.get(registry)?.find((t) => t.name === tag);
      if (!found) throw new Error(`tag ${registry} #${tag} is not available here`);
      return found.members;
    },
    names: (registry) => entries[registry].map((entry) => entry.name),
  };
  for (const registry of TAG_REGISTRIES) {
    const { tags, EMPTY } = rulesFor(registry);
    for (const name of EMPTY) if (name in tags) throw new Error(`${registry} #${name} is both ruled and empty`);
    const all = { ...tags, ...Object.fromEntries(EMPTY.map((name) => [name, () => []])) };
    results.set(registry, evaluateTags(registry, entries[registry], all, others));
  }
  return { entries, results };
}

// Every '#tag' in the registry data must name a tag we send, in the registry its field implies.
function checkReferences(registries, results) {
  for (const registry of registries) {
    for (const entry of registry.entries) {
      for (const { field, value } of collectFieldStrings(entry.value)) {
        if (!/^#[a-z0-9_.-]+:[a-z0-9_./-]+$/.test(value)) continue;
        const target = REFERENCE_FIELDS[registry.name]?.[field];
        if (!target) throw new Error(`${registry.name} ${entry.name}: tag ${value} in unmapped field ${field}`);
        if (!results.get(target).some((tag) => tag.name === bare(value.slice(1)))) {
          throw new Error(`${registry.name} ${entry.name} refers to missing ${target} tag ${value}`);
        }
      }
    }
  }
}

function sourceText(entries, results) {
  const ids = [];
  const registryBlocks = [];
  TAG_REGISTRIES.forEach((registry, index) => {
    const idOf = new Map(entries[registry].map((entry, id) => [entry.name, id]));
    const lines = results.get(registry).map((tag) => {
      const offset = ids.length;
      ids.push(...tag.members.map((name) => idOf.get(name)));
      const span = tag.members.length === 0 ? '{}' : `{kIds + ${offset}, ${tag.members.length}}`;
      return `    {${cppString(`minecraft:${tag.name}`)}, ${span}},`;
    });
    registryBlocks.push(`constexpr Tag kTags${index}[] = {  // ${registry}\n${lines.join('\n')}\n};`);
  });
  return [
    banner('Tags for protocol 775 per registry (tag name -> network ids), built by tools/datagen from',
           'the stated rules in tools/datagen/lib/tag_rules; docs/data.md says which tags are exact.'),
    '#include "sim/data/tags.h"\n\nnamespace hz {\nnamespace {\n',
    `constexpr int32_t kIds[] = {\n${wrapList(ids.map(String))},\n};\n`,
    registryBlocks.join('\n\n'),
    '\nconstexpr TagRegistry kTagRegistries[] = {',
    TAG_REGISTRIES.map((registry, index) => `    {${cppString(registry)}, kTags${index}},`).join('\n'),
    '};\n\n}  // namespace\n',
    'std::span<const TagRegistry> synced_tags() { return kTagRegistries; }\n\n}  // namespace hz',
  ].join('\n') + '\n';
}

function generateTags(source) {
  const registries = loadRegistries(source);
  const { entries, results } = evaluateAll(source, registries);
  checkReferences(registries, results);
  return { 'sim/data/generated/tags.cpp': sourceText(entries, results) };
}

module.exports = { generateTags, evaluateAll, TAG_REGISTRIES };
