"""Hypothesis strategies and seeded generators of test data (issue 19): ``campaigns()`` and
``campaign_from_seed(seed)`` build random valid seed-004 campaigns (tests/strategies/campaigns.py)."""
