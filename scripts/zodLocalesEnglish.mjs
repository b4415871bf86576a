// What zod's `locales` namespace holds in our bundles (see zodEnglishOnly in build.mjs).
export { default as en } from 'zod/v4/locales/en.js';
