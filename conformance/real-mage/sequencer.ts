import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The real-Mage files in a fixed order: the profile and the differential first, on a Mage nothing else has touched
 * (the differential compares ids and lists with a fresh reference server), then the UI and editor tours, which add their own
 * pipeline, triggers and runs.
 */
export class FreshMageFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = (file: TestSpecification) => (/mage-(ui|editor)\.real\.test\.ts$/.test(file.moduleId) ? 1 : 0);
    return [...files].sort((a, b) => last(a) - last(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
