"""MemoryHub settings: every value comes from the environment (see the README's table).

With nothing set, MemoryHub runs on embedded services: PostgreSQL 16 + pgvector from the
``pgserver`` package in ``./var/pgdata`` and Celery over kombu's filesystem transport in
``./var/broker``. Invalid configuration fails at start-up through the system checks in
``memoryhub/checks.py``.
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path

import environ

from memoryhub.embedded import celery_transport_settings
from memoryhub.logs import log_format, logging_from_env

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
VAR_DIR = Path(env.str("MEMORYHUB_VAR_DIR", default=str(BASE_DIR / "var"))).resolve()
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    """SECRET_KEY from the environment, else one generated once and kept in var/ (never committed)."""
    if env.str("SECRET_KEY", default=""):
        return env.str("SECRET_KEY")
    path = VAR_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = env.bool("DEBUG", default=False)
ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_celery_beat",
    "django_htmx",
    "memoryhub.apps.MemoryHubConfig",
    "core",
    "accounts",
    "memories",
    "chat",
    "privacy",
    "moderation",
    "integrations",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.caching.private_responses_not_stored",  # a person's pages and a bot's answers: no-store
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "core.apikit.api.chunked_api_body",
]

ROOT_URLCONF = "memoryhub.urls"
WSGI_APPLICATION = "memoryhub.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "memoryhub.views.site",
            ],
        },
    },
]

# --- Security: TLS, cookies, HSTS, the Content Security Policy, login throttling ------------
# (docs/configuration.md, "Security"; docs/operations.md, "TLS and security settings")
# Behind TLS (terminated here or by a proxy): cookies only over HTTPS, plain HTTP redirected, and
# HSTS. Off by default: `make run` serves plain HTTP on loopback.
MEMORYHUB_BEHIND_TLS = env.bool("MEMORYHUB_BEHIND_TLS", default=False)
SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = MEMORYHUB_BEHIND_TLS
SECURE_SSL_REDIRECT = env.bool("SECURE_SSL_REDIRECT", default=MEMORYHUB_BEHIND_TLS)
# A load balancer's health probe may come over plain HTTP: it is answered, not redirected.
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]
SECURE_HSTS_SECONDS = env.int("SECURE_HSTS_SECONDS", default=31_536_000 if MEMORYHUB_BEHIND_TLS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env.bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=True)
# Preloading commits the domain and every subdomain to HTTPS in browsers for months: the operator's
# decision, off unless set. Django's deploy check W021 only says it is off, so it is silenced then.
SECURE_HSTS_PRELOAD = env.bool("SECURE_HSTS_PRELOAD", default=False)
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
# A TLS-terminating proxy on another machine says the request came over HTTPS in this header
# (e.g. `X-Forwarded-Proto`); set it only when the proxy always sets it and strips the client's.
if _proxy_ssl_header := env.str("SECURE_PROXY_SSL_HEADER", default=""):
    SECURE_PROXY_SSL_HEADER = ("HTTP_" + _proxy_ssl_header.upper().replace("-", "_"), "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content Security Policy (django-csp 4): no inline script, style or event handler on any page;
# every script and style sheet is a static file served by whitenoise. The JSON API has no pages.
CONTENT_SECURITY_POLICY = {
    "EXCLUDE_URL_PREFIXES": ["/api/v1/"],
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    },
}

# Login throttling (django-axes): after MEMORYHUB_LOGIN_FAILURE_LIMIT failed logins for one
# username from one address, that pair is refused for MEMORYHUB_LOGIN_COOLOFF_MINUTES, even with
# the right password. The site's login and the admin's share it. `manage.py axes_reset` lifts it.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "django.contrib.auth.backends.ModelBackend"]
AXES_FAILURE_LIMIT = env.int("MEMORYHUB_LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.float("MEMORYHUB_LOGIN_COOLOFF_MINUTES", default=15.0))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # the cool-off ends when it said it would
AXES_DISABLE_ACCESS_LOG = True  # failures only: no record of every sign-in's address and browser
AXES_VERBOSE = False  # no start-up banner in every command's output (stdout is a protocol for some)
AXES_LOCKOUT_CALLABLE = "accounts.views.login_locked_out"  # the login page again, saying why and for how long
# Its log lines keep the username and the address masked (django-axes' AXES_SENSITIVE_PARAMETERS):
# what was typed as a username is at times a password.
# Proxies in front of the web server whose X-Forwarded-For is trusted for the address (0: none).
# The address is then the one the nearest trusted proxy saw: counted from the right of the header,
# so a client cannot choose it by sending an X-Forwarded-For of its own.
AXES_IPWARE_PROXY_COUNT = env.int("MEMORYHUB_TRUSTED_PROXY_COUNT", default=0) or None
AXES_IPWARE_PROXY_ORDER = "right-most"
AXES_IPWARE_META_PRECEDENCE_ORDER = (
    ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"] if AXES_IPWARE_PROXY_COUNT else ["REMOTE_ADDR"]
)

INSTALLED_APPS += ["csp", "axes"]
MIDDLEWARE.insert(MIDDLEWARE.index("django.middleware.security.SecurityMiddleware") + 1, "csp.middleware.CSPMiddleware")
MIDDLEWARE.append("axes.middleware.AxesMiddleware")  # turns a lockout into the login page's message

# --- Database: PostgreSQL only (DATABASE_URL, else the embedded pgserver) -----------------
if env.str("DATABASE_URL", default=""):
    DATABASES = {"default": env.db_url("DATABASE_URL")}
    EMBEDDED_DATABASE = False
else:
    # Started by the first connection (memoryhub/embedded_postgresql/): settings start nothing.
    DATABASES = {
        "default": {
            "ENGINE": "memoryhub.embedded_postgresql",
            "NAME": "memoryhub",
            "USER": "postgres",
            "PASSWORD": "",
            "HOST": "",
            "PORT": "",
            "EMBEDDED_VAR_DIR": str(VAR_DIR),
        }
    }
    EMBEDDED_DATABASE = True
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DATABASE_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# The ASGI web server turns this on (memoryhub/asgi.py): a pool of connections per process, since
# connections cannot persist under ASGI. Django takes a connection from it for each request and
# gives it back at the end, so no request waits for PostgreSQL to start a backend.
if env.bool("MEMORYHUB_DATABASE_POOL", default=False):
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # Django's pool replaces persistent connections
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("MEMORYHUB_DATABASE_POOL_MIN", default=2),
        "max_size": env.int("MEMORYHUB_DATABASE_POOL_MAX", default=16),  # an open reply stream holds one
        "timeout": env.float("MEMORYHUB_DATABASE_POOL_TIMEOUT", default=10.0),
    }
    DATABASES["default"]["OPTIONS"]["application_name"] = env.str(
        "MEMORYHUB_DATABASE_APPLICATION_NAME", default="memoryhub-web"
    )
# The request path's hand-written machinery (core/fastpath/: prepared statements, the WSGI bridge,
# the balanced worker); 0 serves the plain Django / DRF path, with the same answers.
MEMORYHUB_FAST_PATH = env.bool("MEMORYHUB_FAST_PATH", default=True)
# The statements a bot waits on are prepared once per connection (core.fastpath.sql.prepared_cursor);
# off for a connection pooler in transaction mode, which cannot keep them.
MEMORYHUB_PREPARED_STATEMENTS = env.bool("MEMORYHUB_PREPARED_STATEMENTS", default=MEMORYHUB_FAST_PATH)
if MEMORYHUB_PREPARED_STATEMENTS:
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 0
    # Plan them once: each reads its rows through a unique or a (community, person) index, whatever
    # the values. (PostgreSQL would otherwise plan a statement with arrays for each call, as the
    # generic plan's estimate is worse.) Only prepared statements are affected: the ORM's are not.
    DATABASES["default"]["OPTIONS"]["options"] = " ".join(
        filter(None, [DATABASES["default"]["OPTIONS"].get("options", ""), "-c plan_cache_mode=force_generic_plan"])
    )
DATABASES["default"].setdefault("TEST", {})

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
# Database sessions that hold the user id in a column of their own: erasure deletes them by SQL.
SESSION_ENGINE = "accounts.sessions"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# People sign in on the site's own pages; staff still use /admin/ for operations.
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "chat"
LOGOUT_REDIRECT_URL = "login"
# Anyone may create an account unless this is off; new accounts join this community (when it exists).
MEMORYHUB_SIGNUP = env.bool("MEMORYHUB_SIGNUP", default=True)
MEMORYHUB_SIGNUP_COMMUNITY = env.str("MEMORYHUB_SIGNUP_COMMUNITY", default="demo")
# Per-person limits on the community's shared LLM allowance (token buckets in the database).
MEMORYHUB_SIGNUPS_PER_HOUR = env.int("MEMORYHUB_SIGNUPS_PER_HOUR", default=10)  # sign-up forms per client address
MEMORYHUB_CHAT_MESSAGES_PER_MINUTE = env.int("MEMORYHUB_CHAT_MESSAGES_PER_MINUTE", default=20)  # per person
# Messages live server-side: an API key shown once must not travel in a cookie.
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"  # `collectstatic` target in production
STATIC_ROOT.mkdir(exist_ok=True)
STATICFILES_DIRS = [BASE_DIR / "static"]
# Serve straight from the apps' static folders: `make run` needs no collectstatic step.
WHITENOISE_USE_FINDERS = True

# --- Celery: CELERY_BROKER_URL, else kombu's filesystem transport in var/broker --------------
# Deployments (and test runs) sharing one broker keep apart by queue name (its exchange's too).
CELERY_TASK_DEFAULT_QUEUE = env.str("MEMORYHUB_QUEUE", default="memoryhub")
_celery = celery_transport_settings(
    broker_url=env.str("CELERY_BROKER_URL", default="filesystem://"),
    var_dir=VAR_DIR,
    exchanges=[CELERY_TASK_DEFAULT_QUEUE],
)
CELERY_BROKER_URL = _celery["broker_url"]
CELERY_BROKER_TRANSPORT_OPTIONS = _celery["broker_transport_options"]
CELERY_RESULT_BACKEND = env.str("CELERY_RESULT_BACKEND", default="") or _celery["result_backend"]
CELERY_TASK_IGNORE_RESULT = True  # tasks write their results to the database
CELERY_RESULT_EXPIRES = 3600
CELERY_TASK_ACKS_LATE = True  # a worker killed mid-task leaves the message for another worker
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True

# --- LLM and embeddings ----------------------------------------------------------------------
OPENAI_API_KEY = env.str("OPENAI_API_KEY", default="")
OPENAI_BASE_URL = env.str("OPENAI_BASE_URL", default="")
MEMORYHUB_CHAT_MODEL = env.str("MEMORYHUB_CHAT_MODEL", default="gpt-4o-mini")
MEMORYHUB_EXTRACTION_MODEL = env.str("MEMORYHUB_EXTRACTION_MODEL", default="gpt-4o-mini")
MEMORYHUB_SUMMARY_MODEL = env.str("MEMORYHUB_SUMMARY_MODEL", default="gpt-4o-mini")
MEMORYHUB_LLM_TIMEOUT = env.float("MEMORYHUB_LLM_TIMEOUT", default=60.0)
MEMORYHUB_LLM_MAX_RETRIES = env.int("MEMORYHUB_LLM_MAX_RETRIES", default=3)
MEMORYHUB_LLM_REQUESTS_PER_MINUTE = env.int("MEMORYHUB_LLM_REQUESTS_PER_MINUTE", default=120)
MEMORYHUB_LLM_MAX_IN_FLIGHT = env.int("MEMORYHUB_LLM_MAX_IN_FLIGHT", default=4)
MEMORYHUB_LLM_MAX_WAIT_SECONDS = env.float("MEMORYHUB_LLM_MAX_WAIT_SECONDS", default=120.0)
# A window claimed longer ago than this by a worker that never finished is handed out again.
MEMORYHUB_WINDOW_LEASE_SECONDS = env.int("MEMORYHUB_WINDOW_LEASE_SECONDS", default=600)
# A window whose talk is over by its lines' own times (a backlog) waits this long after its last line
# came, so that the lines a bot posts one request each still make one conversation.
MEMORYHUB_WINDOW_LATE_SECONDS = env.int("MEMORYHUB_WINDOW_LATE_SECONDS", default=10)
MEMORYHUB_EXTRACTION_MAX_ATTEMPTS = env.int("MEMORYHUB_EXTRACTION_MAX_ATTEMPTS", default=4)
MEMORYHUB_EXTRACTION_RETRY_SECONDS = env.float("MEMORYHUB_EXTRACTION_RETRY_SECONDS", default=10.0)
MEMORYHUB_EMBEDDINGS = env.str("MEMORYHUB_EMBEDDINGS", default="local")
# ONNX Runtime threads for local embeddings: 1 leaves the second core to the other processes.
MEMORYHUB_EMBEDDING_THREADS = env.int("MEMORYHUB_EMBEDDING_THREADS", default=1)
# "int8": ONNX Runtime's integer kernels on a copy of the model built once under var/models/
# (about twice as fast, a third of the memory; vectors within ~0.995 cosine of "float", which
# runs the package's file as it is). Both are the same model: vectors of either are compared.
MEMORYHUB_EMBEDDING_KERNELS = env.str("MEMORYHUB_EMBEDDING_KERNELS", default="int8")
# Recent queries whose vectors each process keeps (1.5 kB each): a bot asks again, people repeat
# greetings. 0 keeps none (the HTTP benchmarks: every query is embedded).
MEMORYHUB_QUERY_CACHE_SIZE = env.int("MEMORYHUB_QUERY_CACHE_SIZE", default=4096)
# Threads per web process for plain requests (memoryhub/asgi.py runs them through the WSGI handler).
MEMORYHUB_WEB_THREADS = env.int("MEMORYHUB_WEB_THREADS", default=8)
# Web workers as many as the CPUs (or more): each on one CPU, in turn (core/fastpath/web_worker.py).
# 0: always where the kernel puts them.
MEMORYHUB_WEB_CPU_AFFINITY = env.bool("MEMORYHUB_WEB_CPU_AFFINITY", default=True)
# How long a new connection waits for the web worker whose turn it is; then any worker takes it.
MEMORYHUB_WEB_ACCEPT_GRACE_SECONDS = env.float("MEMORYHUB_WEB_ACCEPT_GRACE_SECONDS", default=0.25)
# Where model files built on this machine are kept (the integer-kernel copy).
MEMORYHUB_MODELS_DIR = Path(env.str("MEMORYHUB_MODELS_DIR", default=str(VAR_DIR / "models"))).resolve()
MEMORYHUB_OPENAI_EMBEDDING_MODEL = env.str("MEMORYHUB_OPENAI_EMBEDDING_MODEL", default="text-embedding-3-small")
# Both providers produce 384-dimensional vectors (MiniLM natively, OpenAI via `dimensions=384`);
# the Memory.embedding column is created with this size by its migration.
MEMORYHUB_EMBEDDING_DIMENSIONS = 384

REST_FRAMEWORK = {
    # Bots use keys; the few endpoints for signed-in people (/api/v1/me/…) add the session.
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.ApiKeyAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": ["core.apikit.api.LimitedJSONParser"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # `?format=` is an endpoint's own parameter (the export's), not DRF's renderer switch, which
    # answered any other value with a 404; /api/schema/ keeps it (core.apikit.docs.FormatParameter).
    "URL_FORMAT_OVERRIDE": None,
    "DEFAULT_PAGINATION_CLASS": "core.apikit.api.NewestFirst",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_THROTTLE_CLASSES": ["accounts.authentication.ApiKeyThrottle"],
    "DEFAULT_THROTTLE_RATES": {"api_key": env.str("MEMORYHUB_API_RATE", default="1200/min")},
    "DEFAULT_SCHEMA_CLASS": "core.apikit.docs.MemoryHubSchema",
    "EXCEPTION_HANDLER": "core.apikit.api.api_exception_handler",
    "UNAUTHENTICATED_USER": None,
}
MEMORYHUB_API_MAX_BODY_BYTES = env.int("MEMORYHUB_API_MAX_BODY_BYTES", default=4 * 1024 * 1024)
# Django's own limit (2.5 MB by default) would refuse API bodies under the documented one with
# an HTML 400: the API's limit is the one that holds, answered as JSON 413.
DATA_UPLOAD_MAX_MEMORY_SIZE = MEMORYHUB_API_MAX_BODY_BYTES
# The MCP server for AI clients under /mcp/ (integrations/mcp/); off, /mcp/ is a 404 like any unknown URL.
MEMORYHUB_MCP = env.bool("MEMORYHUB_MCP", default=True)
SPECTACULAR_SETTINGS = {
    "TITLE": "MemoryHub API",
    "DESCRIPTION": (
        "Memory for chat bots. Post what your bot observes, ask for the memory context before it "
        "replies, read and correct what is remembered, and honour people's privacy requests. "
        "Authenticate with `Authorization: Bearer mh_…` (a community's API key)."
    ),
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # One name for the memory source's choices wherever they appear (the deploy check warns otherwise).
    "ENUM_NAME_OVERRIDES": {"MemorySourceEnum": "memories.models.MemorySource"},
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "core.apikit.docs.links_add",
    ],
}
# The API's throttle keeps its counters in the database (core.buckets), not in the cache.
CACHES = {"default": env.cache_url("CACHE_URL", default="locmemcache://")}

# --- Webhooks (docs/integrations.md, "Webhooks") ----------------------------------------------
# An endpoint on a private, loopback or link-local address is refused, at save and again at each
# send; allow it only where the receivers live on the same network (and in tests).
MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE = env.bool("MEMORYHUB_WEBHOOKS_ALLOW_PRIVATE", default=False)
MEMORYHUB_WEBHOOKS_TIMEOUT_SECONDS = env.float("MEMORYHUB_WEBHOOKS_TIMEOUT_SECONDS", default=10.0)
# The first back-off after a failed attempt; it doubles each time, up to an hour.
MEMORYHUB_WEBHOOKS_RETRY_SECONDS = env.float("MEMORYHUB_WEBHOOKS_RETRY_SECONDS", default=30.0)
# A delivery failing this long gives up; an endpoint failing this long (no success) is disabled.
MEMORYHUB_WEBHOOKS_DISABLE_AFTER_SECONDS = env.int("MEMORYHUB_WEBHOOKS_DISABLE_AFTER_SECONDS", default=86_400)
# The delivery log (and the outbox's events behind it) is kept this many days, then pruned nightly.
MEMORYHUB_WEBHOOKS_LOG_DAYS = env.int("MEMORYHUB_WEBHOOKS_LOG_DAYS", default=30)

# --- Observability: metrics, logs, alerts (docs/operations.md, "Metrics, logs and alerts") ------
# /metrics for Prometheus, off unless on; then for loopback, or with the token as a Bearer.
MEMORYHUB_METRICS = env.bool("MEMORYHUB_METRICS", default=False)
MEMORYHUB_METRICS_TOKEN = env.str("MEMORYHUB_METRICS_TOKEN", default="")
if MEMORYHUB_METRICS:
    # Every process of the machine (web workers, Celery workers) writes its counts here, and a scrape
    # adds them up: prometheus_client reads this before its first import, hence the environment.
    # `make run` empties it first (python manage.py metrics_reset).
    PROMETHEUS_MULTIPROC_DIR = Path(env.str("PROMETHEUS_MULTIPROC_DIR", default=str(VAR_DIR / "metrics"))).resolve()
    PROMETHEUS_MULTIPROC_DIR.mkdir(parents=True, exist_ok=True)
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = str(PROMETHEUS_MULTIPROC_DIR)
    # Requests by route and status, fast path included: it runs this middleware too.
    MIDDLEWARE = ["core.metrics.RequestsCounted", *MIDDLEWARE]
# The moderators' overview warns when the oldest due window has waited longer than this.
MEMORYHUB_EXTRACTION_LAG_ALERT_SECONDS = env.int("MEMORYHUB_EXTRACTION_LAG_ALERT_SECONDS", default=900)
# "json" (one JSON object a line) or "plain"; JSON unless DEBUG or standard error is a terminal.
# `make run` asks for plain.
MEMORYHUB_LOG_FORMAT = log_format(env)
INSTALLED_APPS += ["django_structlog"]
MIDDLEWARE.insert(1 if MEMORYHUB_METRICS else 0, "core.request_log.RequestLog")  # the request id
DJANGO_STRUCTLOG_CELERY_ENABLED = True  # the request id travels in the headers of the tasks it queues
LOGGING = logging_from_env(env)
