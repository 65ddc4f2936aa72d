"""PostgreSQL, the embedded server started by the first connection a process opens.

Settings start nothing: they name this backend with the server's folder (``EMBEDDED_VAR_DIR``),
and whatever connects first (``make run``'s migrate, a ``manage.py`` command, a worker, the test
suite) starts the server or finds it running (``memoryhub.embedded.embedded_database``). Importing
the settings (a linter, a type checker, a child process that never queries) touches no database.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.db.backends.postgresql import base

from memoryhub.embedded import embedded_database


class DatabaseWrapper(base.DatabaseWrapper):  # type: ignore[misc]  # django-stubs types the base loosely
    def get_connection_params(self) -> dict[str, Any]:
        if not self.settings_dict["HOST"]:
            # The connection handler shares this dict between a process's threads: one start each.
            started = embedded_database(
                var_dir=Path(self.settings_dict["EMBEDDED_VAR_DIR"]), name=self.settings_dict["NAME"]
            )
            self.settings_dict["HOST"], self.settings_dict["PORT"] = started["HOST"], started["PORT"]
        return super().get_connection_params()  # type: ignore[no-any-return]
