"""The web server's worker: uvicorn under gunicorn, with the connections spread evenly over workers.

Gunicorn's workers share one listening socket, and the kernel hands a new connection to
whichever worker's event loop asks first: one wake-up may take every connection waiting. A busy
bot keeps its connection open (gunicorn closes it after ``--keep-alive`` seconds idle: 75 in the
Procfile), so the worker it fell on serves all its requests; with four bots on two workers,
3 · 1 and 4 · 0 were the usual placements, one worker's GIL serving most requests while the
other core idled (benchmarks/api_latency.py shows the placement; the slowest
runs had these). ``BalancedUvicornWorker`` accepts a connection only while it holds no more than the worker
holding the fewest, as nginx's ``accept_mutex`` and Envoy's exact connection balance do for
theirs. Each worker publishes how many connections it holds in a small table that gunicorn's
master makes and every forked worker shares (``ConnectionShares``).

A worker whose turn it is not stops reading the listening socket and looks again a millisecond
later (its turn may come when another worker takes a connection, which it is not told of), or at
once when a connection of its own ends. A connection that opens for each request waits no
longer than with uvicorn's own worker (benchmarks/api_compare.py ``--client stdlib-close``).
Nothing waits long on a wrong figure: a worker that died is left out (its process is gone), and
a connection still waiting after ``MEMORYHUB_WEB_ACCEPT_GRACE_SECONDS`` (0.25 s) is taken by
whichever worker sees it, in turn or not, so a worker whose loop is stuck holds nobody back.
With gunicorn's ``--reuse-port`` each worker has a socket of its own, which the kernel fills: no
turns are taken then.

Where the workers are at least as many as the CPUs the server may use, each worker also keeps to
one CPU, the next in turn by its slot (``cpu_pin``), as nginx's ``worker_cpu_affinity auto`` and
uWSGI's ``cpu-affinity`` place theirs: two workers on two cores then never queue on one core
while the other runs something else, and a worker's caches stay warm. The database's processes
and everything else still go where the kernel puts them, around the workers. On the 2-core
machine of benchmarks/api_compare.py (four clients), `/context`'s p95 went from 30.7 to 26.0 ms
and one message's from 18.0 to 14.6 ms, the means of six rounds each, lower in every round, with
about 0.5 ms less CPU a request. A worker started in a freed slot (one that died) takes that
slot's CPU. With more CPUs than workers nothing is pinned: which of them the workers should
take is the kernel's call. ``MEMORYHUB_WEB_CPU_AFFINITY=0`` leaves the placement to the kernel
always, for a machine whose cores something else keeps busy; with ``--reuse-port`` there are no
slots and no pinning.
"""

from __future__ import annotations

import asyncio
import fcntl
import logging
import mmap
import os
import select
import socket
import struct
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from django.conf import settings
from gunicorn.arbiter import Arbiter
from uvicorn.server import Server
from uvicorn_worker import UvicornWorker

from core.http_protocol import LimitedHttpToolsProtocol

logger = logging.getLogger(__name__)

# How soon a worker whose turn it was not looks at the socket again (its turn may come when
# another worker takes a connection, which it is not told of). How long a connection waits for the
# worker whose turn it is before any worker takes it: MEMORYHUB_WEB_ACCEPT_GRACE_SECONDS.
RECHECK_SECONDS = 0.001

_SLOT = struct.Struct("qq")  # a worker's pid (0: free) and the connections it holds


class ConnectionShares:
    """How many connections each worker holds, in memory shared with the processes forked later.

    Made in gunicorn's master; a worker claims a slot when it starts and frees it when it stops.
    A slot whose process is gone counts as free (a worker killed before it could free it).
    """

    def __init__(self, slots: int = 64) -> None:
        # An unlinked file, mapped shared: the processes forked later see one table, and lock it
        # with POSIX record locks, which belong to a process (no semaphore in /dev/shm needed).
        self._file = tempfile.TemporaryFile()  # noqa: SIM115 - kept open for the master's lifetime
        self._file.truncate(slots * _SLOT.size)
        self._memory = mmap.mmap(self._file.fileno(), slots * _SLOT.size)
        self.slots = slots

    def _read(self, index: int) -> tuple[int, int]:
        pid, count = _SLOT.unpack_from(self._memory, index * _SLOT.size)
        return pid, count

    def claim(self, pid: int) -> int | None:
        """A free slot, now ``pid``'s; None when every slot is taken (that worker takes no turns)."""
        fcntl.lockf(self._file, fcntl.LOCK_EX)  # two workers starting at once take different slots
        try:
            for index in range(self.slots):
                owner, _ = self._read(index)
                if owner == 0 or not _alive(owner):
                    _SLOT.pack_into(self._memory, index * _SLOT.size, pid, 0)
                    return index
        finally:
            fcntl.lockf(self._file, fcntl.LOCK_UN)
        return None

    def publish(self, index: int, count: int) -> None:
        pid, _ = self._read(index)
        _SLOT.pack_into(self._memory, index * _SLOT.size, pid, count)

    def release(self, index: int) -> None:
        _SLOT.pack_into(self._memory, index * _SLOT.size, 0, 0)

    def fewest_elsewhere(self, index: int) -> int | None:
        """The fewest connections any other live worker holds; None when there is none."""
        fewest = None
        for other in range(self.slots):
            pid, count = self._read(other)
            if other != index and pid and (fewest is None or count < fewest) and _alive(pid):
                fewest = count
        return fewest


def cpu_pin(slot: int, *, workers: int) -> int | None:
    """Keep this process, every thread of it, on one of the CPUs it may run on: the ``slot``-th,
    in turn, when the server's ``workers`` are at least as many as those CPUs. Threads started
    later keep to it too. The CPU, or None when nothing was pinned (fewer workers, one CPU, or a
    system without Linux's per-thread CPU sets, such as macOS)."""
    if not hasattr(os, "sched_setaffinity") or not os.path.isdir("/proc/self/task"):
        return None
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2 or workers < len(cpus):
        return None
    cpu = cpus[slot % len(cpus)]
    for thread in os.listdir("/proc/self/task"):
        try:
            os.sched_setaffinity(int(thread), {cpu})
        except ProcessLookupError:  # a thread that ended meanwhile
            continue
    return cpu


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, PermissionError):  # gone, or the number is now another user's process
        return False
    return True


class Holdings:
    """The connections one worker holds, published in its slot, and whether it is its turn."""

    def __init__(self, shares: ConnectionShares | None) -> None:
        self.shares = shares
        self.slot = shares.claim(os.getpid()) if shares is not None else None
        self.held = 0

    def turn(self) -> bool:
        if self.slot is None or self.shares is None:
            return True
        fewest = self.shares.fewest_elsewhere(self.slot)
        return fewest is None or self.held <= fewest

    def change(self, by: int) -> None:
        self.held += by
        if self.slot is not None and self.shares is not None:
            self.shares.publish(self.slot, self.held)

    def release(self) -> None:
        if self.slot is not None and self.shares is not None:
            self.shares.release(self.slot)
        self.slot = None


class BalancedListener:
    """Accepts connections from a listening socket that other workers read too, in turn.

    Stands where uvicorn keeps the ``asyncio.Server`` it would have made (``close``, ``wait_closed``).
    The protocol made for each connection must call ``lost()`` when the connection ends.
    """

    def __init__(
        self,
        sock: socket.socket,
        protocol_factory: Any,
        *,
        holdings: Holdings,
        ssl: Any = None,
        grace: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.loop = asyncio.get_running_loop()
        self.sock = sock
        self.sock.setblocking(False)
        self.protocol_factory = protocol_factory
        self.holdings = holdings
        self.ssl = ssl
        self.grace = settings.MEMORYHUB_WEB_ACCEPT_GRACE_SECONDS if grace is None else grace
        self.clock = clock
        self.passed_at: float | None = None  # when a waiting connection was first left for another worker
        self.reading = False
        self.recheck: asyncio.TimerHandle | None = None
        self.closed = False
        self._resume()

    @property
    def held(self) -> int:
        return self.holdings.held

    def _readable(self) -> None:
        overdue = self.passed_at is not None and self.clock() - self.passed_at >= self.grace
        if overdue or self.holdings.turn():
            self._accept()
            return
        if self.passed_at is None:
            self.passed_at = self.clock()
        self._pause(look_again_in=RECHECK_SECONDS)

    def _look_again(self) -> None:
        self.recheck = None
        if self.closed:
            return
        if not _waiting(self.sock):  # another worker took it
            self.passed_at = None
            self._resume()
            return
        self._readable()
        if self.recheck is None:  # taken here
            self._resume()

    def _accept(self) -> None:
        try:
            connection, _ = self.sock.accept()
        except (BlockingIOError, InterruptedError):  # another worker was quicker
            self.passed_at = None
            return
        except OSError as error:  # out of descriptors, say: the connection waits, as uvloop lets it
            logger.warning("accepting a connection failed: %s", error)
            self._pause(look_again_in=RECHECK_SECONDS * 100)
            return
        self.passed_at = None
        self.holdings.change(+1)
        connection.setblocking(False)
        self.loop.create_task(self._connect(connection))

    async def _connect(self, connection: socket.socket) -> None:
        try:
            await self.loop.connect_accepted_socket(self.protocol_factory, connection, ssl=self.ssl)
        except (OSError, asyncio.CancelledError) as error:  # reset or failed its handshake before it started
            logger.debug("an accepted connection ended before it started: %s", error)
            connection.close()
            self.lost()

    def lost(self) -> None:
        """One of the connections this listener accepted has ended: it may be this worker's turn."""
        self.holdings.change(-1)
        if self.recheck is not None and not self.closed:
            self.recheck.cancel()
            self._look_again()

    def _resume(self) -> None:
        if not self.reading and not self.closed:
            self.loop.add_reader(self.sock.fileno(), self._readable)
            self.reading = True

    def _pause(self, *, look_again_in: float | None = None) -> None:
        if self.reading:
            self.loop.remove_reader(self.sock.fileno())
            self.reading = False
        if look_again_in is not None:
            self.recheck = self.loop.call_later(look_again_in, self._look_again)

    # What uvicorn calls on shutdown.

    def close(self) -> None:
        self._pause()
        self.closed = True
        if self.recheck is not None:
            self.recheck.cancel()
        self.holdings.release()

    async def wait_closed(self) -> None:
        return None


def _waiting(sock: socket.socket) -> bool:
    """Whether a connection waits on the listening socket, without taking it."""
    poll = select.poll()
    poll.register(sock.fileno(), select.POLLIN)
    return bool(poll.poll(0))


class BalancedServer(Server):
    """uvicorn's server, accepting from gunicorn's sockets through ``BalancedListener``s."""

    def __init__(self, config: Any, shares: ConnectionShares | None, *, workers: int) -> None:
        super().__init__(config=config)
        self.shares = shares
        self.workers = workers  # how many the server runs

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        if sockets is None:  # uvicorn on its own, binding a socket of its own
            await super().startup(sockets=None)
            return
        await super().startup(sockets=[])  # the application's lifespan; nothing listens yet
        if self.should_exit:
            return
        holdings = Holdings(self.shares)
        if holdings.slot is not None and settings.MEMORYHUB_WEB_CPU_AFFINITY:
            cpu = cpu_pin(holdings.slot, workers=self.workers)
            if cpu is not None:
                logger.info("web worker %s keeps to CPU %s", os.getpid(), cpu)
        listeners = []
        for sock in sockets:
            listener = BalancedListener(sock, None, holdings=holdings, ssl=self.config.ssl)
            listener.protocol_factory = self._protocol_factory(listener)
            listeners.append(listener)
        self.servers = listeners  # type: ignore[assignment]  # uvicorn closes them on shutdown

    def _protocol_factory(self, listener: BalancedListener) -> Any:
        base = self.config.http_protocol_class

        class Counted(base):  # type: ignore[misc,valid-type]
            """uvicorn's HTTP protocol, telling its listener when the connection ends."""

            def connection_lost(self, exc: Exception | None) -> None:
                super().connection_lost(exc)
                listener.lost()

        def create_protocol() -> asyncio.Protocol:
            return Counted(config=self.config, server_state=self.server_state, app_state=self.lifespan.state)  # type: ignore[no-any-return]

        return create_protocol


class BalancedUvicornWorker(UvicornWorker):
    """The Procfile's gunicorn worker: uvicorn-worker's ASGI worker (httptools, uvloop; a reply
    stream holds a coroutine and a thread, not the worker), taking connections in turn. Its HTTP
    protocol answers a URL too long to read with a 414 (``core.http_protocol``), on either path."""

    # No WebSockets are served: a connection upgraded to one would hand over to another protocol,
    # whose end its listener would not hear of.
    CONFIG_KWARGS: dict[str, Any] = {**UvicornWorker.CONFIG_KWARGS, "ws": "none", "http": LimitedHttpToolsProtocol}
    shares: ConnectionShares | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)  # in gunicorn's master, before the fork
        if BalancedUvicornWorker.shares is None and not self.cfg.reuse_port:
            BalancedUvicornWorker.shares = ConnectionShares()

    async def _serve(self) -> None:
        if not settings.MEMORYHUB_FAST_PATH:  # the plain path: uvicorn-worker's own serving
            await super()._serve()
            return
        self.config.app = self.wsgi
        server = BalancedServer(
            config=self.config, shares=None if self.cfg.reuse_port else self.shares, workers=self.cfg.workers
        )
        self._install_sigquit_handler()
        await server.serve(sockets=self.sockets)
        if not server.started:
            sys.exit(Arbiter.WORKER_BOOT_ERROR)
