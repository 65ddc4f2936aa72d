"""Operators' scripts that run without the app (docs/operations.md)."""
