/** A React app's component-test setup, pinned: DOM environments, React and Testing Library (docs/mocks.md names the same). */
export const DOM_TEST_VERSIONS = {
  jsdom: '31.0.1',
  happyDom: '21.0.4',
  react: '19.3.1',
  testingLibraryReact: '16.3.3',
  testingLibraryDom: '10.4.2',
} as const;

export const DOM_TEST_PACKAGES = [
  `jsdom@${DOM_TEST_VERSIONS.jsdom}`,
  `happy-dom@${DOM_TEST_VERSIONS.happyDom}`,
  `react@${DOM_TEST_VERSIONS.react}`,
  `react-dom@${DOM_TEST_VERSIONS.react}`,
  `@testing-library/react@${DOM_TEST_VERSIONS.testingLibraryReact}`,
  `@testing-library/dom@${DOM_TEST_VERSIONS.testingLibraryDom}`,
];
