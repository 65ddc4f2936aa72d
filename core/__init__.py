"""Infrastructure every app builds on, knowing none of them: SQL helpers and prepared statements,
row loading, rate buckets, text cleaning, token counts, streaming and unflushed writes, the SQL an
erasure runs alike in every app's tables, and the event outbox (``core.models.OutboxEvent``), which
the apps write in their own transactions."""
