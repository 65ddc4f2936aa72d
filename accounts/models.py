"""People, communities (tenants), their identities on other platforms, keys and privacy records."""

from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.contrib.postgres.fields import ArrayField
from django.contrib.sessions.backends.base import SessionBase
from django.contrib.sessions.base_session import AbstractBaseSession
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import LessThanOrEqual


class User(AbstractUser):
    """A person. People seen only through a bot become users without a usable password."""

    display_name = models.CharField(max_length=150, blank=True)

    def __str__(self) -> str:
        return self.display_name or self.username


class Community(models.Model):
    """A tenant: a Discord server, a Slack workspace, a website. Holds the memory settings."""

    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=100, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # Memory settings (docs/configuration.md).
    memory_enabled = models.BooleanField(default=True)
    extraction_rate = models.FloatField(default=1.0, help_text="Probability that a due window is extracted.")
    window_quiet_seconds = models.PositiveIntegerField(default=180)
    window_max_messages = models.PositiveIntegerField(default=30)
    window_max_seconds = models.PositiveIntegerField(default=1800)
    max_memories_per_user = models.PositiveIntegerField(default=50)
    # The prompt asks for about 5 per person (a soft ceiling: related facts combined); these are
    # the hard caps a window's operations are cut to. What is cut is counted on the window.
    max_operations_per_user = models.PositiveIntegerField(default=15)
    max_operations_per_window = models.PositiveIntegerField(default=15)
    working_summary_interval = models.PositiveIntegerField(default=5)
    session_idle_minutes = models.PositiveIntegerField(default=30)

    # Retrieval ranking (docs/architecture.md, *The ranking*). Relevance fuses the semantic and
    # the lexical list by their two weights, lifted by the relevance of what was said around it
    # (the same conversation); recency, importance and frequency refine it by theirs (within a bound).
    weight_similarity = models.FloatField(default=0.6, help_text="Share of meaning (cosine) in relevance.")
    weight_lexical = models.FloatField(default=0.4, help_text="Share of shared words (BM25) in relevance.")
    weight_context = models.FloatField(
        default=0.5,
        help_text="How much (0 to below 1) a memory's relevance takes from the best of those said within the quiet "
        "time of it.",
    )
    weight_recency = models.FloatField(default=0.2)
    weight_importance = models.FloatField(default=0.3)
    weight_frequency = models.FloatField(default=0.1)
    recency_half_life_days = models.FloatField(default=7.0)

    class Meta:
        verbose_name_plural = "communities"
        constraints = [
            models.CheckConstraint(
                condition=Q(extraction_rate__gte=0) & Q(extraction_rate__lte=1),
                name="community_extraction_rate_0_1",
            ),
            models.CheckConstraint(
                condition=Q(window_quiet_seconds__gt=0) & Q(window_max_messages__gt=0) & Q(window_max_seconds__gt=0),
                name="community_window_limits_positive",
            ),
            models.CheckConstraint(
                condition=Q(window_max_seconds__gte=models.F("window_quiet_seconds")),
                name="community_window_max_not_below_quiet",
            ),
            models.CheckConstraint(
                condition=Q(max_memories_per_user__gt=0)
                & Q(max_operations_per_user__gt=0)
                & Q(max_operations_per_window__gte=models.F("max_operations_per_user")),
                name="community_memory_caps_positive",
            ),
            models.CheckConstraint(
                condition=Q(working_summary_interval__gt=0) & Q(session_idle_minutes__gt=0),
                name="community_session_settings_positive",
            ),
            models.CheckConstraint(
                condition=Q(weight_similarity__gte=0)
                & Q(weight_lexical__gte=0)
                & (Q(weight_similarity__gt=0) | Q(weight_lexical__gt=0)),
                name="community_relevance_weights_valid",
            ),
            models.CheckConstraint(
                condition=Q(weight_similarity__gte=0)
                & Q(weight_context__gte=0)
                & Q(weight_context__lt=1)  # below 1: a memory never outranks the one it takes its context from
                & Q(weight_recency__gte=0)
                & Q(weight_importance__gte=0)
                & Q(weight_frequency__gte=0)
                & Q(recency_half_life_days__gt=0),
                name="community_ranking_weights_valid",
            ),
            models.CheckConstraint(condition=~Q(slug=""), name="community_slug_not_empty"),
        ]

    def __str__(self) -> str:
        return self.name


class MembershipRole(models.TextChoices):
    MEMBER = "member"
    MODERATOR = "moderator"
    ADMIN = "admin"


# The roles that moderate a community (its /moderation/ pages); an account holding one anywhere
# is never deleted by one community's erasure (privacy.services.erasure).
MODERATING_ROLES = (MembershipRole.MODERATOR, MembershipRole.ADMIN)


class Membership(models.Model):
    Role = MembershipRole

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="memberships")
    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "community"], name="membership_unique_user_community"),
            models.CheckConstraint(condition=Q(role__in=MembershipRole.values), name="membership_role_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.user} in {self.community} ({self.role})"


class ExternalIdentity(models.Model):
    """A person's id on another platform (a Discord user id) inside one community."""

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="identities")
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="identities")
    external_id = models.CharField(max_length=200)
    display_name = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name_plural = "external identities"
        constraints = [
            models.UniqueConstraint(fields=["community", "external_id"], name="identity_unique_external_id"),
            models.CheckConstraint(condition=~Q(external_id=""), name="identity_external_id_not_empty"),
        ]

    def __str__(self) -> str:
        return f"{self.external_id} → {self.user}"


class Profile(models.Model):
    """What is known about a person in one community, as prose and as a semantic profile."""

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="profiles")
    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="profiles")
    summary = models.TextField(blank=True, help_text="Permanent, LLM-maintained profile paragraph.")
    personality = models.TextField(blank=True)
    preferences = models.JSONField(default=list, blank=True)
    behaviour_patterns = models.JSONField(default=list, blank=True)
    memory_enabled = models.BooleanField(default=True, help_text="False: opted out, nothing new is remembered.")
    stated_name = models.CharField(
        max_length=150,
        blank=True,
        db_default="",
        help_text="The name they said they go by here ('I'm Daniel'): it wins over their platform name.",
    )
    semantic_refreshed_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "community"], name="profile_unique_user_community"),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("summary"), 4000), name="profile_summary_max_length"
            ),
        ]

    def __str__(self) -> str:
        return f"profile of {self.user} in {self.community}"


class MemoryOffInterval(models.Model):
    """A time when memory was off: for one person in a community (their "forget me"), or for the
    whole community (``user`` empty). Nothing said in it is remembered, whenever it reaches us.

    A person's memory goes off only through forget, which also forgets what they said before it:
    a person's line counts as said with memory off when one of their intervals ends after it (or
    has not ended). A community's interval covers only what was said within it.
    ``accounts.selectors.memory_off_history`` reads them; ``accounts.services`` writes them.
    """

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="memory_off_intervals")
    user = models.ForeignKey(User, null=True, blank=True, on_delete=models.CASCADE, related_name="memory_off_intervals")
    started_at = models.DateTimeField()
    ended_at = models.DateTimeField(null=True, blank=True, help_text="Empty while memory is still off.")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["community", "user"],
                condition=Q(ended_at__isnull=True),
                nulls_distinct=False,  # one open interval for the community itself too
                name="memory_off_one_open_per_person",
            ),
            models.CheckConstraint(
                condition=Q(ended_at__isnull=True) | Q(ended_at__gte=models.F("started_at")),
                name="memory_off_ends_after_start",
            ),
        ]
        indexes = [models.Index(fields=["community", "user", "ended_at"], name="memory_off_person_idx")]

    def __str__(self) -> str:
        who = f"person {self.user_id}" if self.user_id else "the community"
        return f"memory off for {who} from {self.started_at:%Y-%m-%d %H:%M}"


class ApiKeyScope(models.TextChoices):
    INGEST = "ingest"
    CONTEXT = "context"
    CHAT = "chat"
    MEMORIES_READ = "memories:read"
    MEMORIES_WRITE = "memories:write"
    USERS_ERASE = "users:erase"


class ApiKey(models.Model):
    """A bot's bearer key. Only its SHA-256 is stored; the prefix stays visible to tell keys apart."""

    Scope = ApiKeyScope

    community = models.ForeignKey(Community, on_delete=models.CASCADE, related_name="api_keys")
    name = models.CharField(max_length=100)
    prefix = models.CharField(max_length=16, unique=True)
    hashed_key = models.CharField(max_length=64, unique=True)
    scopes = ArrayField(models.CharField(max_length=32, choices=Scope.choices))
    created_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = "API key"
        constraints = [
            models.CheckConstraint(condition=Q(scopes__contained_by=ApiKeyScope.values), name="apikey_scopes_known"),
            models.CheckConstraint(condition=Q(scopes__len__gt=0), name="apikey_scopes_not_empty"),
            models.CheckConstraint(condition=Q(hashed_key__regex=r"^[0-9a-f]{64}$"), name="apikey_hash_is_sha256"),
            models.CheckConstraint(condition=Q(prefix__startswith="mh_"), name="apikey_prefix_format"),
        ]

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.name})"


class ErasureRequestState(models.TextChoices):
    PENDING = "pending"
    RUNNING = "running"
    DONE = "done"
    FAILED = "failed"


class ErasureRequestVia(models.TextChoices):
    SELF = "self"
    MODERATOR = "moderator"
    API = "api"


class ErasureRequest(models.Model):
    """A request to erase a person. Keeps no personal content: only a salted hash of the subject."""

    State = ErasureRequestState

    Via = ErasureRequestVia

    community = models.ForeignKey(Community, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    subject = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    subject_hash = models.CharField(max_length=64)
    # Salted hashes of the person's platform ids (community and id), so a bot repeating an erase
    # by platform id is answered with this tombstone; like ``subject_hash``, no one can be named.
    identity_hashes = ArrayField(models.CharField(max_length=64), default=list, blank=True)
    # The communities that knew the person when they were erased, so each one's moderators see the
    # erasure in their list (a person's own erasure comes from no community); ids, never who.
    known_in_community_ids = ArrayField(models.IntegerField(), default=list, blank=True)
    requested_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    requested_via = models.CharField(max_length=16, choices=Via.choices)
    state = models.CharField(max_length=16, choices=State.choices, default=State.PENDING)
    deleted_counts = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(state__in=ErasureRequestState.values), name="erasure_state_valid"),
            models.CheckConstraint(condition=Q(requested_via__in=ErasureRequestVia.values), name="erasure_via_valid"),
            models.CheckConstraint(
                condition=~Q(state="done") | Q(completed_at__isnull=False),
                name="erasure_done_has_completed_at",
            ),
            models.CheckConstraint(
                condition=Q(subject_hash__regex=r"^[0-9a-f]{64}$"), name="erasure_subject_hash_format"
            ),
            models.CheckConstraint(
                condition=Q(completed_at__isnull=True) | Q(completed_at__gte=models.F("created_at")),
                name="erasure_completed_after_created",
            ),
            models.CheckConstraint(condition=~Q(state="failed") | ~Q(error=""), name="erasure_failed_has_error"),
        ]

    def __str__(self) -> str:
        return f"erasure {self.subject_hash[:8]} ({self.state})"

    @property
    def scope(self) -> str:
        """``account``: the person's account went with everything else; ``community``: only what
        one community held of them went, and the account stays (known elsewhere, or staff or a
        moderator: left to staff). Read off what was deleted; empty while not done."""
        if self.state != ErasureRequestState.DONE:
            return ""
        return "account" if self.deleted_counts.get("accounts.User") else "community"


class AuditEventActorKind(models.TextChoices):
    USER = "user"
    MODERATOR = "moderator"
    API = "api"
    SYSTEM = "system"


class AuditEvent(models.Model):
    """What happened, by whom, to which subject (hashed). No personal content is stored here."""

    ActorKind = AuditEventActorKind

    community = models.ForeignKey(Community, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    actor = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    actor_kind = models.CharField(max_length=16, choices=ActorKind.choices)
    action = models.CharField(max_length=64)
    subject_hash = models.CharField(max_length=64, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(actor_kind__in=AuditEventActorKind.values), name="audit_actor_kind_valid"
            ),
            models.CheckConstraint(condition=~Q(action=""), name="audit_action_not_empty"),
            # A salted SHA-256 or nothing: never a name or an id in clear.
            models.CheckConstraint(
                condition=Q(subject_hash="") | Q(subject_hash__regex=r"^[0-9a-f]{64}$"),
                name="audit_subject_hash_format",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.action} by {self.actor_kind}"


class LoginSession(AbstractBaseSession):
    """A login session (Django's database sessions) that also says whose it is.

    Django keeps the user's id only inside the signed, compressed session data; this column lets
    erasure find a person's sessions by SQL instead of decoding every session there is. Not a
    foreign key: a session outlives nothing, and logging in must not lock the user's row."""

    user_id = models.BigIntegerField(null=True, blank=True, db_index=True)

    class Meta:
        verbose_name = "login session"
        verbose_name_plural = "login sessions"

    @classmethod
    def get_session_store_class(cls) -> type[SessionBase]:
        from accounts.sessions import SessionStore

        return SessionStore
