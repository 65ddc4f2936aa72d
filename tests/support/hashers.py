"""Passwords the tests set, hashed in a millisecond instead of 0.3 s.

Django's PBKDF2 at one iteration, under PBKDF2's own name: a hash made here is a valid
``pbkdf2_sha256`` hash that any process verifies by the iterations it names (a browser test's web
server logs in a person the test made), and a hash a server made verifies here. What the tests
check of passwords (sign-up's rules, login, its throttle, a change) does not depend on the count;
production keeps Django's default (``memoryhub/settings.py`` sets no hasher).
"""

from __future__ import annotations

from django.contrib.auth.hashers import PBKDF2PasswordHasher


class QuickPBKDF2PasswordHasher(PBKDF2PasswordHasher):
    iterations = 1
