"""API views of the memory engine, by workflow: ``context`` (what a bot receives before it replies),
``memory`` (memories listed, read, written and deleted), ``search`` (memory search and a memory's
history) and ``entities``; ``common`` holds what every view shares.
"""
