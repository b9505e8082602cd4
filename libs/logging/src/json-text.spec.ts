import { hundredths, jsonAscii } from './json-text.js';

describe('jsonAscii', () => {
  it('writes every string as JSON that reads back the same, in ASCII only', () => {
    const samples = [
      '',
      'plain-id_1.2:3@4+5=6/7~',
      '127.0.0.1',
      '::ffff:10.0.0.1',
      'q"uote',
      'back\\slash',
      'new\nline\ttab\r',
      '\u0000\u0001\u001f\u007f',
      'é ✓ 日本',
      '\ud800 lone surrogate \udfff',
      '\u2028\u2029',
      '</script>',
    ];
    // every code unit below 0x3000 alone too, once each side of the plain range
    for (let c = 0; c < 0x3000; c++) samples.push(`a${String.fromCharCode(c)}b`);
    samples.push('😀 a pair', '\ud83d\ude00\ud83d');
    for (const s of samples) {
      const text = jsonAscii(s);
      expect(JSON.parse(text)).toBe(s);
      expect(text).toMatch(/^"[\x20-\x7f]*"$/);
      // what is ASCII already is written exactly as JSON.stringify writes it
      if ([...s].every((c) => c.charCodeAt(0) < 0x80)) expect(text).toBe(JSON.stringify(s));
    }
    expect(jsonAscii('é ✓')).toBe('"\\u00e9 \\u2713"');
  });
});

describe('hundredths', () => {
  it('writes a JSON number of two decimals, rounded as Math.round rounds', () => {
    const cases: [number, string][] = [
      [0, '0.00'],
      [0.004, '0.00'],
      [0.005, '0.01'],
      [0.05, '0.05'],
      [0.1234, '0.12'],
      [0.999, '1.00'],
      [12.3, '12.30'],
      [1234.567, '1234.57'],
      [86_400_000.129, '86400000.13'],
      [-1.5, '-1.50'],
    ];
    for (const [n, text] of cases) {
      expect(hundredths(n)).toBe(text);
      expect(JSON.parse(text)).toBe(Math.sign(n) * (Math.round(Math.abs(n) * 100) / 100));
    }
  });

  it('writes null for what is not a finite number, as JSON.stringify does', () => {
    for (const n of [NaN, Infinity, -Infinity]) expect(hundredths(n)).toBe(JSON.stringify(n));
  });
});
