// The shop rules the editor shares with the server and the storefront, from @baukasten/commerce.
// The editor's bundle (scripts/build.mjs) and the tests resolve @baukasten/* to the TypeScript source,
// never a stale build; commerce is the one package the editor may import (README, Architecture).
export {
  formatMoney,
  minorToDecimalString,
  type Permission,
  parseDecimalToMinor,
  ROLE_NAMES,
  rolesAllow,
  SUPPORTED_CURRENCIES,
  UserRole,
} from '@baukasten/commerce';
