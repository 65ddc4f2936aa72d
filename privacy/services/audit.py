"""How a person is named in audit records once they may be gone: a salted pseudonym."""

from __future__ import annotations

from django.utils.crypto import salted_hmac


def subject_hash(user_id: int) -> str:
    """The person's pseudonym in audit records: HMAC-SHA256 of their id, keyed with SECRET_KEY.

    Stable while SECRET_KEY is, so the audit trail of one person can be followed after their
    erasure without storing who they were; rotating SECRET_KEY breaks that link on purpose.
    """
    # The salt keeps the module's old name: pseudonyms made before the move still match.
    return salted_hmac("memoryhub.accounts.privacy.subject", str(user_id), algorithm="sha256").hexdigest()
