// Loads the pinned minecraft-data files for pc/26.1 and checks the pin, so a different
// installed version can never silently change the generated tables.
'use strict';

const fs = require('fs');
const path = require('path');

const PINNED_VERSION = '3.117.0';
const DATA_VERSION = 'pc/26.1';

function packageRoot() {
  return path.dirname(require.resolve('minecraft-data/package.json'));
}

function checkPin(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (pkg.version !== PINNED_VERSION) {
    throw new Error(`minecraft-data ${pkg.version} is installed; the generator is pinned to ${PINNED_VERSION} (run npm ci)`);
  }
}

// Every file we read must resolve to pc/26.1 itself in dataPaths.json (not an older fallback).
function checkDataPath(root, key) {
  const dataPaths = JSON.parse(fs.readFileSync(path.join(root, 'minecraft-data/data/dataPaths.json'), 'utf8'));
  const mapped = dataPaths.pc['26.1'] && dataPaths.pc['26.1'][key];
  if (mapped !== DATA_VERSION) {
    throw new Error(`dataPaths pc/26.1 ${key} is ${mapped}, expected ${DATA_VERSION}`);
  }
}

function loadSource() {
  const root = packageRoot();
  checkPin(root);
  const cache = new Map();
  return {
    version: PINNED_VERSION,
    dataVersion: DATA_VERSION,
    // Reads <key>.json of pc/26.1, e.g. get('blocks').
    get(key) {
      if (!cache.has(key)) {
        checkDataPath(root, key);
        const file = path.join(root, 'minecraft-data/data', DATA_VERSION, `${key}.json`);
        cache.set(key, JSON.parse(fs.readFileSync(file, 'utf8')));
      }
      return cache.get(key);
    },
  };
}

module.exports = { loadSource, PINNED_VERSION, DATA_VERSION };
