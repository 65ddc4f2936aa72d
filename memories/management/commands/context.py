"""`manage.py context --user … --persona … "message"`: the memory block a bot would read, and why."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from accounts.models import Community, ExternalIdentity, User
from chat.models import Persona
from memories.services.context import assemble_context


class Command(BaseCommand):
    help = "Print the memory context for a person and persona, with the score of every memory used."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("message", help="the message the bot is about to answer")
        parser.add_argument("--user", required=True, help="username, or external id within --community")
        parser.add_argument("--persona", required=True, help="persona name (within --community)")
        parser.add_argument("--community", help="community slug (needed when the persona name is ambiguous)")
        parser.add_argument("--record-access", action="store_true", help="count this as a real recall")

    def handle(self, *args: Any, **options: Any) -> None:
        personas = Persona.objects.select_related("community").filter(name=options["persona"])
        if options["community"]:
            personas = personas.filter(community__slug=options["community"])
        if personas.count() != 1:
            raise CommandError(f"{personas.count()} personas match; name one with --persona and --community")
        persona = personas.get()
        community: Community = persona.community
        user = User.objects.filter(username=options["user"]).first()
        if user is None:
            identity = ExternalIdentity.objects.filter(community=community, external_id=options["user"]).first()
            user = identity.user if identity else None
        if user is None:
            raise CommandError(f"no user {options['user']!r} in {community.slug}")

        result = assemble_context(
            community=community,
            user=user,
            persona=persona,
            message=options["message"],
            record_access=options["record_access"],
        )
        self.stdout.write(result.text or "(no memory block: memory is off for this person or persona)")
        self.stdout.write("")
        self.stdout.write(
            f"memory tokens {result.memory_tokens} / {persona.max_memory_tokens}, "
            f"prompt tokens {result.prompt_tokens} ({persona.injection_mode})"
        )
        self.stdout.write("layer       total  rel    sim    lex    ctx    rec    imp   freq  top  content")
        for used in result.memories:
            similarity = f"{used.similarity:.3f}" if used.similarity is not None else "  -  "
            self.stdout.write(
                f"{used.layer:<10} {used.total:.3f}  {used.relevance:.3f}  {similarity}  {used.lexical:.3f}  "
                f"{used.context:.3f}  "
                f"{used.recency:.3f}  {used.importance:.2f}  {used.frequency:.2f}  {'y' if used.topical else '-'}    "
                f"{used.content[:70]}"
                + (f"  [message {used.message_id}, {used.where}]" if used.message_id is not None else "")
            )
