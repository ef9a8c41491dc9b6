import { describe, expect, it } from 'vitest';
import { countsOfString, maskOfRle } from './coco-rle';
import { messageRef } from '../../i18n/message-ref';
import { importDetails } from '../format';

describe('COCO RLE', () => {
  describe(countsOfString.name, () => {
    it('reads pycocotools’ compressed counts, later counts as differences from the one two before', () => {
      expect(countsOfString('123')).toEqual([1, 2, 3]);
      // 'N' is -2 from the count two before: 3 - 2.
      expect(countsOfString('131N')).toEqual([1, 3, 1, 1]);
      expect(countsOfString('1~')).toBeNull();
    });
  });

  describe(maskOfRle.name, () => {
    it('turns column-major counts of either form into the same row-major mask', () => {
      // 2 rows, 3 columns; painted: (1,0), (0,1), (1,1), (1,2).
      const expected = { type: 'mask', width: 3, height: 2, counts: [1, 1, 1, 3] };
      expect(maskOfRle({ size: [2, 3], counts: [1, 3, 1, 1] })).toEqual(expected);
      expect(maskOfRle({ size: [2, 3], counts: '131N' })).toEqual(expected);
    });

    it('says why counts that do not cover the image once, or a size that is not [height, width], cannot be read', () => {
      expect(maskOfRle({ size: [2, 3], counts: [1, 3] })).toBe(messageRef(importDetails.rleCover, { width: 3, height: 2 }));
      expect(maskOfRle({ size: [2], counts: [6] })).toBe(importDetails.rleSize);
    });
  });
});
