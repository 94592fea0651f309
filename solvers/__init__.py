"""Solvers for Kraftwagen positions (built on kwcore)."""
