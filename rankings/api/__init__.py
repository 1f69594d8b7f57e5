"""The rankings API: the table in table.py, seasons and duellists in records.py, routes in urls.py."""
