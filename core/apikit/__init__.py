"""The REST API's kit, knowing no app: DRF's base as the API uses it (strict input, errors as
documented, cursor pages, the body limit) in ``api``, and the OpenAPI schema's additions in
``docs``. Authentication by API key is the accounts app's (``accounts.authentication``)."""
