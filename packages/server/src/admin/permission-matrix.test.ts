import { readFileSync, writeFileSync } from 'node:fs';
import { PERMISSIONS, ROLE_PERMISSIONS, UserRole } from '@baukasten/commerce';
import { describe, expect, it } from 'vitest';
import { permissionMatrixMarkdown, withCurrentMatrix } from './permission-matrix.js';

const README = new URL('./README.md', import.meta.url);

describe('permission matrix in the admin README', () => {
  it('R3.21.8 has a column for every role code and a row for every permission', () => {
    const [header, , ...rows] = permissionMatrixMarkdown().split('\n');
    for (const code of Object.values(UserRole)) expect(header).toContain(`| ${code} `);
    expect(rows).toHaveLength(PERMISSIONS.length);
    // The admin column is all ticks, the "none" column has none.
    expect(rows.every((row) => row.split('|')[2]!.trim() === '✓')).toBe(true);
    expect(ROLE_PERMISSIONS[UserRole.NONE]).toEqual([]);
  });

  it('matches ROLE_PERMISSIONS (regenerate with UPDATE_PERMISSION_MATRIX=1)', () => {
    const readme = readFileSync(README, 'utf8');
    const current = withCurrentMatrix(readme);
    // Test tooling: the one way to rewrite the table after the matrix changed.
    if (process.env.UPDATE_PERMISSION_MATRIX === '1' && current !== readme) writeFileSync(README, current);
    else expect(readme).toBe(current);
  });
});
