import type Database from 'better-sqlite3';
import { prng, type Prng } from './prng.ts';
import { dayOffset } from './clock.ts';
import { ME, PRIORITIES, PRIVACIES, RELATIONSHIPS, SCHEMA, TODO_LISTS, VISIBILITIES } from './schema.ts';

const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farid', 'Grace', 'Hiro', 'Iris', 'Jonas', 'Kira', 'Liam', 'Maya', 'Nico', 'Olga', 'Priya', 'Quinn', 'Rosa', 'Sam', 'Tara', 'Umar', 'Vera', 'Wes', 'Ximena', 'Yusuf', 'Zoe'];
const LAST = ['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Khan', 'Lopez', 'Moreau', 'Novak', 'Okafor', 'Park', 'Quispe', 'Rossi', 'Silva', 'Tanaka'];
const WORDS = ['Midnight', 'Golden', 'River', 'Echo', 'Velvet', 'Neon', 'Paper', 'Silver', 'Wild', 'Quiet', 'Electric', 'Summer', 'Broken', 'Crystal', 'Distant', 'Hollow', 'Lunar', 'Ocean', 'Static', 'Amber', 'Glass', 'Winter', 'Falling', 'Hidden'];
const NOUNS = ['Heart', 'Lights', 'Road', 'Dreams', 'Fire', 'Skies', 'Waves', 'Garden', 'City', 'Signal', 'Shadows', 'Rain', 'Mirror', 'Horizon', 'Machine', 'Stars', 'Letters', 'Tide'];
const GENRES = ['pop', 'rock', 'jazz', 'indie', 'hiphop', 'folk', 'electronic'];
const NOTES = ['dinner', 'rent', 'concert tickets', 'groceries', 'taxi', 'coffee', 'birthday gift', 'utilities', 'movie night', 'brunch', 'gas', 'books'];
const TODO_TITLES = ['Buy milk', 'Call the bank', 'Renew passport', 'Book dentist', 'Water plants', 'Pay electricity bill', 'Send report', 'Review slides', 'Clean garage', 'Plan trip', 'Fix bike', 'Order printer ink', 'Return library books', 'Update resume', 'Backup laptop', 'Write thank-you notes'];
const EVENT_TITLES = ['Team sync', 'Dentist', 'Yoga class', 'Lunch with friends', 'Project review', 'Book club', 'Piano lesson', 'Standup', 'Parent meeting', 'Gym'];
const PLACES = ['Office', 'Cafe Luna', 'Downtown Clinic', 'Community Center', 'Online', 'Central Park', 'Library'];
const PHRASES = ['See you soon', 'Running late', 'Thanks!', 'Did you get my email?', 'Call me back', 'Happy birthday!', 'On my way', 'Sounds good', 'Can we move it to 5?', 'Great news'];

const PEOPLE = 200;
const ARTISTS = 50;

function titleOf(r: Prng): string {
  return `${r.pick(WORDS)} ${r.pick(NOUNS)}`;
}

function timestamp(r: Prng, daysBack: number): string {
  return `${dayOffset(-r.int(1, daysBack))}T${String(r.int(7, 22)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}:00Z`;
}

/** Builds the whole world into an empty database; deterministic for a given seed. */
export function seedWorld(db: Database.Database, seed = 'blindspot-apps-v1'): void {
  const r = prng(seed);
  db.exec(SCHEMA);
  // Checking each of ~10k inserts' references one by one was a quarter of the
  // seeding; one foreign_key_check over the finished world rejects the same seeds.
  const enforced = db.pragma('foreign_keys', { simple: true }) === 1;
  db.pragma('foreign_keys = OFF');
  const ins = (sql: string) => db.prepare(sql);
  db.transaction(() => {
    const person = ins('INSERT INTO people (first_name, last_name, email, phone) VALUES (?, ?, ?, ?)');
    for (let i = 1; i <= PEOPLE; i++) {
      const f = FIRST[i % FIRST.length];
      const l = LAST[Math.floor(i / FIRST.length) % LAST.length];
      person.run(f, l, `${f}.${l}${i}@example.com`.toLowerCase(), `555-${String(1000 + i).padStart(4, '0')}`);
    }

    const people = db.prepare('SELECT id, first_name, last_name, email, phone FROM people').all() as { id: number; first_name: string; last_name: string; email: string; phone: string }[];
    // ME knows people 2..121 as contacts; the rest are strangers reachable only via search.
    const contact = ins('INSERT INTO contacts (owner_id, person_id, name, phone, email, relationship, favorite) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (const p of people.slice(1, 121)) {
      contact.run(ME, p.id, `${p.first_name} ${p.last_name}`, p.phone, p.email, r.pick(RELATIONSHIPS), r.chance(0.1) ? 1 : 0);
    }
    for (const p of people.slice(20, 120)) {
      for (let k = 0; k < 5; k++) {
        const q = r.pick(people);
        contact.run(p.id, q.id, `${q.first_name} ${q.last_name}`, q.phone, q.email, r.pick(RELATIONSHIPS), 0);
      }
    }

    const msg = ins('INSERT INTO messages (sender_id, recipient_id, body, sent_at, read) VALUES (?, ?, ?, ?, ?)');
    for (let k = 0; k < 1800; k++) {
      const other = r.int(2, 121);
      const mine = r.chance(0.5);
      const old = r.chance(0.85);
      msg.run(mine ? ME : other, mine ? other : ME, r.pick(PHRASES), timestamp(r, 90), mine || old ? 1 : 0);
    }

    const acct = ins('INSERT INTO venmo_accounts (person_id, username, balance) VALUES (?, ?, ?)');
    for (const p of people) acct.run(p.id, `${p.first_name}-${p.last_name}-${p.id}`.toLowerCase(), p.id === ME ? 2500 : r.int(20, 900));
    const friend = ins('INSERT OR IGNORE INTO venmo_friends (user_id, friend_id, since) VALUES (?, ?, ?)');
    for (let k = 2; k <= 80; k++) {
      friend.run(ME, k, timestamp(r, 700));
      friend.run(k, ME, timestamp(r, 700));
    }
    for (let k = 0; k < 600; k++) {
      const a = r.int(2, PEOPLE);
      const b = r.int(2, PEOPLE);
      if (a !== b) friend.run(a, b, timestamp(r, 700));
    }
    const tx = ins('INSERT INTO venmo_transactions (sender_id, receiver_id, amount, note, privacy, created_at) VALUES (?, ?, ?, ?, ?, ?)');
    for (let k = 0; k < 1400; k++) {
      const a = r.chance(0.3) ? ME : r.int(2, PEOPLE);
      let b = r.int(2, PEOPLE);
      if (b === a) b = b === PEOPLE ? 2 : b + 1;
      tx.run(a, b, r.int(5, 300), r.pick(NOTES), r.pick(PRIVACIES), timestamp(r, 200));
    }
    const req = ins('INSERT INTO venmo_payment_requests (requester_id, payer_id, amount, note, privacy, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (let k = 0; k < 400; k++) {
      const towardMe = r.chance(0.35);
      const other = r.int(2, 120);
      const status = r.chance(0.4) ? 'pending' : r.pick(['approved', 'declined']);
      req.run(towardMe ? other : ME, towardMe ? ME : other, r.int(5, 150), r.pick(NOTES), r.pick(PRIVACIES), status, timestamp(r, 60));
    }
    const note = ins('INSERT INTO notifications (person_id, app, body, created_at) VALUES (?, ?, ?, ?)');
    for (let k = 0; k < 500; k++) note.run(r.int(1, PEOPLE), r.pick(['venmo', 'messages', 'spotify']), r.pick(PHRASES), timestamp(r, 60));

    const artist = ins('INSERT INTO artists (name, genre) VALUES (?, ?)');
    const used = new Set<string>();
    for (let k = 0; k < ARTISTS; k++) {
      let name = `The ${titleOf(r)}`;
      while (used.has(name)) name = `${name} ${k}`;
      used.add(name);
      artist.run(name, r.pick(GENRES));
    }
    const album = ins('INSERT INTO albums (artist_id, title, year) VALUES (?, ?, ?)');
    const song = ins('INSERT INTO songs (album_id, artist_id, title, track, duration) VALUES (?, ?, ?, ?, ?)');
    for (let a = 1; a <= ARTISTS; a++) {
      for (let k = 0; k < 3; k++) {
        const albumId = Number(album.run(a, titleOf(r), r.int(1990, 2023)).lastInsertRowid);
        const tracks = r.int(6, 12);
        for (let t = 1; t <= tracks; t++) song.run(albumId, a, titleOf(r), t, r.int(120, 360));
      }
    }
    const songCount = (db.prepare('SELECT COUNT(*) AS n FROM songs').get() as { n: number }).n;
    const like = ins('INSERT OR IGNORE INTO song_likes (person_id, song_id, liked_at) VALUES (?, ?, ?)');
    for (let k = 0; k < 900; k++) like.run(r.chance(0.2) ? ME : r.int(2, PEOPLE), r.int(1, songCount), timestamp(r, 300));
    const follow = ins('INSERT OR IGNORE INTO artist_follows (person_id, artist_id, followed_at) VALUES (?, ?, ?)');
    for (let k = 0; k < 400; k++) follow.run(r.chance(0.05) ? ME : r.int(2, PEOPLE), r.int(1, ARTISTS), timestamp(r, 300));
    const playlist = ins('INSERT INTO playlists (owner_id, title, is_public, created_at) VALUES (?, ?, ?, ?)');
    const pls = ins('INSERT INTO playlist_songs (playlist_id, song_id, position) VALUES (?, ?, ?)');
    for (let k = 0; k < 150; k++) {
      const owner = k < 12 ? ME : r.int(2, PEOPLE);
      const pid = Number(playlist.run(owner, `${titleOf(r)} Mix ${k}`, r.chance(0.5) ? 1 : 0, timestamp(r, 300)).lastInsertRowid);
      const n = r.int(4, 14);
      for (let p = 1; p <= n; p++) pls.run(pid, r.int(1, songCount), p);
    }
    const queue = ins('INSERT INTO queue_items (person_id, song_id, position) VALUES (?, ?, ?)');
    for (let p = 1; p <= 5; p++) queue.run(ME, r.int(1, songCount), p);
    for (let k = 0; k < 300; k++) queue.run(r.int(2, PEOPLE), r.int(1, songCount), k + 1);

    const todo = ins('INSERT INTO todos (owner_id, title, list, priority, due_date, done, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
    for (let k = 0; k < 700; k++) {
      const owner = k < 160 ? ME : r.int(2, PEOPLE);
      todo.run(owner, r.pick(TODO_TITLES), r.pick(TODO_LISTS), r.pick(PRIORITIES), r.chance(0.7) ? dayOffset(r.int(-20, 40)) : null, r.chance(0.35) ? 1 : 0, timestamp(r, 60));
    }
    const event = ins('INSERT INTO events (owner_id, title, start_at, end_at, location, visibility) VALUES (?, ?, ?, ?, ?, ?)');
    for (let k = 0; k < 800; k++) {
      const owner = k < 200 ? ME : r.int(2, PEOPLE);
      const day = dayOffset(r.int(-60, 60));
      const h = r.int(8, 19);
      event.run(owner, r.pick(EVENT_TITLES), `${day}T${String(h).padStart(2, '0')}:00:00Z`, `${day}T${String(h + 1).padStart(2, '0')}:00:00Z`, r.pick(PLACES), r.pick(VISIBILITIES));
    }
  })();
  const dangling = db.pragma('foreign_key_check') as { table: string; rowid: number; parent: string }[];
  if (enforced) db.pragma('foreign_keys = ON');
  if (dangling.length > 0) throw new Error(`seed: ${dangling.length} rows reference missing parents, first ${dangling[0].table} row ${dangling[0].rowid} -> ${dangling[0].parent}`);
}
