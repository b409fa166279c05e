// The 28 synchronized registries from loginPacket.json (dimensionCodec): entry names in network
// id order and each entry's data as binary network NBT; writes sim/data/generated/registries.cpp.
'use strict';

const { banner, cppString } = require('./cpp_emit');
const { byteLiteralLines } = require('./cpp_bytes');
const { toNetworkNbt, collectStrings } = require('./nbt');

// The order vanilla sends them in (protocol spec, section 4); the generator fails if it differs.
const REGISTRY_ORDER = [
  'worldgen/biome', 'chat_type', 'trim_pattern', 'trim_material', 'wolf_variant', 'wolf_sound_variant',
  'pig_variant', 'pig_sound_variant', 'frog_variant', 'cat_variant', 'cat_sound_variant', 'cow_sound_variant',
  'cow_variant', 'chicken_sound_variant', 'chicken_variant', 'zombie_nautilus_variant', 'painting_variant',
  'dimension_type', 'damage_type', 'banner_pattern', 'enchantment', 'jukebox_song', 'instrument',
  'test_environment', 'test_instance', 'dialog', 'world_clock', 'timeline',
].map((name) => `minecraft:${name}`);

function loadRegistries(source) {
  const codec = source.get('loginPacket').dimensionCodec;
  const names = Object.keys(codec);
  if (names.join() !== REGISTRY_ORDER.join()) throw new Error('loginPacket registries differ from the expected order');
  return names.map((name) => {
    const registry = codec[name];
    if (registry.id !== name) throw new Error(`registry ${name} has id ${registry.id}`);
    const seen = new Set();
    const entries = registry.entries.map((entry) => {
      if (seen.has(entry.key)) throw new Error(`duplicate entry ${entry.key} in ${name}`);
      seen.add(entry.key);
      if (!entry.value || entry.value.type !== 'compound') throw new Error(`${name} ${entry.key}: data is not a compound`);
      return { name: entry.key, value: entry.value, nbt: toNetworkNbt(entry.value) };
    });
    return { name, entries };
  });
}

// A tag reference in registry data is '#' + a namespaced id; '#rrggbb' colours are not.
function isTagReference(text) {
  return /^#[a-z0-9_.-]+:[a-z0-9_./-]+$/.test(text);
}

// Every '#tag' string in every entry of every registry, sorted and unique.
function referencedTags(registries) {
  const refs = new Set();
  for (const registry of registries) {
    for (const entry of registry.entries) {
      for (const text of collectStrings(entry.value)) if (isTagReference(text)) refs.add(text.slice(1));
    }
  }
  return [...refs].sort();
}

function cppIdentifier(registryName) {
  return 'k' + registryName.replace(/^minecraft:/, '').split(/[/_]/).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

function sourceText(registries) {
  const out = [banner('Synchronized registries for protocol 775: entry names in network id order and each',
                      "entry's data as binary network NBT, for the Registry Data packets."),
               '#include "sim/data/registries.h"\n\nnamespace hz {\nnamespace {\n'];
  const blob = [];
  let offset = 0;
  const placed = registries.map((registry) => ({
    ...registry,
    entries: registry.entries.map((entry) => {
      const span = { offset, size: entry.nbt.length };
      blob.push(entry.nbt);
      offset += entry.nbt.length;
      return { ...entry, span };
    }),
  }));
  out.push('// All entries\' NBT back to back (string literal form; the final NUL is not part of any entry).');
  out.push('constexpr uint8_t kNbt[] =');
  out.push(byteLiteralLines(Buffer.concat(blob)) + ';\n');
  for (const registry of placed) {
    out.push(`constexpr RegistryEntry ${cppIdentifier(registry.name)}[] = {`);
    for (const entry of registry.entries) {
      out.push(`    {${cppString(entry.name)}, {kNbt + ${entry.span.offset}, ${entry.span.size}}},`);
    }
    out.push('};');
  }
  out.push('\nconstexpr Registry kRegistries[] = {');
  for (const registry of placed) out.push(`    {${cppString(registry.name)}, ${cppIdentifier(registry.name)}},`);
  out.push('};\n\n}  // namespace\n');
  out.push('std::span<const Registry> synced_registries() { return kRegistries; }\n\n}  // namespace hz');
  return out.join('\n') + '\n';
}

function generateRegistries(source) {
  return { 'sim/data/generated/registries.cpp': sourceText(loadRegistries(source)) };
}

module.exports = { generateRegistries, loadRegistries, referencedTags, REGISTRY_ORDER };
