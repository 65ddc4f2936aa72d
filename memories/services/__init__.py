"""Every write to memories, windows, profiles and entities goes through these modules."""
