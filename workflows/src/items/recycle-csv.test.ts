import { describe, expect, it } from 'vitest';
import { matchItemLines, readItemLines } from './recycle-csv';

describe('readItemLines', () => {
  it('reads one value a line, skipping a header, a BOM and blank lines, and counts lines as a spreadsheet does', () => {
    expect(readItemLines('\uFEFFfile name\r\na.jpg\r\n\r\n"b, c.jpg"\n  d.png  \n"say ""hi"".png",\n').lines).toEqual([
      { line: 2, value: 'a.jpg' },
      { line: 4, value: 'b, c.jpg' },
      { line: 5, value: 'd.png' },
      { line: 6, value: 'say "hi".png' },
    ]);
  });

  it('skips the Chinese and the id headers too', () => {
    expect(readItemLines('文件名\na.jpg').lines).toEqual([{ line: 2, value: 'a.jpg' }]);
    expect(readItemLines('ID\nx').lines).toEqual([{ line: 2, value: 'x' }]);
  });

  it('reads a header-like value after the first line as a value', () => {
    expect(readItemLines('a.jpg\nid').lines).toEqual([
      { line: 1, value: 'a.jpg' },
      { line: 2, value: 'id' },
    ]);
  });

  it('refuses a line with two values or an unclosed quote, naming the line', () => {
    expect(readItemLines('a.jpg,b.jpg\n"c.jpg\nd.jpg').refused).toEqual([
      { line: 1, value: 'a.jpg,b.jpg', messageKey: 'items.csv_line_columns' },
      { line: 2, value: '"c.jpg', messageKey: 'items.csv_line_quote' },
    ]);
  });
});

describe('matchItemLines', () => {
  const candidates = [
    { itemId: 'AAAA-1', fileName: 'a.jpg', deleted: false },
    { itemId: 'bbbb-2', fileName: 'b.jpg', deleted: false },
    { itemId: 'cccc-3', fileName: 'b.jpg', deleted: false },
    { itemId: 'dddd-4', fileName: 'd.jpg', deleted: true },
    { itemId: 'eeee-5', fileName: 'e.jpg', deleted: false },
    { itemId: 'ffff-6', fileName: 'e.jpg', deleted: true },
  ];

  it('names items by id (in any case) or by file name, a live item before a deleted one of the same name', () => {
    const { named, refused } = matchItemLines(
      [
        { line: 1, value: 'aaaa-1' },
        { line: 2, value: 'cccc-3' },
        { line: 3, value: 'e.jpg' },
      ],
      candidates,
    );
    expect(refused).toEqual([]);
    expect(named.map((n) => n.itemId)).toEqual(['AAAA-1', 'cccc-3', 'eeee-5']);
  });

  it('refuses an unknown value, a shared file name, a deleted item and a repeat, each on its line', () => {
    const { named, refused } = matchItemLines(
      [
        { line: 1, value: 'nope.jpg' },
        { line: 2, value: 'b.jpg' },
        { line: 3, value: 'd.jpg' },
        { line: 4, value: 'a.jpg' },
        { line: 5, value: 'AAAA-1' },
      ],
      candidates,
    );
    expect(named).toEqual([{ line: 4, value: 'a.jpg', itemId: 'AAAA-1' }]);
    expect(refused).toEqual([
      { line: 1, value: 'nope.jpg', messageKey: 'items.csv_line_unknown' },
      { line: 2, value: 'b.jpg', messageKey: 'items.csv_line_ambiguous', params: { count: 2 } },
      { line: 3, value: 'd.jpg', messageKey: 'items.csv_line_not_recyclable', params: { state: 'items.item_state.deleted' } },
      { line: 5, value: 'AAAA-1', messageKey: 'items.csv_line_repeated', params: { first: 4 } },
    ]);
  });
});
