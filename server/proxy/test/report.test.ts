import { describe, expect, it } from 'vitest';
import { ViolationReport, type Violation } from '../report.js';

const violation = (knownAs: string | undefined, allowed = false): Violation => ({
  routeId: 'pipelines.detail',
  method: 'GET',
  url: '/api/pipelines/x',
  where: 'response',
  at: '(body)',
  message: 'm',
  found: '',
  status: 404,
  knownAs,
  allowed,
});

describe('the proxy summary', () => {
  it('a known difference is not called unexplained: each count says one thing', () => {
    const report = new ViolationReport('http://mage');
    report.add(violation('no-envelope'));
    expect(report.summary()).toContain('1 violation: 0 unexplained, 1 known difference (no-envelope ×1); 0 allowed, 1 not allowed.');
    // The report's counts say the same: a known difference --allow did not list is not allowed, not unexplained.
    expect(report.toJSON().violations).toMatchObject({ total: 1, allowed: 0, unexplained: 0, notAllowed: 1 });
  });

  it('unexplained, known and allowed apart', () => {
    const report = new ViolationReport('http://mage');
    report.add(violation(undefined));
    report.add(violation('success-status', true));
    report.add(violation('success-status', true));
    report.add(violation('no-envelope'));
    expect(report.summary()).toBe(
      'proxy: 0 requests to http://mage, 0 checked against the contract, 0 outside it; 4 violations: 1 unexplained, 3 known differences (success-status ×2 [allowed], no-envelope ×1); 2 allowed, 2 not allowed.',
    );
    expect(report.toJSON().violations).toMatchObject({ total: 4, allowed: 2, unexplained: 1, notAllowed: 2 });
  });

  it('none', () => {
    expect(new ViolationReport('http://mage').summary()).toContain('0 violations: 0 unexplained, 0 known differences; 0 allowed, 0 not allowed.');
  });
});
