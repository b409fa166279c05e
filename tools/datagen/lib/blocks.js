// Block and block-state tables from blocks.json and blockCollisionShapes.json, plus the vanilla
// facts of block_facts.js: writes sim/data/generated/blocks.cpp (see sim/data/block_tables.h).
'use strict';

const { banner, cppString, wrapList } = require('./cpp_emit');
const facts = require('./block_facts');

// minecraft-data lists no values for booleans; vanilla's order (and the state order) is true, false.
function propertyValues(state) {
  if (state.type === 'bool') return ['true', 'false'];
  if (!Array.isArray(state.values) || state.values.length !== state.num_values) {
    throw new Error(`property ${state.name} has no usable value list`);
  }
  return state.values.map(String);
}

function checkBlockLayout(blocks) {
  let nextState = 0;
  blocks.forEach((block, index) => {
    if (block.id !== index) throw new Error(`block ${block.name} has id ${block.id}, expected ${index}`);
    if (block.minStateId !== nextState) throw new Error(`block ${block.name} does not start at state ${nextState}`);
    const combinations = block.states.reduce((product, state) => product * propertyValues(state).length, 1);
    if (block.maxStateId - block.minStateId + 1 !== combinations) {
      throw new Error(`block ${block.name}: state range does not match its properties`);
    }
    if (block.defaultState < block.minStateId || block.defaultState > block.maxStateId) {
      throw new Error(`block ${block.name}: default state outside its range`);
    }
    nextState = block.maxStateId + 1;
  });
  return nextState;
}

// Property values of one state: mixed radix over the properties, last property fastest.
function decodeState(block, state) {
  let offset = state - block.minStateId;
  const props = {};
  for (let i = block.states.length - 1; i >= 0; i--) {
    const values = propertyValues(block.states[i]);
    props[block.states[i].name] = values[offset % values.length];
    offset = Math.floor(offset / values.length);
  }
  return props;
}

// Appends `items` to `pool` unless an identical run was added before; returns the run's offset.
function internRun(pool, index, items, keyOf) {
  const key = items.map(keyOf).join('\u0001');
  if (!index.has(key)) {
    index.set(key, pool.length);
    pool.push(...items);
  }
  return index.get(key);
}

function buildProperties(blocks) {
  const values = [];
  const valueIndex = new Map();
  const properties = [];
  const propertyIndex = new Map();
  const blockProperties = blocks.map((block) => {
    const entries = block.states.map((state) => {
      const list = propertyValues(state);
      return { name: state.name, offset: internRun(values, valueIndex, list, (v) => v), count: list.length };
    });
    const offset = entries.length === 0 ? 0
      : internRun(properties, propertyIndex, entries, (e) => `${e.name}=${e.offset}/${e.count}`);
    return { offset, count: entries.length };
  });
  return { values, properties, blockProperties };
}

// Shapes share few distinct boxes (hundreds among ~14k), so each shape lists indices of them.
function buildShapes(collision, blocks) {
  const shapeCount = Object.keys(collision.shapes).length;
  const distinctBoxes = [];
  const boxIndex = new Map();
  const boxIndices = [];
  const firstBox = [];
  for (let id = 0; id < shapeCount; id++) {
    const shape = collision.shapes[String(id)];
    if (!shape) throw new Error(`collision shape ${id} missing`);
    firstBox.push(boxIndices.length);
    for (const box of shape) {
      if (box.length !== 6 || !box.every(Number.isFinite)) throw new Error(`shape ${id}: bad box`);
      const key = box.join(',');
      if (!boxIndex.has(key)) {
        boxIndex.set(key, distinctBoxes.length);
        distinctBoxes.push(box);
      }
      boxIndices.push(boxIndex.get(key));
    }
  }
  firstBox.push(boxIndices.length);
  if (boxIndices.length > 0xffff || distinctBoxes.length > 0xffff) throw new Error('too many boxes for 16-bit indices');

  const stateShapeIds = [];
  const blockShape = blocks.map((block) => {
    const entry = collision.blocks[block.name];
    if (entry === undefined) throw new Error(`no collision shape for ${block.name}`);
    const perState = Array.isArray(entry) ? entry : [entry];
    const stateCount = block.maxStateId - block.minStateId + 1;
    if (perState.length !== 1 && perState.length !== stateCount) {
      throw new Error(`${block.name}: ${perState.length} shapes for ${stateCount} states`);
    }
    perState.forEach((id) => { if (!(id >= 0 && id < shapeCount)) throw new Error(`${block.name}: bad shape ${id}`); });
    if (perState.every((id) => id === perState[0])) return perState[0];
    const offset = stateShapeIds.length;
    stateShapeIds.push(...perState);
    return -1 - offset;
  });
  return { distinctBoxes, boxIndices, firstBox, stateShapeIds, blockShape };
}

function requireNames(byName, names, what) {
  for (const name of names) {
    if (!byName.has(name)) throw new Error(`${what}: unknown block ${name}`);
  }
  return new Set(names);
}

function buildStateLight(blocks, byName) {
  const rules = { ...facts.STATE_LIGHT, ...facts.candleRules(blocks.map((b) => b.name)) };
  requireNames(byName, Object.keys(rules), 'state light rule');
  const levels = [];
  const offsets = blocks.map((block) => {
    const rule = rules[block.name];
    if (!rule) return -1;
    const offset = levels.length;
    for (let state = block.minStateId; state <= block.maxStateId; state++) {
      const level = rule(decodeState(block, state));
      if (!Number.isInteger(level) || level < 0 || level > 15) throw new Error(`${block.name}: light ${level}`);
      levels.push(level);
    }
    // The rule must agree with minecraft-data on the default state, or one of them is wrong.
    if (levels[offset + block.defaultState - block.minStateId] !== block.emitLight) {
      throw new Error(`${block.name}: light rule disagrees with minecraft-data on the default state`);
    }
    return offset;
  });
  return { levels, offsets };
}

function buildExtras(blocks, byName) {
  const forcedOn = requireNames(byName, facts.FORCE_SOLID_ON, 'forceSolidOn');
  const forcedOff = requireNames(byName, facts.FORCE_SOLID_OFF, 'forceSolidOff');
  const dynamic = requireNames(byName, facts.DYNAMIC_SHAPE, 'dynamicShape');
  const exempt = requireNames(byName, facts.NOT_MOTION_BLOCKING, 'not motion blocking');
  const alwaysWater = requireNames(byName, [...facts.ALWAYS_WATER, facts.WATER_BLOCK], 'water');
  requireNames(byName, [facts.LAVA_BLOCK], 'lava');
  return blocks.map((block) => {
    // Order as in vanilla's calculateSolid: forced on, forced off, then no cache for dynamic shapes.
    let solid = 'kByShape';
    if (forcedOn.has(block.name)) solid = 'kAlways';
    else if (forcedOff.has(block.name) || dynamic.has(block.name)) solid = 'kNever';
    let fluid = 'kNone';
    if (alwaysWater.has(block.name)) fluid = 'kWater';
    else if (block.name === facts.LAVA_BLOCK) fluid = 'kLava';
    return { solid, fluid, exempt: exempt.has(block.name) };
  });
}

// A float literal for a block's destroy time or blast resistance (minecraft-data gives plain
// decimals, -1 unbreakable).
function cppFloat(value) {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`bad block number ${value}`)
  const text = String(value)
  return (text.includes('.') || text.includes('e') ? text : text + '.0') + 'f'
}

function sourceText(model) {
  const { blocks, props, shapes, light, extras, stateCount } = model;
  const out = [banner('Block tables for protocol 775: names, state ranges, properties, light, collision',
                      'shapes and solidity facts per block, read through sim/data/block_tables.h.')];
  out.push('#include "sim/data/block_tables.h"\n\nnamespace hz::block_tables {\n');
  out.push(`static_assert(kBlockStateCount == ${stateCount}, "blocks.h disagrees with minecraft-data");\n`);
  out.push('namespace {\n');
  out.push('constexpr std::string_view kValues[] = {');
  out.push(wrapList(props.values.map(cppString)) + ',\n};\n');
  out.push('constexpr BlockProperty kProperties[] = {');
  out.push(wrapList(props.properties.map((p) => `{${cppString(p.name)}, {kValues + ${p.offset}, ${p.count}}}`)) + ',\n};\n');
  out.push('constexpr BlockInfo kBlocks[] = {');
  out.push(blocks.map((block, id) => {
    const bp = props.blockProperties[id];
    const span = bp.count === 0 ? '{}' : `{kProperties + ${bp.offset}, ${bp.count}}`;
    return `    {${cppString(block.name)}, ${block.minStateId}, ${block.maxStateId}, ${block.defaultState}, ${span}, ` +
           `${block.emitLight}, ${block.filterLight}, ${block.transparent}, ${cppFloat(block.hardness)}, ` +
           `${block.harvestTools !== undefined}, ${cppFloat(block.resistance)}},`;
  }).join('\n'));
  out.push('};\n');
  out.push('using enum SolidRule;\nusing enum BlockFluid;\n');
  out.push('constexpr BlockExtra kExtras[] = {');
  out.push(wrapList(blocks.map((block, id) => {
    const e = extras[id];
    return `{${shapes.blockShape[id]}, ${light.offsets[id]}, ${e.solid}, ${e.fluid}, ${e.exempt}}`;
  })) + ',\n};\n');
  out.push('constexpr uint16_t kStateShapeIds[] = {');
  out.push(wrapList(shapes.stateShapeIds.map(String)) + ',\n};\n');
  out.push('constexpr uint8_t kStateLight[] = {');
  out.push(wrapList(light.levels.map(String)) + ',\n};\n');
  out.push('constexpr ShapeBox kDistinctBoxes[] = {');
  out.push(wrapList(shapes.distinctBoxes.map((box) => `{${box.map(String).join(', ')}}`)) + ',\n};\n');
  out.push('constexpr uint16_t kShapeBoxIndices[] = {');
  out.push(wrapList(shapes.boxIndices.map(String)) + ',\n};\n');
  out.push('constexpr uint16_t kShapeFirstBox[] = {');
  out.push(wrapList(shapes.firstBox.map(String)) + ',\n};\n');
  out.push('}  // namespace\n');
  out.push('std::span<const BlockInfo> blocks() { return kBlocks; }');
  out.push('std::span<const BlockExtra> block_extras() { return kExtras; }');
  out.push('std::span<const uint16_t> state_shape_ids() { return kStateShapeIds; }');
  out.push('std::span<const uint8_t> state_light() { return kStateLight; }');
  out.push('std::span<const ShapeBox> distinct_boxes() { return kDistinctBoxes; }');
  out.push('std::span<const uint16_t> shape_box_indices() { return kShapeBoxIndices; }');
  out.push('std::span<const uint16_t> shape_first_box() { return kShapeFirstBox; }\n');
  out.push('}  // namespace hz::block_tables');
  return out.join('\n') + '\n';
}

function generateBlocks(source) {
  const blocks = source.get('blocks');
  const stateCount = checkBlockLayout(blocks);
  const byName = new Map(blocks.map((block) => [block.name, block]));
  const model = {
    blocks,
    stateCount,
    props: buildProperties(blocks),
    shapes: buildShapes(source.get('blockCollisionShapes'), blocks),
    light: buildStateLight(blocks, byName),
    extras: buildExtras(blocks, byName),
  };
  return { 'sim/data/generated/blocks.cpp': sourceText(model) };
}

module.exports = { generateBlocks, decodeState, propertyValues };
