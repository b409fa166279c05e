#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries next to the corpora: corpus/<target>.dict. Packet ids come
from sim/data/packet_ids.h (generated from minecraft-data); NBT names are those vanilla chunks and
registry data use. Re-run after regenerating the data."""
import os
import re

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NBT_NAMES = ["DataVersion", "xPos", "zPos", "yPos", "Status", "sections", "block_states", "palette", "data",
             "biomes", "Name", "Properties", "BlockLight", "SkyLight", "Heightmaps", "isLightOn",
             "block_entities", "minecraft:", "minecraft:plains", "minecraft:air", "text", "translate", "with",
             "color", "element_type", "has_skylight", "min_y", "height", "effects"]
TAG_TYPES = ["end", "byte", "short", "int", "long", "float", "double", "byte_array", "string", "list", "compound",
             "int_array", "long_array"]


def write(name, lines):
    with open(os.path.join(REPO, "corpus", name + ".dict"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    lines = ["# NBT tag type bytes and names found in chunks and registry data"]
    lines += ['tag_%s="\\x%02x"' % (t, i) for i, t in enumerate(TAG_TYPES)]
    for i, n in enumerate(NBT_NAMES):
        b = n.encode()
        lines.append('name_%d="\\x%02x\\x%02x%s"' % (i, len(b) >> 8, len(b) & 255, n))
    write("nbt_reader", lines)

    ids = open(os.path.join(REPO, "sim/data/packet_ids.h")).read()
    lines = ["# Serverbound packet ids (VarInt) per state, from sim/data/packet_ids.h, and common field values"]
    for ns in ["handshake_sb", "status_sb", "login_sb", "config_sb", "play_sb"]:
        block = re.search(r"namespace %s \{(.*?)\}" % ns, ids, re.S).group(1)
        for name, value in re.findall(r"int32_t (\w+) = (0x[0-9a-fA-F]+|\d+);", block):
            lines.append('%s_%s="\\x%02x"' % (ns, name, int(value, 0)))
    lines += ['protocol_775="\\x87\\x06"', 'varint_minus_one="\\xff\\xff\\xff\\xff\\x0f"',
              'nan_double="\\x7f\\xf8\\x00\\x00\\x00\\x00\\x00\\x00"', 'brand="minecraft:brand"']
    write("serverbound_packets", lines)

    write("frame_decoder", ["# Frame prefixes and zlib headers", 'zlib="\\x78\\x9c"', 'len_max3="\\xff\\xff\\x7f"',
                            'len4="\\xff\\xff\\xff\\x7f"', 'size_8mib="\\x80\\x80\\x80\\x04"', 'size_zero="\\x00"'])


if __name__ == "__main__":
    main()
