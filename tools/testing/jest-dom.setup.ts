import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait for the state a test needs, up to 5 s rather than 1 s: on two cores shared with
// integration suites (Jest runs two workers, ADR 041), a first render of react-admin alone can take longer.
configure({ asyncUtilTimeout: 5_000 });
