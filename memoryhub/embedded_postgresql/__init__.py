"""Django's PostgreSQL backend for the embedded server: started at the first connection, not when
the settings are read (``base.DatabaseWrapper``)."""
