"""Bringing a community's past in: chat history (Discord, Slack, JSONL) and memories from Mem0.

One module per format reads a file into plain records and says what it skipped and why; the
shared modules post the records through the services live traffic uses (``chat.ingest`` for
messages, ``memories.services.memory`` for memories), so a second run adds nothing.
"""
