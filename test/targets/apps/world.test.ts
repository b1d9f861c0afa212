import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { seedWorld } from '../../../targets/apps/world/seed.ts';
import { dayOffset } from '../../../targets/apps/world/clock.ts';

describe('the seeded world', () => {
  it('has no dangling references and leaves foreign keys enforced', () => {
    const db = new Database(':memory:');
    seedWorld(db);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(() => db.prepare('INSERT INTO messages (sender_id, recipient_id, body, sent_at, read) VALUES (1, 999999, ?, ?, 0)').run('x', '2024-05-15T12:00:00Z')).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('counts days across month and year ends, the same on a repeated ask', () => {
    expect(dayOffset(0)).toBe('2024-05-15');
    expect(dayOffset(17)).toBe('2024-06-01');
    expect(dayOffset(-136)).toBe('2023-12-31');
    expect(dayOffset(17)).toBe('2024-06-01');
  });
});
