"""The spells API: views in views.py, routes in urls.py (mounted under /api/v1/ by config/api_urls.py)."""
