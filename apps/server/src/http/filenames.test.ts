import { describe, expect, it } from 'vitest';
import { cleanFilename, servedFilename, storedFilename } from './filenames';

describe('file names', () => {
  it('takes the extension from the detected type, never from the name', () => {
    expect(storedFilename('poly.html', 'png')).toBe('poly.png');
    expect(storedFilename('logo.PNG', 'png')).toBe('logo.png');
    expect(storedFilename('archive.tar.gz', 'pdf')).toBe('archive.tar.pdf');
    expect(storedFilename('noext', 'jpg')).toBe('noext.jpg');
    expect(storedFilename('', 'png')).toBe('file.png');
    expect(storedFilename('.htaccess', 'png')).toBe('htaccess.png');
  });

  it('strips control and bidirectional characters and any directory', () => {
    expect(storedFilename('\u202egnp.exe', 'png')).toBe('gnp.png');
    expect(cleanFilename('a\u0000b\u0007c\u200bd\u2066e\u2069\ufefff.png')).toBe('abcdef.png');
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\x\\photo.jpg')).toBe('photo.jpg');
    expect(cleanFilename('Café résumé 日本.png')).toBe('Café résumé 日本.png');
    expect(cleanFilename('x'.repeat(500)).length).toBe(200);
  });

  it('serves a name with its type’s extension', () => {
    expect(servedFilename('poly.html', 'image/png')).toBe('poly.png');
    expect(servedFilename('\u202eevil.exe', 'application/pdf')).toBe('evil.pdf');
    expect(servedFilename('report 2026.csv', 'text/csv; charset=utf-8')).toBe('report 2026.csv');
    expect(servedFilename('notes.bin', 'application/x-unknown')).toBe('notes.bin');
  });
});
