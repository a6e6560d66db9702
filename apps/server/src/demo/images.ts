import zlib from 'node:zlib';

type Rgb = readonly [number, number, number];

/** One PNG chunk: length, type, data, CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A truecolour PNG whose pixel (x, y) is `paint(x, y)`. */
function png(width: number, height: number, paint: (x: number, y: number) => Rgb): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const stride = width * 3 + 1;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    rows[y * stride] = 0; // filter byte: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = paint(x, y);
      const at = y * stride + 1 + x * 3;
      rows[at] = r;
      rows[at + 1] = g;
      rows[at + 2] = b;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

const INDIGO: Rgb = [67, 56, 202];
const TEAL: Rgb = [13, 148, 136];
const WHITE: Rgb = [255, 255, 255];
const PAPER: Rgb = [241, 245, 249];
const INK: Rgb = [148, 163, 184];

/** The demo app's logo: a square (256 px) with a diary page on an indigo-to-teal ground. */
export function demoLogo(): Buffer {
  const size = 256;
  return png(size, size, (x, y) => {
    const page = x > 64 && x < 192 && y > 48 && y < 208;
    if (page) {
      const line = y > 80 && (y - 80) % 24 < 4 && x > 84 && x < 172;
      return line ? INK : WHITE;
    }
    return mix(INDIGO, TEAL, (x + y) / (2 * size));
  });
}

/**
 * A screenshot of the demo app (960×600, 16:10): a header bar, a sidebar and rows of entries; `accent`
 * tells the three apart.
 */
export function demoScreenshot(accent: Rgb): Buffer {
  const width = 960;
  const height = 600;
  return png(width, height, (x, y) => {
    if (y < 56) return accent;
    if (x < 200) return mix(accent, WHITE, 0.85);
    const row = Math.floor((y - 80) / 64);
    const inRow = y >= 80 && (y - 80) % 64 < 48 && row < 8;
    if (inRow && x > 224 && x < 936) {
      if (x < 272) return mix(accent, WHITE, 0.4);
      if ((y - 80) % 64 < 20 && x < 600 - row * 30) return INK;
      return WHITE;
    }
    return PAPER;
  });
}

export const SCREENSHOT_ACCENTS: readonly Rgb[] = [INDIGO, TEAL, [217, 119, 6]];
