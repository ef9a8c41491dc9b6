import { describe, expect, it } from 'vitest';
import { exportFileName } from './export.naming';

const date = new Date('2026-11-24T08:05:09.123Z');

describe('export file names', () => {
  it('fills every placeholder and adds the archive extension', () => {
    expect(exportFileName('{project}_{batch}_{format}_{date}', { project: 'Lane lines', batch: 'Week 1', format: 'coco', date })).toBe('Lane_lines_Week_1_coco_20261124-080509.zip');
  });
  it('keeps Chinese names and replaces what a file system refuses', () => {
    expect(exportFileName('{project}-{format}', { project: '车道线/标注:第一批', batch: 'all', format: 'yolo', date })).toBe('车道线_标注_第一批-yolo.zip');
  });
  it('keeps the vowel signs of Hindi and Thai words and the accents of Arabic ones', () => {
    expect(exportFileName('{project}_{batch}', { project: 'सड़क', batch: 'सभी बैच', format: 'coco', date })).toBe('सड़क_सभी_बैच.zip');
    expect(exportFileName('{batch}', { project: 'x', batch: 'ทุกแบตช์', format: 'coco', date })).toBe('ทุกแบตช์.zip');
  });
  it('never starts with a dot, so an archive cannot hide or climb out of its folder', () => {
    expect(exportFileName('{project}', { project: '../etc', batch: 'all', format: 'voc', date })).toBe('etc.zip');
  });
});
