// The shop rules the editor shares with the server and the storefront, from @baukasten/commerce.
// Imported by relative path so the browser bundle reads the TypeScript source, never a stale build.
export {
  formatMoney,
  minorToDecimalString,
  type Permission,
  parseDecimalToMinor,
  ROLE_NAMES,
  rolesAllow,
  SUPPORTED_CURRENCIES,
  UserRole,
} from '../../commerce/src/index.js';
