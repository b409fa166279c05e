#!/usr/bin/env python3
"""Extracts blocks' sounds from a vanilla 26.1.2 source tree into sim/data/block_sounds.cpp: each
block's sound type, and the open and close (or press and release) sounds of the blocks a player
toggles by hand (doors, trapdoors, fence gates, buttons, levers).

Usage: tools/vanilla/extract_block_sounds.py SOURCE_ROOT [OUTPUT]
SOURCE_ROOT holds net/minecraft/... (decompiled). Not run by CI: the output is committed, and
tests/game/sounds_test.cpp checks well-known blocks. The facts read (which sound type a block
has, each type's volume, pitch and five sounds) are vanilla's; the block order is minecraft-data's.

How a block's type is found, in the order vanilla settles it:
  1. the block class's constructor setting it from a block set or wood type (doors, trapdoors,
     buttons, pressure plates, fence gates, signs, hanging signs);
  2. the last `SoundType.X` in its registration (`.sound(...)`, or a properties helper's argument);
  3. a properties helper with a fixed type (nether stems, candles, beds, stained glass);
  4. the block its properties copy (`ofFullCopy`, `ofLegacyCopy`, stairs of a base block);
  5. otherwise stone, BlockBehaviour.Properties' default.
The decorated pot's class picks its type by state; the uncracked pot's is used.
Toggle sounds come from the block set type (doors, trapdoors, buttons) or wood type (fence gates)
the block class is built with, and the lever's click.
"""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
BLOCKS_JSON = os.path.join(REPO, 'tools/datagen/node_modules/minecraft-data/minecraft-data/data/pc/26.1/blocks.json')

FIXED_HELPERS = {'netherStemProperties': 'STEM', 'candleProperties': 'CANDLE', 'registerBed': 'WOOD',
                 'registerStainedGlass': 'GLASS'}
SET_CLASSES = r'new \w*(?:DoorBlock|TrapDoorBlock|ButtonBlock|PressurePlateBlock|FenceGateBlock|StandingSignBlock|WallSignBlock)\('
HANGING_CLASSES = r'new \w*(?:CeilingHangingSignBlock|WallHangingSignBlock)\('


def read(root, path):
    with open(os.path.join(root, path), encoding='utf-8') as f:
        return f.read()


def sound_event_names(root):
    text = read(root, 'net/minecraft/sounds/SoundEvents.java')
    names = dict(re.findall(r'public static final \S+ (\w+) = register(?:ForHolder)?\("([^"]+)"\)', text))
    names['EMPTY'] = 'intentionally_empty'
    return names


def sound_types(root, events):
    text = read(root, 'net/minecraft/world/level/block/SoundType.java')
    out = {}
    for name, args in re.findall(r'(\w+) = new SoundType\(([^;]*)\);', text):
        parts = [a.strip() for a in args.split(',')]
        volume, pitch = (float(p.rstrip('F')) for p in parts[:2])
        sounds = [events[p.split('.')[1].replace('.value()', '')] for p in parts[2:]]
        out[name] = (volume, pitch, sounds)
    return out


# A block set type's sound events in its constructor's order, and a wood type's fence gate pair.
SET_EVENTS = ('door_close', 'door_open', 'trapdoor_close', 'trapdoor_open', 'plate_off', 'plate_on', 'button_off',
              'button_on')
WOODEN_SET = ('WOODEN_DOOR_CLOSE', 'WOODEN_DOOR_OPEN', 'WOODEN_TRAPDOOR_CLOSE', 'WOODEN_TRAPDOOR_OPEN',
              'WOODEN_PRESSURE_PLATE_CLICK_OFF', 'WOODEN_PRESSURE_PLATE_CLICK_ON', 'WOODEN_BUTTON_CLICK_OFF',
              'WOODEN_BUTTON_CLICK_ON')


def set_and_wood_types(root):
    """Sound type and events of each block set type and wood type (by field name)."""
    sets, set_events = {}, {}
    text = read(root, 'net/minecraft/world/level/block/state/properties/BlockSetType.java')
    for name, args in re.findall(r'(\w+) = register\(new BlockSetType\(([^;]*)\)\);', text):
        found = re.search(r'SoundType\.(\w+)', args)
        sets[name] = found.group(1) if found else 'WOOD'
        events = re.findall(r'SoundEvents\.(\w+)', args) or list(WOODEN_SET)
        set_events[name] = dict(zip(SET_EVENTS, events))
    woods, gate_events = {}, {}
    text = read(root, 'net/minecraft/world/level/block/state/properties/WoodType.java')
    for name, args in re.findall(r'(\w+) = register\(new WoodType\(([^;]*)\)\);', text):
        found = re.findall(r'SoundType\.(\w+)', args)
        woods[name] = (found[0], found[1]) if found else ('WOOD', 'HANGING_SIGN')
        events = re.findall(r'SoundEvents\.(\w+)', args) or ['FENCE_GATE_CLOSE', 'FENCE_GATE_OPEN']
        gate_events[name] = {'close': events[0], 'open': events[1]}
    return sets, woods, set_events, gate_events


def toggle_sounds(root, set_events, gate_events):
    """(on, off) sound event fields of each block toggled by hand, by block name."""
    text = read(root, 'net/minecraft/world/level/block/Blocks.java')
    body = text[text.index('   static {'):]
    out = {}
    for statement in re.findall(r'\n      \w+ = (register\w*\(.*?\));(?=\n)', body, re.S):
        literal = re.search(r'"([a-z0-9_]+)"|register\w*\(BlockIds\.(\w+)', statement)
        name = literal.group(1) or literal.group(2).lower()
        kind = re.search(r'new \w*?(TrapDoorBlock|DoorBlock|ButtonBlock|FenceGateBlock)\(', statement)
        owner = re.search(r'(?:BlockSetType|WoodType)\.(\w+)', statement)
        if name == 'lever':
            out[name] = ('LEVER_CLICK', 'LEVER_CLICK')
        elif kind and owner:
            events = set_events.get(owner.group(1)) if 'BlockSetType' in owner.group(0) else None
            if kind.group(1) == 'DoorBlock':
                out[name] = (events['door_open'], events['door_close'])
            elif kind.group(1) == 'TrapDoorBlock':
                out[name] = (events['trapdoor_open'], events['trapdoor_close'])
            elif kind.group(1) == 'ButtonBlock':
                out[name] = (events['button_on'], events['button_off'])
            else:
                gate = gate_events[owner.group(1)]
                out[name] = (gate['open'], gate['close'])
    for base, statement in re.findall(r'\n      \w+ = WeatheringCopperBlocks\.create\("(\w+)"(.*?)\);(?=\n)', body, re.S):
        kind = re.search(r'(TrapDoorBlock|DoorBlock)::new', statement)
        if kind:
            raise SystemExit(f'weathering copper {base} is a door: teach the script its sounds')
    return out


def block_types(root, sets, woods):
    text = read(root, 'net/minecraft/world/level/block/Blocks.java')
    body = text[text.index('   static {'):]
    statements = re.findall(r'\n      (\w+) = (register\w*\(.*?\));(?=\n)', body, re.S)
    by_field, by_name = {}, {}
    # Air is registered in its field's declaration; WeatheringCopperBlocks.create registers the
    # eight weathering and waxed stages of one block with one set of properties.
    for name in re.findall(r'public static final Block \w+ = register\("(\w+)"', text):
        by_name[name] = 'STONE'
    for base, statement in re.findall(r'\n      \w+ = WeatheringCopperBlocks\.create\("(\w+)"(.*?)\);(?=\n)', body, re.S):
        kind = (re.findall(r'SoundType\.(\w+)', statement) or ['STONE'])[-1]
        for stage in ('', 'exposed_', 'weathered_', 'oxidized_'):
            by_name[stage + base] = by_name['waxed_' + stage + base] = kind
    for field, statement in statements:
        literal = re.search(r'"([a-z0-9_]+)"|register\w*\(BlockIds\.(\w+)', statement)
        name = literal.group(1) or literal.group(2).lower()
        kind = None
        owner = re.search(r'(?:BlockSetType|WoodType)\.(\w+)', statement)
        if re.search(SET_CLASSES, statement) and owner:
            kind = sets[owner.group(1)] if 'BlockSetType.' in owner.group(0) else woods[owner.group(1)][0]
        elif re.search(HANGING_CLASSES, statement) and owner:
            kind = woods[owner.group(1)][1]
        if kind is None:
            named = re.findall(r'SoundType\.(\w+)', statement)
            if named:
                kind = named[-1]
        if kind is None:
            for helper, fixed in FIXED_HELPERS.items():
                if helper + '(' in statement:
                    kind = fixed
        if kind is None:
            copied = re.search(r'(?:ofFullCopy|ofLegacyCopy)\((\w+)\)|register(?:Legacy)?Stair\("[^"]+", (\w+)\)', statement)
            if copied:
                kind = by_field[copied.group(1) or copied.group(2)]
        # DecoratedPotBlock.getSoundType: its own type (cracked pots' differs; Horizon keeps the whole one).
        if name == 'decorated_pot':
            kind = 'DECORATED_POT'
        by_field[field] = kind or 'STONE'
        by_name[name] = by_field[field]
    return by_name


def constant(sound):
    return 'sound::' + sound.replace('.', '_')


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    output = sys.argv[2] if len(sys.argv) > 2 else os.path.join(REPO, 'sim/data/block_sounds.cpp')
    events = sound_event_names(root)
    types = sound_types(root, events)
    sets, woods, set_events, gate_events = set_and_wood_types(root)
    blocks = block_types(root, sets, woods)
    toggles = toggle_sounds(root, set_events, gate_events)
    with open(BLOCKS_JSON, encoding='utf-8') as f:
        order = [b['name'] for b in sorted(json.load(f), key=lambda b: b['id'])]
    missing = [name for name in order if name not in blocks]
    if missing:
        sys.exit(f'blocks without a registration: {missing[:5]}')
    used = sorted(set(blocks[name] for name in order), key=list(types).index)
    index = {name: i for i, name in enumerate(used)}
    lines = [
        '// Blocks\' sounds (docs/rules/sounds.md §5): the sound types and one per block id, and the toggle',
        '// sounds of the blocks toggled by hand. Extracted by tools/vanilla/extract_block_sounds.py from',
        '// vanilla 26.1.2 (block ids in minecraft-data\'s order). Do not edit: change the script and re-run it.',
        '#include "sim/data/block_sounds.h"',
        '',
        '#include <cstdint>',
        '#include <iterator>',
        '',
        '#include "sim/data/sound_ids.h"',
        '',
        'namespace hz {',
        'namespace {',
        '',
        '// break, step, place, hit, fall',
        'constexpr BlockSoundType kTypes[] = {',
    ]
    for name in used:
        volume, pitch, sounds = types[name]
        lines.append(f'    {{{volume}f, {pitch}f, {", ".join(constant(s) for s in sounds)}}},  // {name}')
    lines += ['};', '', 'constexpr uint8_t kBlockTypes[] = {']
    row = []
    for name in order:
        row.append(str(index[blocks[name]]))
        if len(row) == 24:
            lines.append('    ' + ', '.join(row) + ',')
            row = []
    if row:
        lines.append('    ' + ', '.join(row) + ',')
    pairs = sorted(set(toggles.values()))
    lines += ['};', '', '// on (open, pressed), off (close, released)', 'constexpr BlockToggleSounds kToggles[] = {']
    for on, off in pairs:
        lines.append(f'    {{{constant(events[on])}, {constant(events[off])}}},')
    lines += ['};', '', '// 1 + the index in kToggles of each block toggled by hand, else 0.', 'constexpr uint8_t kBlockToggles[] = {']
    row = []
    for name in order:
        row.append(str(pairs.index(toggles[name]) + 1 if name in toggles else 0))
        if len(row) == 24:
            lines.append('    ' + ', '.join(row) + ',')
            row = []
    if row:
        lines.append('    ' + ', '.join(row) + ',')
    lines += ['};', '', '}  // namespace', '',
              'const BlockSoundType& block_sound_type(BlockId block) {',
              '  if (block >= std::size(kBlockTypes)) return kTypes[0];',
              '  return kTypes[kBlockTypes[block]];',
              '}', '',
              'const BlockToggleSounds* block_toggle_sounds(BlockId block) {',
              '  if (block >= std::size(kBlockToggles) || kBlockToggles[block] == 0) return nullptr;',
              '  return &kToggles[kBlockToggles[block] - 1];',
              '}', '', '}  // namespace hz', '']
    with open(output, 'w', encoding='utf-8') as f:
        f.write('\n'.join(lines))
    print(f'{len(order)} blocks, {len(used)} sound types, {len(toggles)} toggled blocks -> {output}')


if __name__ == '__main__':
    main()
