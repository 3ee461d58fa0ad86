"""The classroom's shared state: live polls kept in a real database (SQLite or PostgreSQL)."""
