// AUTOINCREMENT everywhere: a deleted row's id is never reused, so "id above the
// start-of-episode maximum" reliably means "added during the episode".
export const SCHEMA = `
CREATE TABLE people (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE, phone TEXT NOT NULL UNIQUE
);
CREATE TABLE contacts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES people(id),
  person_id INTEGER REFERENCES people(id),
  name TEXT NOT NULL, phone TEXT NOT NULL, email TEXT,
  relationship TEXT NOT NULL, favorite INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE messages (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL REFERENCES people(id),
  recipient_id INTEGER NOT NULL REFERENCES people(id),
  body TEXT NOT NULL, sent_at TEXT NOT NULL, read INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE venmo_accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  person_id INTEGER NOT NULL UNIQUE REFERENCES people(id),
  username TEXT NOT NULL UNIQUE, balance REAL NOT NULL
);
CREATE TABLE venmo_friends (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL REFERENCES people(id),
  friend_id INTEGER NOT NULL REFERENCES people(id),
  since TEXT NOT NULL, UNIQUE (user_id, friend_id)
);
CREATE TABLE venmo_transactions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  sender_id INTEGER NOT NULL REFERENCES people(id),
  receiver_id INTEGER NOT NULL REFERENCES people(id),
  amount REAL NOT NULL, note TEXT NOT NULL, privacy TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE venmo_payment_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  requester_id INTEGER NOT NULL REFERENCES people(id),
  payer_id INTEGER NOT NULL REFERENCES people(id),
  amount REAL NOT NULL, note TEXT NOT NULL, privacy TEXT NOT NULL,
  status TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE notifications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  person_id INTEGER NOT NULL REFERENCES people(id),
  app TEXT NOT NULL, body TEXT NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE artists (
  id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL UNIQUE, genre TEXT NOT NULL
);
CREATE TABLE albums (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  artist_id INTEGER NOT NULL REFERENCES artists(id),
  title TEXT NOT NULL, year INTEGER NOT NULL
);
CREATE TABLE songs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  album_id INTEGER NOT NULL REFERENCES albums(id),
  artist_id INTEGER NOT NULL REFERENCES artists(id),
  title TEXT NOT NULL, track INTEGER NOT NULL, duration INTEGER NOT NULL
);
CREATE TABLE song_likes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  person_id INTEGER NOT NULL REFERENCES people(id),
  song_id INTEGER NOT NULL REFERENCES songs(id),
  liked_at TEXT NOT NULL, UNIQUE (person_id, song_id)
);
CREATE TABLE artist_follows (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  person_id INTEGER NOT NULL REFERENCES people(id),
  artist_id INTEGER NOT NULL REFERENCES artists(id),
  followed_at TEXT NOT NULL, UNIQUE (person_id, artist_id)
);
CREATE TABLE playlists (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES people(id),
  title TEXT NOT NULL, is_public INTEGER NOT NULL, created_at TEXT NOT NULL
);
CREATE TABLE playlist_songs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  playlist_id INTEGER NOT NULL REFERENCES playlists(id),
  song_id INTEGER NOT NULL REFERENCES songs(id),
  position INTEGER NOT NULL
);
CREATE TABLE queue_items (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  person_id INTEGER NOT NULL REFERENCES people(id),
  song_id INTEGER NOT NULL REFERENCES songs(id),
  position INTEGER NOT NULL
);
CREATE TABLE todos (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES people(id),
  title TEXT NOT NULL, list TEXT NOT NULL, priority TEXT NOT NULL,
  due_date TEXT, done INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL
);
CREATE TABLE events (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL REFERENCES people(id),
  title TEXT NOT NULL, start_at TEXT NOT NULL, end_at TEXT NOT NULL,
  location TEXT NOT NULL, visibility TEXT NOT NULL
);
`;

/** the user on whose behalf every API call acts */
export const ME = 1;

export const TODO_LISTS = ['inbox', 'work', 'personal', 'shopping'] as const;
export const PRIORITIES = ['low', 'normal', 'high'] as const;
export const PRIVACIES = ['private', 'friends', 'public'] as const;
export const VISIBILITIES = ['private', 'busy', 'public'] as const;
export const RELATIONSHIPS = ['friend', 'family', 'coworker', 'other'] as const;

// The indexes a real app server would have for its per-user lookups.
export const INDEXES = `
CREATE INDEX contacts_owner ON contacts(owner_id);
CREATE INDEX messages_recipient ON messages(recipient_id, sender_id);
CREATE INDEX messages_sender ON messages(sender_id);
CREATE INDEX requests_payer ON venmo_payment_requests(payer_id, status);
CREATE INDEX songs_album ON songs(album_id, track);
CREATE INDEX songs_artist ON songs(artist_id);
CREATE INDEX playlists_owner ON playlists(owner_id);
CREATE INDEX playlist_songs_playlist ON playlist_songs(playlist_id);
CREATE INDEX queue_person ON queue_items(person_id);
CREATE INDEX todos_owner ON todos(owner_id);
CREATE INDEX events_owner ON events(owner_id, start_at);
CREATE INDEX changelog_key ON _changelog(tbl, pk);
`;
