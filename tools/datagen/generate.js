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

const GENERATORS = [generatePackets, generateBlocks, generateRegistries, generateCatalog, generateTags];

function writeFiles(root, files) {
  for (const relative of Object.keys(files).sort()) {
    const target = path.join(root, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, files[relative]);
  }
}

function main() {
  const root = path.resolve(process.argv[2] || path.join(__dirname, '..', '..'));
  const source = loadSource();
  for (const generate of GENERATORS) {
    const files = generate(source);
    writeFiles(root, files);
    for (const relative of Object.keys(files).sort()) console.log(`wrote ${relative}`);
  }
}

main();
