// Writes binary data as C++ string-literal pieces (printable bytes stay readable, others become
// three-digit octal escapes), which keeps large byte tables small in the generated sources.
'use strict';

function escapeByte(byte) {
  const ch = String.fromCharCode(byte);
  if (ch === '"' || ch === '\\') return '\\' + ch;
  // '?' is escaped too so no trigraph-like sequence appears for older tools reading the file.
  if (byte >= 0x20 && byte < 0x7f && ch !== '?') return ch;
  return '\\' + byte.toString(8).padStart(3, '0');
}

// Lines of adjacent string literals, each at most `width` characters of content.
function byteLiteralLines(buffer, indent = '    ', width = 96) {
  const lines = [];
  let line = '';
  for (const byte of buffer) {
    const piece = escapeByte(byte);
    if (line.length + piece.length > width) {
      lines.push(`${indent}"${line}"`);
      line = '';
    }
    line += piece;
  }
  if (line !== '' || lines.length === 0) lines.push(`${indent}"${line}"`);
  return lines.join('\n');
}

module.exports = { byteLiteralLines };
