/** Setup of the `renderer` vitest project: DOM matchers and per-test cleanup of mounted components. */
import '@testing-library/jest-dom/vitest';
import '@testing-library/svelte/vitest';
