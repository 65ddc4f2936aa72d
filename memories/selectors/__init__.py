"""Reads of memories that span relations or need SQL the ORM does not say well, by workflow:
``ranking`` (memories and past lines ranked for a message), ``people`` (who a person is in a
community, as the context and the API name them), ``shown`` (memories as the API and moderators
see them) and ``mine`` (a person's own data, /me/).
"""
