// Generates Horizon's C++ data tables from the pinned minecraft-data package (pc/26.1).
// Usage: node generate.js [output root]   (default: the repository root)
'use strict';

const fs = require('fs');
const path = require('path');
const { loadSource } = require('./lib/source');
const { generatePackets } = require('./lib/packets');
const { generateBlocks } = require('./lib/blocks');
const { generateRegistries } = require('./lib/registries');
const { generateCatalog } = require('./lib/catalog');
const { generateTags } = require('./lib/tags');
const { generateItemNames } = require('./lib/item_names');
const { generateSounds } = require('./lib/sounds');

const GENERATORS = [generatePackets, generateBlocks, generateRegistries, generateCatalog, generateTags,
  generateItemNames, generateSounds];

function writeFiles(root, files) {
  for (const relative of Object.keys(files).sort()) {
    const target = path.join(root, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, files[relative]);
  }
}

// Everything is generated (and checked) before anything is written, so a failing check never
// leaves a half-updated set of files behind.
function main() {
  const root = path.resolve(process.argv[2] || path.join(__dirname, '..', '..'));
  const source = loadSource();
  const files = Object.assign({}, ...GENERATORS.map((generate) => generate(source)));
  writeFiles(root, files);
  for (const relative of Object.keys(files).sort()) console.log(`wrote ${relative}`);
}

main();
