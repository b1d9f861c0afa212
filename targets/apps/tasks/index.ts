import type { Generator } from './types.ts';
import { venmo_request_payment } from './venmo_request_payment.ts';
import { venmo_send_money } from './venmo_send_money.ts';
import { venmo_add_friends } from './venmo_add_friends.ts';
import { venmo_decline_requests } from './venmo_decline_requests.ts';
import { spotify_like_album_songs } from './spotify_like_album_songs.ts';
import { spotify_build_playlist } from './spotify_build_playlist.ts';
import { spotify_queue_songs } from './spotify_queue_songs.ts';
import { spotify_follow_artists } from './spotify_follow_artists.ts';
import { contacts_add_contact } from './contacts_add_contact.ts';
import { contacts_update_phone } from './contacts_update_phone.ts';
import { contacts_delete_contact } from './contacts_delete_contact.ts';
import { messages_send_message } from './messages_send_message.ts';
import { messages_mark_read } from './messages_mark_read.ts';
import { todo_create_todo } from './todo_create_todo.ts';
import { todo_complete_todos } from './todo_complete_todos.ts';
import { calendar_create_event } from './calendar_create_event.ts';
import { calendar_reschedule_event } from './calendar_reschedule_event.ts';
import { todo_delete_done } from './todo_delete_done.ts';
import { messages_send_group } from './messages_send_group.ts';
import { venmo_pay_request } from './venmo_pay_request.ts';

export const GENERATORS: readonly Generator[] = [
  venmo_request_payment, venmo_send_money, venmo_add_friends, venmo_decline_requests,
  spotify_like_album_songs, spotify_build_playlist, spotify_queue_songs, spotify_follow_artists,
  contacts_add_contact, contacts_update_phone, contacts_delete_contact,
  messages_send_message, messages_mark_read,
  todo_create_todo, todo_complete_todos, calendar_create_event,
  calendar_reschedule_event, todo_delete_done, messages_send_group, venmo_pay_request,
];

export const VARIANTS = 3;
