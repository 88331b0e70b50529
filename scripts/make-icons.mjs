// Draws the Bidwright icon (indigo rounded square with a white 'B'-like bar mark) as PNG with zlib.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
};

function icon(size, { maskable }) {
  const bg = [79, 70, 229]; // indigo-600
  const fg = [255, 255, 255];
  const radius = maskable ? 0 : size * 0.22;
  const rows = [];
  // A 'B' drawn from rectangles and two bowls on a 10x10 grid inside the safe zone.
  const safe = maskable ? 0.2 : 0.14;
  const x0 = size * (0.5 - (0.5 - safe) * 0.62);
  const x1 = size * (0.5 + (0.5 - safe) * 0.62);
  const y0 = size * safe + size * 0.06;
  const y1 = size - y0;
  const stroke = (x1 - x0) * 0.26;
  const midY = (y0 + y1) / 2;
  const inB = (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1) return false;
    if (x < x0 + stroke) return true; // stem
    const bowl = (top, bottom, right) => {
      const cy = (top + bottom) / 2;
      const ry = (bottom - top) / 2;
      const cx = right - ry;
      if (y < top || y > bottom) return false;
      let inside;
      let insideInner;
      if (x <= cx) {
        inside = true;
        insideInner = y > top + stroke * 0.8 && y < bottom - stroke * 0.8;
      } else {
        const d = Math.hypot((x - cx) / ry, (y - cy) / ry);
        inside = d <= 1;
        insideInner =
          Math.hypot((x - cx) / (ry - stroke * 0.8), (y - cy) / (ry - stroke * 0.8)) < 1;
      }
      return inside && !insideInner;
    };
    return (
      bowl(y0, midY + stroke * 0.4, x1 - (x1 - x0) * 0.08) || bowl(midY - stroke * 0.4, y1, x1)
    );
  };
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      let alpha = 255;
      if (radius > 0) {
        const cx = Math.min(Math.max(px, radius), size - radius);
        const cy = Math.min(Math.max(py, radius), size - radius);
        const d = Math.hypot(px - cx, py - cy);
        alpha = d > radius ? 0 : d > radius - 1 ? Math.round((radius - d) * 255) : 255;
      }
      const color = inB(px, py) ? fg : bg;
      row.set([...color, alpha], 1 + x * 4);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = process.argv[2] ?? 'public';
writeFileSync(`${out}/icon-192.png`, icon(192, { maskable: false }));
writeFileSync(`${out}/icon-512.png`, icon(512, { maskable: false }));
writeFileSync(`${out}/icon-maskable-512.png`, icon(512, { maskable: true }));
