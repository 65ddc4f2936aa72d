"""The parts of the chat API that other apps' APIs use too: a bot's channel ids, checked. An
app's ``apis`` are its endpoints; what they share with other apps lives here."""

from __future__ import annotations

from rest_framework import exceptions, status

from chat.models import WEB_CHANNELS_PREFIX, channel_id_is_web


class WebChannelRefused(exceptions.APIException):
    """A bot named a person's web chat (``web:…``): it may neither write there nor read it."""

    status_code = status.HTTP_400_BAD_REQUEST
    default_code = "web_channel"

    def __init__(self, detail: str, *, index: int | None = None) -> None:
        super().__init__(detail)
        self.index = index  # the item of a batch, when it was one


def bot_channel_id(external_id: str, *, index: int | None = None) -> str:
    """``external_id`` as a bot's channel id; a web chat's id (``web:…``) is refused, whether that
    chat exists yet or not (400 ``web_channel``; ``index``: the item of a batch)."""
    if channel_id_is_web(external_id):
        where = f"Item {index} of the batch: channel" if index is not None else "Channel"
        stored = "; nothing was stored" if index is not None else ""
        raise WebChannelRefused(
            f"{where} {external_id!r} is a person's web chat, which bots cannot use "
            f"(ids beginning {WEB_CHANNELS_PREFIX!r} are the site's own){stored}.",
            index=index,
        )
    return external_id
