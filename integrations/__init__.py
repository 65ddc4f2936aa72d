"""The top floor, kept for what connects MemoryHub to other systems: webhooks and an MCP server.

They call every app's services and selectors, and no app imports them. What they announce, they
read from the outbox the apps write in their own transactions (``core.models.OutboxEvent``), so
no app needs a signal to say that something changed.
"""
