/**
 * The total unpacked size of a ZIP (a DOCX is one), read from its central directory without
 * unpacking anything, so a "zip bomb" is refused before a parser opens it. Null when the central
 * directory cannot be found or read (a damaged file), or when it uses ZIP64 sizes, which no
 * ordinary Word document needs.
 */

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
const END_RECORD_SIZE = 22;
const MAX_COMMENT = 0xffff;
const ENTRY_HEADER_SIZE = 46;

function endRecordOffset(data: Buffer): number | null {
  const lowest = Math.max(0, data.length - END_RECORD_SIZE - MAX_COMMENT);
  for (let at = data.length - END_RECORD_SIZE; at >= lowest; at--) {
    if (data.readUInt32LE(at) === END_SIGNATURE) return at;
  }
  return null;
}

export function docxUnpackedBytes(data: Buffer): number | null {
  if (data.length < END_RECORD_SIZE) return null;
  const end = endRecordOffset(data);
  if (end === null) return null;
  const entries = data.readUInt16LE(end + 10);
  let at = data.readUInt32LE(end + 16);
  let total = 0;
  for (let index = 0; index < entries; index++) {
    if (at + ENTRY_HEADER_SIZE > data.length) return null;
    if (data.readUInt32LE(at) !== ENTRY_SIGNATURE) return null;
    const unpacked = data.readUInt32LE(at + 24);
    if (unpacked === 0xffffffff) return null;
    total += unpacked;
    at +=
      ENTRY_HEADER_SIZE +
      data.readUInt16LE(at + 28) +
      data.readUInt16LE(at + 30) +
      data.readUInt16LE(at + 32);
  }
  return total;
}
