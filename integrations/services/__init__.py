"""The integrations' writes, one module per concern (webhooks: ``webhook_*``)."""
