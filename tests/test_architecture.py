"""The layers of the code, as import-linter's contracts in pyproject.toml state them."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

from memories.models import EntityType, MemoryKind
from memoryhub.ai import contract

PROJECT = Path(__file__).resolve().parent.parent


def test_the_import_graph_keeps_every_layer_contract() -> None:
    linter = Path(sys.executable).parent / "lint-imports"
    result = subprocess.run(
        [str(linter), "--no-cache"], cwd=PROJECT, capture_output=True, text=True, timeout=120, check=False
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "0 broken" in result.stdout


def test_the_models_choices_are_the_extraction_contracts_values() -> None:
    """The models take their kinds and entity types from the contract the LLMs read."""
    assert MemoryKind.values == [kind.value for kind in contract.MemoryKind]
    assert EntityType.values == [kind.value for kind in contract.EntityType]


MAX_LINES = 600


def test_no_production_file_is_over_600_lines() -> None:
    """Production code (not tests, benchmarks, examples or migrations) stays in files one can read."""
    tracked = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=PROJECT, capture_output=True, text=True, timeout=60, check=True
    ).stdout.split()
    production = [
        name
        for name in tracked
        if name.split("/")[0] not in {"tests", "benchmarks", "examples"} and "/migrations/" not in name
    ]
    assert len(production) > 100
    long = {name: n for name in production if (n := len((PROJECT / name).read_text().splitlines())) > MAX_LINES}
    assert long == {}, "split these by workflow"


# --- One write path per table --------------------------------------------------------------------

APPS = ("core", "accounts", "chat", "memories", "privacy", "moderation", "integrations", "memoryhub")
ORM_WRITES = {"create", "update", "delete", "bulk_create", "bulk_update", "get_or_create", "update_or_create"}
# The apps that own tables: a model's ``.save()`` belongs in one of their write paths (privacy and
# moderation own none, so their services change others' tables through the owners' services).
OWNERS = tuple(app for app in APPS[:-1] if (PROJECT / app / "models.py").exists())
SQL_WRITE = re.compile(r"\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+\"?([a-z]+)_[a-z_]+", re.IGNORECASE)


def _write_path(module: str, app: str) -> bool:
    """Whether ``module`` is one of ``app``'s write paths: its services (and chat's ingest and
    window state machine, services of their own); the project shell writes its own tables."""
    if app == "memoryhub":  # the project shell's own tables; its rate buckets are core's to write
        return module.startswith("memoryhub/") or module == "core/buckets.py"
    chat_own = ("chat/ingest.py", "chat/sessions.py", "chat/windows.py") if app == "chat" else ()
    return module in (f"{app}/services.py", *chat_own) or module.startswith(f"{app}/services/")


INSTANCE_WRITES = {"save", "delete", "update", "bulk_update", "bulk_create"}
CONTAINERS = {"QuerySet", "Iterable", "Iterator", "Sequence", "list", "tuple", "set", "Collection"}


def _model_of(node: ast.expr | None, models: dict[str, str], known: dict[str, str]) -> str | None:
    """The app whose model ``node`` is, holds or queries, as far as a reader can tell from the
    function it is in: ``Model.objects…``, ``Model(…)``, a name bound to one of these, or a name
    annotated with a model (``memory: Memory``, ``QuerySet[ApiKey]``)."""
    while node is not None:
        if isinstance(node, ast.Name):
            return models.get(node.id) or known.get(node.id)
        if isinstance(node, ast.Subscript):  # QuerySet[ApiKey], Iterable[Memory]
            if isinstance(node.value, ast.Name) and node.value.id in CONTAINERS:
                node = node.slice
                continue
            return None
        if isinstance(node, ast.BinOp):  # Memory | None
            return _model_of(node.left, models, known) or _model_of(node.right, models, known)
        if isinstance(node, ast.Attribute):
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            return None
    return None


def _function_writes(function: ast.AST, models: dict[str, str]) -> set[str]:
    """The apps whose rows one function writes through an instance or a query set it holds:
    ``session.save()`` where ``session`` came from ``ChatSession.objects``, ``queryset.update()``
    where ``queryset: QuerySet[ApiKey]``."""
    known: dict[str, str] = {}
    if isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
        for arg in (*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs):
            if (app := _model_of(arg.annotation, models, {})) is not None:
                known[arg.arg] = app
    written: set[str] = set()
    for node in ast.walk(function):  # every binding first, wherever it stands: a reader's guess, not a type check
        if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            app = _model_of(node.annotation, models, known) if isinstance(node, ast.AnnAssign) else None
            app = app or _model_of(node.value, models, known)
            for target in targets:
                if isinstance(target, ast.Name) and app is not None:
                    known[target.id] = app
        elif isinstance(node, ast.For) and isinstance(node.target, ast.Name):
            app = _model_of(node.iter, models, known)
            if app is not None:
                known[node.target.id] = app
    for node in ast.walk(function):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in INSTANCE_WRITES:
            app = _model_of(node.func.value, models, known)
            if app is not None:
                written.add(app)
    return written


def _writes(module: str, source: str, models: dict[str, str]) -> set[str]:
    """The apps whose models ``module`` writes: ``Model.objects`` writes, ``.save()`` outside a
    service, a write through an instance or query set of a model, and raw INSERT / UPDATE / DELETE
    on an app's tables."""
    written: set[str] = set()
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            written |= _function_writes(node, models)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            saving = node.func.attr == "save" and not module.startswith("memoryhub/ai/")  # onnx.save is no model's
            if saving and not any(_write_path(module, app) for app in OWNERS):
                written.add("(a model's .save())")
            if node.func.attr in ORM_WRITES:
                base: ast.expr = node.func.value
                while isinstance(base, ast.Call | ast.Attribute):
                    if isinstance(base, ast.Attribute) and base.attr == "objects" and isinstance(base.value, ast.Name):
                        if base.value.id in models:
                            written.add(models[base.value.id])
                        break
                    base = base.value if isinstance(base, ast.Attribute) else base.func
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            written.update(app for app in SQL_WRITE.findall(node.value) if app in APPS)
    return written


def test_only_an_apps_services_write_its_models() -> None:
    """HackSoft's one write path: views, APIs, tasks, selectors and other apps ask an app's
    services to change its tables; they never write them themselves."""
    models = {
        node.name: app
        for app in APPS
        if (PROJECT / app / "models.py").exists()
        for node in ast.parse((PROJECT / app / "models.py").read_text()).body
        if isinstance(node, ast.ClassDef)
    }
    tracked = subprocess.run(
        ["git", "ls-files", "core/*.py", *(f"{app}/*.py" for app in APPS)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout.split()
    crossings = {
        (module, app)
        for module in tracked
        if "/migrations/" not in module
        for app in _writes(module, (PROJECT / module).read_text(), models)
        if not _write_path(module, app)
    }
    assert crossings == set(), "write through the owner's services"
