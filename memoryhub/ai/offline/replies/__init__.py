"""The chat persona's replies, apart from extraction: ``chat.chat_reply`` answers a message, and
``chat.remember_calls`` makes the reply model's ``remember`` tool calls."""
