"""A person's privacy rights: forget me, export, erasure.

- ``user_forget``: memory off in one community, and what was remembered there is deleted.
- ``user_export``: one JSON-serialisable document with everything stored about the person.
- ``user_erase``: every row about or by the person, in every app, then the account; an
  ``ErasureRequest`` tombstone and an ``AuditEvent`` remain, holding only a salted hash. Asked
  by a community (its moderator or bot), it takes the account only when the person is that
  community's alone (known in no other, neither staff nor a moderator); otherwise the same
  policy runs confined to that community (its rows, its events, names in its text), the account
  stays for staff, and the tombstone's ``scope`` is ``community``.

Erasure policy, row by row:

- *deleted* (about or by them): their memories (with their source-message links), every
  revision about them, their entities, profiles, identities, memberships, chat sessions, the
  messages they wrote and every message of their sessions (the persona's replies speak to
  them), admin log entries they made or that describe their rows, their login sessions, then
  the account (its group and permission links go with it). Windows their messages leave
  empty are deleted; the others get their count and first/last message time recomputed. The
  outbox's events about them go too; each community they were known in gets one
  ``erasure.completed`` event, naming only the erasure request.
- *unlinked* (other people's rows that point at them): memories they reported about someone
  else stay with the subject, with ``reported_by`` cleared and "reported by …" cut from the
  context; revision snapshots lose the reporter id too; API keys they created, audit events
  they acted in, revisions they made and older erasure requests keep their row, without them.
- *redacted* (other people's text that names them, in the communities they were part of):
  each whole-word, case-insensitive occurrence of their username, display names, first/last
  name, email and platform ids becomes ``[erased]`` in memories (content, context; the vector
  is cleared, ``manage.py reembed`` rebuilds it), revision snapshots and reasons, profiles,
  session summaries and messages; other people's entities whose name names them are deleted.
  Names shorter than 3 characters, or that another person in those communities also goes by,
  are left alone: they would hit other people's data (a second "Alice" keeps her name).

Everything is set-based SQL (QuerySet.delete/update, UPDATE … WHERE), login sessions too: the
session engine (``accounts.sessions``) keeps the user id in a column of its own. Only with
Django's plain database engine configured instead would each session be decoded.
"""
