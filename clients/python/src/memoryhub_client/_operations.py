"""An endpoint written once, for both clients.

Each operation of the API is a method of ``Api`` (``_api.py``) that only says what to send
(``Params``); the decorators here turn it into a descriptor that knows the endpoint's method,
route and result. Read from a ``MemoryHub`` it is a function returning the result; read from an
``AsyncMemoryHub``, a coroutine function (an async iterator for pages and streams). So the sync
and async clients share every route, parameter and result type, and mypy sees both signatures.
"""

from __future__ import annotations

import inspect
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, Concatenate, Generic, ParamSpec, TypeVar, overload

from memoryhub_client._wire import Call, Params, call_build, nothing, page_reader, reader
from memoryhub_client.models import ChatChunk, ChatReply, Page

if TYPE_CHECKING:
    from memoryhub_client.client import AsyncMemoryHub, MemoryHub

P = ParamSpec("P")
T = TypeVar("T")


class _Method:
    """What the three kinds share: the builder, and how a bound method is dressed (its name,
    docstring and signature without ``self``, for ``help()`` and editors), worked out once."""

    def __init__(self, build: Callable[..., Params], doc: str | None) -> None:
        self.build, self.__doc__, self.name = build, doc, build.__name__
        signature = inspect.signature(build)
        self.signature = signature.replace(
            parameters=list(signature.parameters.values())[1:], return_annotation=inspect.Signature.empty
        )

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def _dressed(self, function: Any) -> Any:
        function.__name__ = function.__qualname__ = self.name
        function.__module__ = self.build.__module__
        function.__doc__, function.__signature__ = self.__doc__, self.signature
        return function


class Operation(_Method, Generic[P, T]):
    """One endpoint: ``method`` on ``route`` (below /api/v1), read into ``result`` (``listing``:
    a page of them)."""

    def __init__(
        self,
        build: Callable[Concatenate[Any, P], Params],
        *,
        method: str,
        route: str,
        read: Callable[[Any], T],
        result: type | None,
        listing: bool = False,
    ) -> None:
        super().__init__(build, build.__doc__)
        self.method, self.route, self.read, self.result, self.listing = method, route, read, result, listing

    def call(self, *args: P.args, **kwargs: P.kwargs) -> Call[T]:
        return call_build(
            method=self.method, route=self.route, params=self.build(None, *args, **kwargs), read=self.read
        )

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Operation[P, T]: ...
    @overload
    def __get__(self, instance: MemoryHub, owner: type[Any]) -> Callable[P, T]: ...
    @overload
    def __get__(self, instance: AsyncMemoryHub, owner: type[Any]) -> Callable[P, Awaitable[T]]: ...
    def __get__(self, instance: Any, owner: type[Any]) -> Any:
        if instance is None:
            return self
        return self._dressed(lambda *args, **kwargs: instance._send(self.call(*args, **kwargs)))


class Pages(_Method, Generic[P, T]):
    """Every item of a list operation, page after page, fetched as the iteration needs them."""

    def __init__(self, listing: Operation[P, Page[T]], doc: str) -> None:
        super().__init__(listing.build, doc)
        self.listing = listing

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Pages[P, T]: ...
    @overload
    def __get__(self, instance: MemoryHub, owner: type[Any]) -> Callable[P, Iterator[T]]: ...
    @overload
    def __get__(self, instance: AsyncMemoryHub, owner: type[Any]) -> Callable[P, AsyncIterator[T]]: ...
    def __get__(self, instance: Any, owner: type[Any]) -> Any:
        if instance is None:
            return self
        return self._dressed(lambda *args, **kwargs: instance._pages(self.listing.call(*args, **kwargs)))


class Streamed(_Method, Generic[P]):
    """A chat operation answered as server-sent events: its chunks, then the whole reply."""

    def __init__(self, chat: Operation[P, ChatReply], doc: str) -> None:
        super().__init__(chat.build, doc)
        self.chat = chat

    def call(self, *args: P.args, **kwargs: P.kwargs) -> Call[ChatReply]:
        plain = self.chat.call(*args, **kwargs)
        return Call(plain.method, plain.path, plain.query, plain.body | {"stream": True}, plain.read)

    @overload
    def __get__(self, instance: None, owner: type[Any]) -> Streamed[P]: ...
    @overload
    def __get__(self, instance: MemoryHub, owner: type[Any]) -> Callable[P, Iterator[ChatChunk | ChatReply]]: ...
    @overload
    def __get__(
        self, instance: AsyncMemoryHub, owner: type[Any]
    ) -> Callable[P, AsyncIterator[ChatChunk | ChatReply]]: ...
    def __get__(self, instance: Any, owner: type[Any]) -> Any:
        if instance is None:
            return self
        return self._dressed(lambda *args, **kwargs: instance._stream(self.call(*args, **kwargs)))


def operation(
    method: str, route: str, result: type[T]
) -> Callable[[Callable[Concatenate[Any, P], Params]], Operation[P, T]]:
    def decorate(build: Callable[Concatenate[Any, P], Params]) -> Operation[P, T]:
        return Operation(build, method=method, route=route, read=reader(result), result=result)

    return decorate


def deletion(route: str) -> Callable[[Callable[Concatenate[Any, P], Params]], Operation[P, None]]:
    """A DELETE answered 204 No Content."""

    def decorate(build: Callable[Concatenate[Any, P], Params]) -> Operation[P, None]:
        return Operation(build, method="DELETE", route=route, read=nothing, result=None)

    return decorate


def listing(route: str, item: type[T]) -> Callable[[Callable[Concatenate[Any, P], Params]], Operation[P, Page[T]]]:
    """A GET of a cursor-paged list of ``item``s."""

    def decorate(build: Callable[Concatenate[Any, P], Params]) -> Operation[P, Page[T]]:
        return Operation(build, method="GET", route=route, read=page_reader(item), result=item, listing=True)

    return decorate
