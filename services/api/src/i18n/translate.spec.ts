import { CalibrationError, kittiCalibration, messageRef, openLabelCalibrations } from '@annot/workflows';
import { describe, expect, it } from 'vitest';
import { languageOf } from './language';
import { catalogues, translate } from './translate';

describe(translate.name, () => {
  it('fills parameters and translates a parameter that is itself a message key', () => {
    expect(translate('en_US', 'errors.not_found', { what: 'things.audit', id: 'x' })).toBe('Ledger verification not found: x');
    expect(translate('zh_CN', 'errors.not_found', { what: 'things.audit', id: 'x' })).toBe('未找到账本校验：x');
  });
  it('chooses the plural form of a counted message by the language\'s rules', () => {
    expect(translate('en_US', 'items.result_incomplete', { count: 1 })).toBe('The result cannot be submitted: 1 problem');
    expect(translate('en_US', 'items.result_incomplete', { count: 3 })).toBe('The result cannot be submitted: 3 problems');
    expect(translate('zh_CN', 'items.result_incomplete', { count: 1 })).toBe('结果无法提交：1 个问题');
    // Arabic has six categories: 2 is dual, 3 is few, 11 is many.
    for (const [count, category] of [[0, 'zero'], [1, 'one'], [2, 'two'], [3, 'few'], [11, 'many'], [100, 'other']] as const) {
      const form = catalogues.ar_SA[`items.result_incomplete.${category}`];
      expect(translate('ar_SA', 'items.result_incomplete', { count })).toBe(form.replace('{count}', new Intl.NumberFormat('ar-SA').format(count)));
    }
  });
  it('chooses the plural form by the parameter a message counts with, when it is not `count`', () => {
    expect(translate('en_US', 'validation.too_deep', { field: 'body', max: 1 })).toBe('body is nested deeper than 1 level');
    expect(translate('en_US', 'messages.item_returned', { project: 'P', gate: 'inspection', marks: 1 })).toBe('An item of P came back to you from inspection for rework (1 error mark).');
    expect(translate('fr_FR', 'items.result.polygon_points', { min: 1 })).toBe('Un polygone nécessite au moins 1 point');
    expect(translate('fr_FR', 'items.result.polygon_points', { min: 3 })).toBe('Un polygone nécessite au moins 3 points');
    expect(translate('ar_SA', 'items.result.polygon_points', { min: 2 })).toBe('يحتاج المضلّع إلى ٢ نقطتين على الأقل');
    expect(translate('ar_SA', 'items.result.polygon_points', { min: 3 })).toBe('يحتاج المضلّع إلى ٣ نقاط على الأقل');
    // A reference carries the count as text, and it counts all the same.
    expect(translate('en_US', 'exports.import.malformed', { format: 'KITTI', detail: messageRef('exports.import.detail.field_count', { fields: 1, expected: 15, withScore: 16 }) })).toBe(
      'The file cannot be read as KITTI: 1 field where 15 (or 16 with a score) are expected',
    );
  });
  it('joins a list and writes a number the language\'s way', () => {
    expect(translate('en_US', 'errors.forbidden_roles', { roles: ['roles.r01', 'roles.r10', 'roles.r40'] })).toBe('Not allowed: only the admin, PM, and tagger may do this');
    expect(translate('zh_CN', 'errors.forbidden_roles', { roles: ['roles.r01', 'roles.r10', 'roles.r40'] })).toBe('没有权限：只有管理员、项目经理和标注员可以执行此操作');
    expect(translate('en_US', 'validation.too_many_values', { max: 10000 })).toBe('The request holds more than 10,000 values');
    expect(translate('en_US', 'items.csv_too_many_lines', { max: 5000 })).toBe('The CSV can have at most 5000 lines');
    expect(translate('de_DE', 'validation.too_many_values', { max: 10000 })).toContain('10.000');
  });
  it('says the states and actions a refused transition names in the reader\'s words', () => {
    const params = { from: 'claimed', event: 'item.claim', allowed: 'item.save, item.submit, item.release' };
    expect(translate('en_US', 'errors.invalid_transition', params)).toBe('"claim the item" is not allowed while "claimed"; allowed: save the result, submit the item, and release the item');
    expect(translate('zh_CN', 'errors.invalid_transition', params)).toBe('当前状态“已领取”不允许操作“领取数据”，允许的操作：保存结果、提交数据和释放数据');
    expect(translate('en_US', 'errors.invalid_transition', { from: 'passed', event: 'sampling.judge', allowed: '-' })).toBe('"judge a sample item" is not allowed while "passed"; allowed: -');
    expect(translate('en_US', 'errors.invalid_transition', { from: 'limbo', event: 'thing.do', allowed: ['item.save'] })).toBe('"thing.do" is not allowed while "limbo"; allowed: save the result');
  });
  it('says a message named in a parameter, with the values its reference carries', () => {
    const detail = messageRef('exports.import.detail.rle_cover', { width: 64, height: 48 });
    expect(translate('en_US', 'exports.import.wrong_geometry', { detail })).toBe('The shape is not valid: RLE counts must cover each pixel of the 64×48 mask once');
    expect(translate('zh_CN', 'exports.import.wrong_geometry', { detail: 'exports.import.detail.box_order' })).toBe(`${translate('zh_CN', 'exports.import.wrong_geometry', { detail: '' })}框须满足 left < right 且 top < bottom`);
    expect(translate('en_US', 'exports.import.wrong_geometry', { detail: 'what? nothing' })).toBe('The shape is not valid: what? nothing');
    expect(translate('en_US', 'exports.import.wrong_geometry', { detail: messageRef('items.result_invalid', { count: 1 }) })).toBe('The shape is not valid: The result cannot be saved: 1 problem');
  });
  it('says where a file breaks in the reader\'s digits, whatever the parser\'s own words', () => {
    const detail = messageRef('exports.import.detail.json_syntax', { line: 3, column: 18 });
    expect(translate('en_US', 'exports.import.malformed', { format: 'COCO', detail })).toBe('The file cannot be read as COCO: the JSON is malformed at line 3, column 18');
    expect(translate('ar_SA', 'exports.import.malformed', { format: 'COCO', detail })).toContain('السطر ٣، العمود ١٨');
    expect(translate('fr_FR', 'exports.import.malformed', { format: 'YOLO', detail: messageRef('exports.import.detail.yaml_syntax', { line: 2, column: 11 }) })).toBe(
      'Le fichier ne peut pas être lu comme YOLO : le YAML est mal formé à la ligne 2, colonne 11',
    );
  });
  it('says why a calibration is refused in the reader\'s words, a transform\'s fault two references deep', () => {
    const refusal = (read: () => unknown) => {
      try {
        read();
      } catch (error) {
        return { detail: (error as CalibrationError).ref };
      }
      throw new Error('not refused');
    };
    const short = refusal(() => kittiCalibration('cam', 'P2: 1 2 3\n', { width: 1, height: 1 }));
    expect(translate('en_US', 'batches.reason_calibration_detail', short)).toBe('The calibration cannot be read: P2 has 3 values, not 12');
    expect(translate('zh_CN', 'batches.reason_calibration_detail', short)).toBe('标定文件无法读取：P2 有 3 个值，而不是 12 个');
    const one = refusal(() => kittiCalibration('cam', 'P2: 1\n', { width: 1, height: 1 }));
    expect(translate('de_DE', 'batches.reason_calibration_detail', one)).toBe('Die Kalibrierung ist nicht lesbar: P2 hat 1 Wert statt 12');
    const pose = { type: 'sensor_cs', parent: 'base', pose_wrt_parent: { matrix4x4: [1, 0] } };
    const broken = refusal(() => openLabelCalibrations({ streams: { cam: { type: 'camera' } }, coordinate_systems: { base: {}, cam: pose } }));
    expect(translate('en_US', 'batches.reason_calibration_detail', broken)).toBe('The calibration cannot be read: the pose_wrt_parent of coordinate system cam cannot be used: matrix4x4 must hold 16 numbers');
    expect(translate('zh_CN', 'batches.reason_calibration_detail', broken)).toBe('标定文件无法读取：坐标系 cam 的 pose_wrt_parent 无法使用：matrix4x4 必须包含 16 个数字');
  });
  it('says an instant in the language\'s calendar words, in UTC', () => {
    const resumeAt = '2026-11-24T08:05:09.000Z';
    expect(translate('en_US', 'algorithms.circuit_open', { failures: 5, resumeAt })).toBe('The model server failed 5 items in a row; calls wait until Nov 24, 2026, 08:05 AM UTC and then try one item');
    expect(translate('zh_CN', 'algorithms.circuit_open', { failures: 5, resumeAt })).toContain('2026年11月24日 UTC 08:05');
  });
  it('falls back to English for a message a language lacks, and to the key when no language knows it', () => {
    const saved = catalogues.th_TH['errors.forbidden'];
    delete catalogues.th_TH['errors.forbidden'];
    try {
      expect(translate('th_TH', 'errors.forbidden')).toBe(catalogues.en_US['errors.forbidden']);
    } finally {
      catalogues.th_TH['errors.forbidden'] = saved;
    }
    expect(translate('zh_CN', 'no.such.key')).toBe('no.such.key');
  });
});

describe(languageOf.name, () => {
  it('prefers the language header, then the languageType cookie, then Accept-Language, then Chinese', () => {
    expect(languageOf({ 'x-language': 'en_US' }, { languageType: 'zh_CN' })).toBe('en_US');
    expect(languageOf({}, { languageType: 'ar_SA' })).toBe('ar_SA');
    expect(languageOf({ 'x-language': 'klingon' }, { languageType: 'pt_BR' })).toBe('pt_BR');
    expect(languageOf({ 'accept-language': 'en-GB,en;q=0.9' }, {})).toBe('en_US');
    expect(languageOf({ 'accept-language': 'sv, ko;q=0.8' }, {})).toBe('ko_KR');
    expect(languageOf({ 'accept-language': 'sv' }, { languageType: 'xx' })).toBe('zh_CN');
    expect(languageOf({}, {})).toBe('zh_CN');
  });
});
