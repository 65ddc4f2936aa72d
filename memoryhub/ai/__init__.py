"""Outbound AI calls. Nothing outside this package imports ``openai`` or ``onnxruntime``."""
